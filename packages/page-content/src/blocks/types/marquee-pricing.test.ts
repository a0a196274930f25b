import { describe, expect, it } from 'vitest';
import { blockSchema } from '../../document/page-document';
import { messages } from '../../messages';
import { renderBlock } from '../../render/render-document';
import { marqueeBlock } from './marquee';
import { PRICING_LIMITS, pricingPlanBlock } from './pricing';

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
});
