import { describe, expect, it } from 'vitest';
import { ApiError } from '../http';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { hashPassword, verifyPassword } from '../security/passwords';
import { describeVariant } from './restock';
import { z } from 'zod';

describe('passwords', () => {
  it('hashes with a fresh salt each time and verifies only the right password', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse', a)).toBe(true);
    expect(await verifyPassword('correct horsE', a)).toBe(false);
    expect(await verifyPassword('', a)).toBe(false);
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
    expect(await verifyPassword('x', 'scrypt$16384$8$1$c2FsdA$c2hvcnQ')).toBe(false);
  });
});

describe('cursors', () => {
  const schema = z.tuple([z.number(), z.string()]);
  it('round-trips and treats an absent cursor as the first page', () => {
    expect(decodeCursor(schema, encodeCursor([3, 'x']))).toEqual([3, 'x']);
    expect(decodeCursor(schema, undefined)).toBeUndefined();
    expect(decodeCursor(schema, '')).toBeUndefined();
  });
  it.each(['%%%', Buffer.from('not json').toString('base64url'), encodeCursor(['x', 3])])(
    'refuses %s with a 400',
    (cursor) => {
      expect(() => decodeCursor(schema, cursor)).toThrow(ApiError);
    },
  );
});

describe('describeVariant', () => {
  it('follows the product option order, then any other attributes', () => {
    expect(describeVariant({ Color: 'Rust', Size: 'M' }, { variantOptionOrdering: ['Size', 'Color'] })).toBe(
      'Size: M, Color: Rust',
    );
    expect(describeVariant({ Color: 'Rust', Size: 'M' }, {})).toBe('Color: Rust, Size: M');
    expect(describeVariant({}, {})).toBe('');
  });
});
