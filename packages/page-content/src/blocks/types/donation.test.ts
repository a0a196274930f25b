import { describe, expect, it } from 'vitest';
import { createBlock } from '../../document/page-document';
import { messages } from '../../messages';
import { EMPTY_RENDER_DATA, renderBlock } from '../../render/render-document';
import { blockDefinition } from '../registry';

const donation = (settings: Record<string, unknown>) => ({ id: 'give-1', type: 'donation', settings });
const inCurrency = (selectedCurrency: string) => ({
  ...EMPTY_RENDER_DATA,
  websiteSettings: { storeSettings: { selectedCurrency } },
});

describe('donation block', () => {
  it('shows each suggested amount in the site’s currency, linking to the donate page with it', () => {
    const html = renderBlock(
      donation({ amounts: [{ amount: '10' }, { amount: '€25,50' }], fund: 'Roof appeal' }),
      inCurrency('EUR'),
      { locale: 'fr-FR' },
    ).html;
    expect(html).toContain('<h2 class="donation-block__title">Support our work</h2>');
    expect(html).toContain('<p class="donation-block__fund">Roof appeal</p>');
    expect(html).toContain('href="/commerce/donate?block=give-1&amp;amount=1000">€10.00</a>');
    expect(html).toContain('href="/commerce/donate?block=give-1&amp;amount=2550">€25.50</a>');
    expect(html).toContain('href="/commerce/donate?block=give-1">Donate</a>');
  });

  it('has no button of its own when donors cannot type their amount', () => {
    const html = renderBlock(donation({ allowCustom: false, buttonLabel: 'Give now' })).html;
    expect(html).not.toContain('Give now');
    expect(html).toContain('$25.00');
  });

  it('names an amount it cannot read instead of showing it', () => {
    const html = renderBlock(donation({ amounts: [{ amount: 'a lot' }, { amount: '20' }] })).html;
    expect(html).toContain('“a lot” is not an amount: type it as you would a price, like 8.50.');
    expect(html).toContain('$20.00');
    expect(html).not.toContain('>a lot<');
  });

  it('asks for an amount when it has nothing to give with', () => {
    const html = renderBlock(donation({ amounts: [], allowCustom: false })).html;
    expect(html).toContain(messages.blocks.donationEmpty);
  });

  it('refuses more suggested amounts than fit side by side', () => {
    const settings = blockDefinition('donation')!.settings;
    const seven = Array.from({ length: 7 }, (_, i) => ({ amount: String(i + 1) }));
    const parsed = settings.safeParse({ amounts: seven });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toContain(
      messages.blocks.donationTooManyAmounts(6),
    );
  });

  it('tells blocks apart by their fund, else their title', () => {
    const definition = blockDefinition('donation')!;
    const block = createBlock('donation');
    expect(definition.summary!({ ...block.settings, fund: 'Roof appeal' })).toBe('Roof appeal');
    expect(definition.summary!(block.settings)).toBe('Support our work');
  });
});
