import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../document/page-document';
import { messages } from '../../messages';
import { renderBlock } from '../../render/render-document';
import { marqueeBlock } from './marquee';
import { memberAreaMessages } from '../../member-areas/member-areas';
import { PRICING_LIMITS, pricingPlanAreaRefs, pricingPlanBlock } from './pricing';

describe('scrolling text (marquee) block', () => {
  it('moves its text at the chosen speed and direction, read once by screen readers', () => {
    const html = renderBlock({
      id: 'm',
      type: 'marquee',
      settings: { text: 'Open late', speed: 'fast', direction: 'right' },
    }).html;
    expect(html).toContain('marquee-block--fast marquee-block--right');
    expect(html.match(/>Open late</g)).toHaveLength(12);
    expect(html.match(/<span class="marquee-block__text">Open late/g)).toHaveLength(1);
    expect(html).toContain('<label class="marquee-block__pause"><input type="checkbox"> Pause</label>');
  });

  it('refuses empty text', () => {
    const result = blockSchema.safeParse({ id: 'm', type: 'marquee', settings: { text: '  ' } });
    expect(result.error?.issues[0]?.message).toBe(messages.blocks.marqueeTextRequired);
    expect(marqueeBlock.summary!(marqueeBlock.settings.parse({ text: 'Hello' }))).toBe('Hello');
  });
});

describe('pricing plan block', () => {
  const plan = {
    name: 'Pro',
    price: 'From 40',
    period: 'a year',
    features: 'One\n\n Two ',
    buttonLabel: 'Join',
    buttonLink: '/join',
  };

  it('shows each plan’s price as typed, its features a line each and its button', () => {
    const html = renderBlock({
      id: 'p',
      type: 'pricing-plan',
      settings: { plans: [{ ...plan, highlighted: true }] },
    }).html;
    expect(html).toContain(
      '<span class="pricing-plan__amount">From 40</span> <span class="pricing-plan__period">a year</span>',
    );
    expect(html).toContain('<ul class="pricing-plan__features"><li>One</li><li>Two</li></ul>');
    expect(html).toContain('pricing-plan pricing-plan--highlighted');
    expect(html).toContain(
      '<a class="button button--primary button--medium pricing-plan__button" href="/join">Join</a>',
    );
  });

  it('leaves the button out without a label or a link, and asks for a plan when it has none', () => {
    const html = renderBlock({
      id: 'p',
      type: 'pricing-plan',
      settings: { plans: [{ ...plan, buttonLink: '' }] },
    }).html;
    expect(html).not.toContain('pricing-plan__button');
    expect(renderBlock({ id: 'p', type: 'pricing-plan', settings: { plans: [] } }).html).toContain(
      messages.blocks.pricingEmpty,
    );
  });

  it('refuses too many plans and unsafe links with the catalogue’s messages', () => {
    const many = blockSchema.safeParse({
      id: 'p',
      type: 'pricing-plan',
      settings: { plans: Array.from({ length: PRICING_LIMITS.plans + 1 }, () => ({})) },
    });
    expect(many.error?.issues[0]?.message).toBe(messages.blocks.pricingTooManyPlans(PRICING_LIMITS.plans));
    const unsafe = blockSchema.safeParse({
      id: 'p',
      type: 'pricing-plan',
      settings: { plans: [{ buttonLink: 'javascript:alert(1)' }] },
    });
    expect(unsafe.error?.issues[0]?.message).toBe(messages.invalidLink);
    expect(pricingPlanBlock.summary!(pricingPlanBlock.settings.parse({}))).toBe('Taster, Regular');
  });

  describe('a plan that sells a member area', () => {
    const areas = (price?: { billing: 'month' | 'year' | 'once'; amountMinor: number }, joined = false) =>
      new Map([
        [
          'club',
          {
            name: 'Supper club',
            description: '',
            url: '/recipes',
            joined,
            ...(price && { price }),
            currency: 'EUR',
          },
        ],
      ]);
    const render = (settings: Record<string, unknown>, memberAreas?: ReturnType<typeof areas>) =>
      renderBlock(
        { id: 'p', type: 'pricing-plan', settings: { plans: [{ ...plan, ...settings }] } },
        {
          products: new Map(),
          collections: new Map(),
          forms: new Map(),
          ...(memberAreas && { memberAreas }),
        },
      ).html;

    it.each([
      ['month', 900, '€9.00', '/ month'],
      ['year', 9000, '€90.00', '/ year'],
      ['once', 2500, '€25.00', ''],
    ] as const)(
      'shows the area’s %s price, not the typed one, and joins through the area',
      (billing, amountMinor, amount, period) => {
        const html = render(
          { buttonTarget: 'area', areaId: 'club', buttonLabel: '' },
          areas({ billing, amountMinor }),
        );
        expect(html).not.toContain('From 40');
        expect(html).not.toContain('a year</span>');
        expect(html).toContain(`<span class="pricing-plan__amount">${amount}</span>`);
        if (period) expect(html).toContain(`<span class="pricing-plan__period">${period}</span>`);
        else expect(html).not.toContain('pricing-plan__period');
        const label = memberAreaMessages.joinFor(period ? `${amount} ${period}` : amount);
        expect(html).toContain(`pricing-plan__button" href="/recipes">${label}</a>`);
        expect(html).not.toContain('/join');
      },
    );

    it('keeps the owner’s button label, and tells a member the way in', () => {
      const month = { billing: 'month', amountMinor: 900 } as const;
      expect(render({ buttonTarget: 'area', areaId: 'club' }, areas(month))).toContain(
        'href="/recipes">Join</a>',
      );
      expect(render({ buttonTarget: 'area', areaId: 'club' }, areas(month, true))).toContain(
        `href="/recipes">${messages.blocks.pricingOpenArea}</a>`,
      );
    });

    it('degrades: a free area reads Free, a removed one shows the plan with no price nor button', () => {
      const free = render({ buttonTarget: 'area', areaId: 'club', buttonLabel: '' }, areas());
      expect(free).toContain(`<span class="pricing-plan__amount">${messages.blocks.pricingAreaFree}</span>`);
      expect(free).toContain('href="/recipes">Join Supper club</a>');
      for (const gone of [
        render({ buttonTarget: 'area', areaId: 'gone' }, areas()),
        render({ buttonTarget: 'area', areaId: '' }),
      ]) {
        expect(gone).toContain('<h3 class="pricing-plan__name">Pro</h3>');
        expect(gone).not.toContain('pricing-plan__price');
        expect(gone).not.toContain('pricing-plan__button');
      }
    });

    it('reads a plan without a target as a link (documents saved before), and refuses an unknown target', () => {
      expect(pricingPlanBlock.settings.parse({ plans: [plan] }).plans[0]).toMatchObject({
        buttonTarget: 'link',
        areaId: '',
      });
      const bad = blockSchema.safeParse({
        id: 'p',
        type: 'pricing-plan',
        settings: { plans: [{ buttonTarget: 'product' }] },
      });
      expect(bad.success).toBe(false);
    });

    it('lists the areas a document’s plans sell, with where each sits', () => {
      const doc = {
        sections: [
          {
            id: 's',
            blocks: [
              { id: 't', type: 'text', settings: {} },
              {
                id: 'p',
                type: 'pricing-plan',
                settings: {
                  plans: [
                    plan,
                    { buttonTarget: 'area', areaId: 'club' },
                    { buttonTarget: 'link', areaId: 'ignored' },
                  ],
                },
              },
            ],
          },
        ],
      } as unknown as Parameters<typeof pricingPlanAreaRefs>[0];
      expect(pricingPlanAreaRefs(doc)).toEqual([
        { areaId: 'club', path: ['sections', 0, 'blocks', 1, 'settings', 'plans', 1, 'areaId'] },
      ]);
    });

    it('shows the area picker, not the price and link, while the button leads to an area', () => {
      const list = pricingPlanBlock.fields.find((f) => f.key === 'plans');
      const sub = list && 'fields' in list ? list.fields : [];
      const shown = (target: string) =>
        sub
          .filter(
            (f) =>
              !f.showIf ||
              ('equals' in f.showIf ? f.showIf.equals === target : f.showIf.notEquals !== target),
          )
          .map((f) => f.key);
      expect(shown('area')).toContain('areaId');
      expect(shown('area')).not.toContain('price');
      expect(shown('area')).not.toContain('buttonLink');
      expect(shown('link')).toEqual(expect.arrayContaining(['price', 'period', 'buttonLink']));
      expect(shown('link')).not.toContain('areaId');
    });
  });
});
