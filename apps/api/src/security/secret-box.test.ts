import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, parseSecretKey } from './secret-box';

describe('the secret box', () => {
  const box = createSecretBox(randomBytes(32));
  const dir = mkdtempSync(join(tmpdir(), 'secret-box-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens what it sealed, for any text, and never shows it', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 4 }), (secret) => {
        const sealed = box.seal(secret);
        expect(sealed).not.toContain(secret);
        expect(box.open(sealed)).toBe(secret);
      }),
    );
  });

  it('seals the same secret differently each time and refuses a tampered or foreign one', () => {
    const sealed = box.seal('sk_live_abcdefgh');
    expect(box.seal('sk_live_abcdefgh')).not.toBe(sealed);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    expect(() => box.open([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open('plain')).toThrow('Not a sealed secret');
  });

  it('takes the key from the environment, else makes one in the data folder readable by its owner only', () => {
    const hex = randomBytes(32).toString('hex');
    expect(loadSecretKey(hex, join(dir, 'unused.key')).toString('hex')).toBe(hex);
    expect(() => parseSecretKey('short')).toThrow('PAYMENTS_SECRET_KEY must be 32 bytes');
    const file = join(dir, 'payments-secret.key');
    const made = loadSecretKey(undefined, file);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(undefined, file).equals(made)).toBe(true);
  });
});
