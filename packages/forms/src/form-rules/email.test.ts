import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email';

describe('isValidEmail', () => {
  it.each([
    ['user@domain.com', true],
    ['first.last+tag@mail.example.co', true],
    ['a@b.io', true],
    ['  padded@domain.org  ', true],
    ['USER@DOMAIN.INFO', true],
    ['user@domain.c', false],
    ['user@domain.museum', false],
    ['user@domain.c0m', false],
    ['user@domain', false],
    ['user@.com', false],
    ['user@domain..com', false],
    ['@domain.com', false],
    ['user@@domain.com', false],
    ['us er@domain.com', false],
    ['user.domain.com', false],
    ['', false],
  ])('%j -> %s', (email, valid) => {
    expect(isValidEmail(email)).toBe(valid);
  });

  it('rejects addresses longer than 256 characters', () => {
    const domain = '@example.com';
    expect(isValidEmail('a'.repeat(256 - domain.length) + domain)).toBe(true);
    expect(isValidEmail('a'.repeat(257 - domain.length) + domain)).toBe(false);
  });

  const label = fc.stringMatching(/^[a-z0-9]{1,10}$/);
  const local = fc.stringMatching(/^[a-z0-9._+-]{1,20}$/);

  it('accepts any local@labels.ending with a 2-4 letter ending', () => {
    fc.assert(
      fc.property(
        local,
        fc.array(label, { minLength: 1, maxLength: 3 }),
        fc.stringMatching(/^[a-z]{2,4}$/),
        (l, labels, end) => {
          expect(isValidEmail(`${l}@${labels.join('.')}.${end}`)).toBe(true);
        },
      ),
    );
  });

  it('rejects endings shorter than 2 or longer than 4 characters', () => {
    fc.assert(
      fc.property(
        local,
        label,
        fc.oneof(fc.stringMatching(/^[a-z]$/), fc.stringMatching(/^[a-z]{5,8}$/)),
        (l, d, end) => {
          expect(isValidEmail(`${l}@${d}.${end}`)).toBe(false);
        },
      ),
    );
  });

  it('rejects any text with no "@" or with whitespace inside', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const noAt = s.replaceAll('@', '');
        expect(isValidEmail(noAt)).toBe(false);
      }),
    );
    fc.assert(
      fc.property(local, local, label, (a, b, d) => {
        expect(isValidEmail(`${a} ${b}@${d}.com`)).toBe(false);
      }),
    );
  });
});
