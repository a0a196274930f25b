import { z } from 'zod';
import type { PageDocument } from '../../document/page-document';
import { LIMITS } from '../../limits';
import { areaPriceParts, memberAreaMessages } from '../../member-areas/member-areas';
import { messages } from '../../messages';
import { href, text } from '../../text';
import { defineBlock } from '../define-block';

export const PRICING_LIMITS = { plans: 6, price: 40, features: 2000 } as const;

/**
 * Where a plan's button leads: a link the owner types (the plan's price is the text they type), or
 * one of the site's member areas: then the plan shows the area's own price and period (set on the
 * Member areas screen, the store's currency; the plan's typed price is not shown) and the button
 * leads into the area's join (its join screen, 106, then the checkout and 208).
 */
export const PLAN_BUTTON_TARGETS = ['link', 'area'] as const;

const plan = z.object({
  name: text(LIMITS.maxShortText).default(''),
  // As typed: "€12", "Free", "From 40".
  price: text(PRICING_LIMITS.price).default(''),
  period: text(100).default(''),
  description: text(LIMITS.maxShortText).default(''),
  /** One feature a line. */
  features: text(PRICING_LIMITS.features).default(''),
  buttonLabel: text(100).default(''),
  buttonLink: href(LIMITS.maxUrlLength, messages.invalidLink).default(''),
  buttonTarget: z.enum(PLAN_BUTTON_TARGETS).default('link'),
  /** The member area the plan sells (`buttonTarget: 'area'`); the server refuses another site's. */
  areaId: text(200).default(''),
  highlighted: z.boolean().default(false),
});
type Plan = z.infer<typeof plan>;

const sellsArea = (p: Partial<Plan>) => p.buttonTarget === 'area';

/**
 * The member areas a document's plans point at, each with where it sits (for the save's refusal):
 * the server checks each is one of the site's.
 */
export function pricingPlanAreaRefs(document: PageDocument): { areaId: string; path: (string | number)[] }[] {
  return document.sections.flatMap((section, s) =>
    section.blocks.flatMap((block, b) => {
      if (block.type !== pricingPlanBlock.type) return [];
      const plans = (block.settings as { plans?: unknown }).plans;
      if (!Array.isArray(plans)) return [];
      return plans.flatMap((p: Partial<Plan>, i) =>
        sellsArea(p) && typeof p.areaId === 'string' && p.areaId
          ? [{ areaId: p.areaId, path: ['sections', s, 'blocks', b, 'settings', 'plans', i, 'areaId'] }]
          : [],
      );
    }),
  );
}

export const pricingPlanBlock = defineBlock({
  type: 'pricing-plan',
  code: 72,
  label: 'Pricing plan',
  category: 'commerce',
  description: 'Plans side by side, each with its price, what it includes and a button.',
  settings: z.object({
    title: text(LIMITS.maxShortText).default('Choose a plan'),
    plans: z
      .array(plan)
      .max(PRICING_LIMITS.plans, messages.blocks.pricingTooManyPlans(PRICING_LIMITS.plans))
      .default([
        {
          name: 'Taster',
          price: '€15',
          period: 'a month',
          description: 'A box of seasonal goods every month.',
          features: 'One box a month\nRecipes included\nPause any time',
          buttonLabel: 'Start tasting',
          buttonLink: '/contact',
          buttonTarget: 'link',
          areaId: '',
          highlighted: false,
        },
        {
          name: 'Regular',
          price: '€40',
          period: 'a month',
          description: 'For households that cook every day.',
          features: 'Three boxes a month\nRecipes included\nFree delivery\nPause any time',
          buttonLabel: 'Become a regular',
          buttonLink: '/contact',
          buttonTarget: 'link',
          areaId: '',
          highlighted: true,
        },
      ]),
  }),
  fields: [
    { key: 'title', label: 'Title', kind: 'text', maxLength: LIMITS.maxShortText },
    {
      key: 'plans',
      label: 'Plans',
      kind: 'list',
      itemLabel: 'Plan',
      maxItems: PRICING_LIMITS.plans,
      fields: [
        { key: 'name', label: 'Name', kind: 'text', maxLength: LIMITS.maxShortText },
        {
          key: 'buttonTarget',
          label: 'Button leads to',
          kind: 'select',
          options: [
            { value: 'link', label: 'A link' },
            { value: 'area', label: 'A member area (its price and how to join)' },
          ],
        },
        {
          key: 'areaId',
          label: 'Member area',
          kind: 'member-area',
          sells: true,
          showIf: { key: 'buttonTarget', equals: 'area' },
        },
        {
          key: 'price',
          label: 'Price',
          kind: 'text',
          maxLength: PRICING_LIMITS.price,
          hint: 'As visitors should read it: €15, Free, From 40.',
          showIf: { key: 'buttonTarget', notEquals: 'area' },
        },
        {
          key: 'period',
          label: 'Per',
          kind: 'text',
          maxLength: 100,
          placeholder: 'a month',
          showIf: { key: 'buttonTarget', notEquals: 'area' },
        },
        { key: 'description', label: 'Description', kind: 'text', maxLength: LIMITS.maxShortText },
        {
          key: 'features',
          label: 'What it includes (one a line)',
          kind: 'textarea',
          maxLength: PRICING_LIMITS.features,
          rows: 4,
        },
        {
          key: 'buttonLabel',
          label: 'Button label',
          kind: 'text',
          maxLength: 100,
          hint: 'For a member area, leave it empty to read “Join for” and the price.',
        },
        {
          key: 'buttonLink',
          label: 'Button link',
          kind: 'url',
          maxLength: LIMITS.maxUrlLength,
          placeholder: '/contact or https://…',
          showIf: { key: 'buttonTarget', notEquals: 'area' },
        },
        { key: 'highlighted', label: 'Highlight this plan', kind: 'toggle' },
      ],
    },
  ],
  summary: (s) =>
    s.plans
      .map((p) => p.name.trim())
      .filter(Boolean)
      .join(', '),
  view: (s, data) => ({
    title: s.title,
    emptyText: messages.blocks.pricingEmpty,
    // The editor's preview renders settings no schema has parsed: a new plan may lack its fields.
    plans: (s.plans as Partial<Plan>[]).map((p) => {
      const featureList = (p.features ?? '')
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean);
      if (!sellsArea(p))
        return {
          ...p,
          featureList,
          button:
            p.buttonLabel?.trim() && p.buttonLink ? { label: p.buttonLabel, href: p.buttonLink } : undefined,
        };
      // The area's price wins over anything typed; an area since removed shows no price nor button.
      const area = p.areaId ? data.memberAreas?.get(p.areaId) : undefined;
      const price = area && areaPriceParts(area.price ?? { billing: 'free' }, area.currency ?? 'USD');
      const label = area?.joined
        ? messages.blocks.pricingOpenArea
        : p.buttonLabel?.trim() ||
          (price
            ? memberAreaMessages.joinFor(price.period ? `${price.amount} ${price.period}` : price.amount)
            : area && `Join ${area.name}`);
      return {
        ...p,
        price: area ? (price?.amount ?? messages.blocks.pricingAreaFree) : '',
        period: price?.period ?? '',
        featureList,
        // Leads to the area's first page: its join screen (106) until the visitor joins.
        button: area?.url && label ? { label, href: area.url } : undefined,
      };
    }),
  }),
  template:
    '<section class="pricing-block">{.section title}<h2 class="pricing-block__title">{@|htmltag}</h2>{.end}' +
    '{.section plans}<ul class="pricing-plans">{.repeated section @}<li class="pricing-plan{.if highlighted} pricing-plan--highlighted{.end}">' +
    '<h3 class="pricing-plan__name">{name|htmltag}</h3>' +
    '{.if price}<p class="pricing-plan__price"><span class="pricing-plan__amount">{price|htmltag}</span>{.section period} <span class="pricing-plan__period">{@|htmltag}</span>{.end}</p>{.end}' +
    '{.section description}<p class="pricing-plan__description">{@|htmltag}</p>{.end}' +
    '{.section featureList}<ul class="pricing-plan__features">{.repeated section @}<li>{@|htmltag}</li>{.end}</ul>{.end}' +
    '{.section button}<a class="button button--{.if highlighted}primary{.or}outline{.end} button--medium pricing-plan__button" href="{href|htmlattr}">{label|htmltag}</a>{.end}' +
    '</li>{.end}</ul>{.or}<div class="block-empty">{emptyText}</div>{.end}</section>',
});
