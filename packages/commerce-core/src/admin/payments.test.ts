import { describe, expect, it } from 'vitest';
import { keyMode, parseTypedAmount, PaymentSettingsSaveSchema } from './payments';

describe('parseTypedAmount', () => {
  it.each([
    ['4.25', 2, 425],
    ['4,25', 2, 425],
    ['4', 2, 400],
    ['4.5', 2, 450],
    [' $4.25 ', 2, 425],
    ['1,204.50', 2, 120450],
    ['1.204,50', 2, 120450],
    ['1 204,50 €', 2, 120450],
    ['1200', 0, 1200],
    ['0.01', 2, 1],
    // Thousandths (KWD, BHD, OMR): a refund of 1.250 KWD is 1250.
    ['1.250 KD', 3, 1250],
    ['4.5', 3, 4500],
    ['1,204.505', 3, 1204505],
    ['0.001', 3, 1],
  ] as const)('%s with %i decimals is %i', (text, decimals, minor) => {
    expect(parseTypedAmount(text, decimals)).toBe(minor);
  });
  it.each(['', 'abc', '4.255', '-4', '0', '0.00', '4..2', '4.2.5', '1e3', '12.5', '1,2,3', '1,000', '1.000'])(
    'refuses %j',
    (text) => {
      expect(parseTypedAmount(text, text === '12.5' ? 0 : 2)).toBeUndefined();
    },
  );
});

describe('PaymentSettingsSaveSchema', () => {
  const keys = {
    provider: 'stripe',
    publishableKey: 'pk_test_abcdefgh12',
    secretKey: 'sk_test_abcdefgh34',
    webhookSecret: 'whsec_abcdefgh56',
  };
  it('takes matching keys and empty secrets (kept as stored)', () => {
    expect(PaymentSettingsSaveSchema.safeParse(keys).success).toBe(true);
    expect(PaymentSettingsSaveSchema.safeParse({ ...keys, secretKey: '', webhookSecret: '' }).success).toBe(
      true,
    );
  });
  it.each([
    [{ publishableKey: 'sk_test_abcdefgh12' }, 'publishable key'],
    [{ secretKey: 'pk_test_abcdefgh12' }, 'secret key'],
    [{ webhookSecret: 'abc' }, 'signing secret'],
    [{ secretKey: 'sk_live_abcdefgh34' }, 'both be live keys or both be test'],
  ])('refuses %j with a message naming it', (change, words) => {
    const result = PaymentSettingsSaveSchema.safeParse({ ...keys, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(words);
  });
  it('reads the mode from the prefix', () => {
    expect(keyMode('pk_live_x')).toBe('live');
    expect(keyMode('rk_test_x')).toBe('test');
  });
});
