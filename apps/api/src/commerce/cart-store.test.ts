import { describe, expect, it } from 'vitest';
import type { WebsiteRow } from '../site/site-data';
import { storeSettings } from './cart-store';

const row = (freeLabel: string) =>
  ({
    id: 'site',
    currency: 'EUR',
    settings: { storeSettings: { freeIfZero: true, freeLabel } },
  }) as unknown as WebsiteRow;

const deepFrozen = <T extends object>(value: T): T => {
  Object.freeze((value as { settings: object }).settings);
  return Object.freeze(value);
};

describe('storeSettings', () => {
  it('parses a row that may still change on every call', () => {
    const website = row('Free');
    const first = storeSettings(website);
    expect(first).toMatchObject({ freeLabel: 'Free', selectedCurrency: 'EUR' });
    (website.settings as { storeSettings: { freeLabel: string } }).storeSettings.freeLabel = 'Gratis';
    const second = storeSettings(website);
    expect(second).not.toBe(first);
    expect(second.freeLabel).toBe('Gratis');
    expect(Object.isFrozen(second)).toBe(false);
  });

  it('parses a frozen row (a site snapshot’s) once, and freezes the answer', () => {
    const website = deepFrozen(row('Free'));
    const first = storeSettings(website);
    expect(storeSettings(website)).toBe(first);
    expect(first).toMatchObject({ freeLabel: 'Free', selectedCurrency: 'EUR' });
    expect(() => {
      (first as { freeLabel?: string }).freeLabel = 'Changed';
    }).toThrow(TypeError);
    // The owner's change is a new snapshot, so a new row: read afresh.
    expect(storeSettings(deepFrozen(row('Offert'))).freeLabel).toBe('Offert');
  });
});
