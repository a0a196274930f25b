import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkGiftCardSendDate,
  GIFT_CARD_CODE_ALPHABET,
  giftCardCodeFromBytes,
  GiftCardPurchaseSchema,
  giftCardRedemption,
  maskGiftCardCode,
  normalizeGiftCardCode,
} from './index';
import { messages } from '../messages';

describe('gift-card codes', () => {
  it('makes XXXX-XXXX-XXXX-XXXX from the alphabet, skipping biased bytes', () => {
    const code = giftCardCodeFromBytes(new Uint8Array(Array.from({ length: 16 }, (_, i) => i)));
    expect(code).toBe('2345-6789-ABCD-EFGH');
    // 248 and above would favour the first symbols: skipped, so 16 usable bytes are needed.
    expect(giftCardCodeFromBytes(new Uint8Array([...Array(15).fill(0), 255]))).toBeUndefined();
  });

  it('spreads symbols evenly (no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let b = 0; b < 256; b++) {
      const code = giftCardCodeFromBytes(new Uint8Array(16).fill(b));
      if (code) counts.set(code[0]!, (counts.get(code[0]!) ?? 0) + 1);
    }
    expect(new Set(counts.values())).toEqual(new Set([8]));
    expect(counts.size).toBe(GIFT_CARD_CODE_ALPHABET.length);
  });

  it.each([
    ['abcd-efgh-jkmn-pqrs', 'ABCD-EFGH-JKMN-PQRS'],
    [' ABCD EFGH JKMN PQRS ', 'ABCD-EFGH-JKMN-PQRS'],
    ['ABCDEFGHJKMNPQRS', 'ABCD-EFGH-JKMN-PQRS'],
    ['', undefined],
    ['ABCD-EFGH-JKMN-PQR', undefined],
    ['ABCD-EFGH-JKMN-PQR!', undefined],
    ['ABCD-EFGH-JKMN-PQRS-T', undefined],
    ['A'.repeat(1000), undefined],
    ['ABCD-EFGH-JKMN-PQR\u0000', undefined],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeGiftCardCode(input)).toBe(expected);
  });

  it('refuses the look-alikes the alphabet leaves out (0, O, 1, I, L)', () => {
    for (const ch of '0O1IL') expect(normalizeGiftCardCode(`${ch}BCD-EFGH-JKMN-PQRS`)).toBeUndefined();
  });

  it('round-trips every generated code and never accepts text outside the alphabet', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const code = giftCardCodeFromBytes(bytes);
        if (code) expect(normalizeGiftCardCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
      }),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (text) => {
        const code = normalizeGiftCardCode(text);
        if (code) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}(-[2-9A-HJKMNP-Z]{4}){3}$/);
      }),
    );
  });

  it('masks all but the last four symbols', () => {
    expect(maskGiftCardCode('ABCD-EFGH-JKMN-PQRS')).toBe('••••-PQRS');
  });
});

describe('giftCardRedemption', () => {
  it.each([
    [5000, 2000, 2000],
    [5000, 5000, 5000],
    [1500, 2000, 1500],
    [0, 2000, 0],
    [5000, 0, 0],
  ])('balance %i, due %i: pays %i', (balance, due, paid) => {
    expect(giftCardRedemption(balance, due)).toBe(paid);
  });

  it('never pays more than the balance or the amount due, never negative', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e9, max: 1e9 }),
        (balance, due) => {
          const paid = giftCardRedemption(balance, due);
          expect(paid).toBeGreaterThanOrEqual(0);
          expect(paid).toBeLessThanOrEqual(Math.max(0, balance));
          expect(paid).toBeLessThanOrEqual(Math.max(0, due));
        },
      ),
    );
  });
});

describe('GiftCardPurchaseSchema', () => {
  const base = { itemId: 'p', sku: 'GC-50', recipientName: ' Bo ', recipientEmail: 'bo@example.com' };

  it('accepts a purchase, trims text and drops empty optional fields', () => {
    expect(GiftCardPurchaseSchema.parse({ ...base, message: ' ', sendDate: '' })).toEqual({
      itemId: 'p',
      sku: 'GC-50',
      recipientName: 'Bo',
      recipientEmail: 'bo@example.com',
      senderName: undefined,
      message: undefined,
      sendDate: undefined,
    });
  });

  it.each([
    [{ ...base, sku: '' }, messages.giftCardDenominationMissing],
    [{ ...base, sku: undefined }, messages.giftCardDenominationMissing],
    [{ ...base, recipientName: '  ' }, messages.giftCardRecipientNameMissing],
    [{ ...base, recipientEmail: '' }, messages.giftCardRecipientEmailInvalid],
    [{ ...base, message: 'x'.repeat(501) }, messages.giftCardMessageTooLong],
    [{ ...base, sendDate: '24/12/2026' }, messages.giftCardSendDateInvalid],
  ])('refuses %j with its message', (payload, message) => {
    const result = GiftCardPurchaseSchema.safeParse(payload);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe('checkGiftCardSendDate', () => {
  it.each([
    ['2026-11-24', true],
    ['2026-12-24', true],
    ['2027-11-24', true],
    ['2027-11-25', false],
    ['2026-11-23', false],
    ['2026-02-31', false],
    ['2026-13-01', false],
  ])('%s on 2026-11-24: %s', (day, ok) => {
    expect(checkGiftCardSendDate(day, '2026-11-24')).toBe(ok);
  });
});
