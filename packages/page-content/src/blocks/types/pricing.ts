import { z } from 'zod';
import { LIMITS } from '../../limits';
import { messages } from '../../messages';
import { href, text } from '../../text';
import { defineBlock } from '../define-block';

export const PRICING_LIMITS = { plans: 6, price: 40, features: 2000 } as const;

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
  highlighted: z.boolean().default(false),
});

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
          key: 'price',
          label: 'Price',
          kind: 'text',
          maxLength: PRICING_LIMITS.price,
          hint: 'As visitors should read it: €15, Free, From 40.',
        },
        { key: 'period', label: 'Per', kind: 'text', maxLength: 100, placeholder: 'a month' },
        { key: 'description', label: 'Description', kind: 'text', maxLength: LIMITS.maxShortText },
        {
          key: 'features',
          label: 'What it includes (one a line)',
          kind: 'textarea',
          maxLength: PRICING_LIMITS.features,
          rows: 4,
        },
        { key: 'buttonLabel', label: 'Button label', kind: 'text', maxLength: 100 },
        {
          key: 'buttonLink',
          label: 'Button link',
          kind: 'url',
          maxLength: LIMITS.maxUrlLength,
          placeholder: '/contact or https://…',
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
  view: (s) => ({
    title: s.title,
    emptyText: messages.blocks.pricingEmpty,
    // The editor's preview renders settings no schema has parsed: a new plan may lack its fields.
    plans: (s.plans as Partial<z.infer<typeof plan>>[]).map((p) => ({
      ...p,
      featureList: (p.features ?? '')
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      button:
        p.buttonLabel?.trim() && p.buttonLink ? { label: p.buttonLabel, href: p.buttonLink } : undefined,
    })),
  }),
  template:
    '<section class="pricing-block">{.section title}<h2 class="pricing-block__title">{@|htmltag}</h2>{.end}' +
    '{.section plans}<ul class="pricing-plans">{.repeated section @}<li class="pricing-plan{.if highlighted} pricing-plan--highlighted{.end}">' +
    '<h3 class="pricing-plan__name">{name|htmltag}</h3>' +
    '<p class="pricing-plan__price"><span class="pricing-plan__amount">{price|htmltag}</span>{.section period} <span class="pricing-plan__period">{@|htmltag}</span>{.end}</p>' +
    '{.section description}<p class="pricing-plan__description">{@|htmltag}</p>{.end}' +
    '{.section featureList}<ul class="pricing-plan__features">{.repeated section @}<li>{@|htmltag}</li>{.end}</ul>{.end}' +
    '{.section button}<a class="button button--{.if highlighted}primary{.or}outline{.end} button--medium pricing-plan__button" href="{href|htmlattr}">{label|htmltag}</a>{.end}' +
    '</li>{.end}</ul>{.or}<div class="block-empty">{emptyText}</div>{.end}</section>',
});
