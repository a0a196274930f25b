import { describe, expect, it } from 'vitest';
import { CURRENCY_CODES } from '../money/currencies';
import { currencyChoices, StoreCurrencyChangeSchema } from './store-currency';

describe('currencyChoices', () => {
  it('names every store currency in the owner’s language with its code, sorted by name', () => {
    const en = currencyChoices('en-GB');
    expect(en.map((c) => c.code).sort()).toEqual([...CURRENCY_CODES].sort());
    expect(en).toContainEqual({ code: 'EUR', label: 'Euro (EUR)' });
    expect(en).toContainEqual({ code: 'JPY', label: 'Japanese Yen (JPY)' });
    const labels = en.map((c) => c.label);
    expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(currencyChoices('fr-FR')).toContainEqual({ code: 'JPY', label: 'yen japonais (JPY)' });
    expect(currencyChoices('de')).toContainEqual({ code: 'USD', label: 'US-Dollar (USD)' });
  });

  it('falls back to English names for a locale tag it cannot read', () => {
    expect(currencyChoices('not a locale!')).toContainEqual({ code: 'GBP', label: 'British Pound (GBP)' });
  });
});

describe('StoreCurrencyChangeSchema', () => {
  it.each([
    [{ currency: 'EUR' }, true],
    [{ currency: 'JPY', confirmed: true }, true],
    [{ currency: 'eur' }, false],
    [{ currency: 'XXX' }, false],
    [{ currency: 978 }, false],
    [{ currency: 'EUR', extra: 1 }, false],
  ])('%j → %s', (body, ok) => {
    expect(StoreCurrencyChangeSchema.safeParse(body).success).toBe(ok);
  });
});
