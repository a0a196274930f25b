import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Seals owners' secrets (payment processor keys, sign-in providers' client secrets) at rest with AES-256-GCM: a database dump or backup alone does
 * not reveal them, and a sealed value that was tampered with fails to open instead of decrypting
 * to garbage. Sealed form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

const KEY_BYTES = 32;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error('The secret key must be 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined)
        throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** PAYMENTS_SECRET_KEY as 64 hex digits or 44 base64 characters; anything else stops the server. */
export function parseSecretKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== KEY_BYTES)
    throw new Error('PAYMENTS_SECRET_KEY must be 32 bytes: 64 hex digits or 44 base64 characters');
  return key;
}

/**
 * The key from the environment, else the one kept in `file` (made on first start, readable by
 * this user only). Losing that file loses the stored secrets: owners would enter their keys again.
 */
export function loadSecretKey(envValue: string | undefined, file: string): Buffer {
  if (envValue) return parseSecretKey(envValue);
  if (existsSync(file)) return parseSecretKey(readFileSync(file, 'utf8').trim());
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process started at the same moment and wrote its key first: everyone uses that one.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return parseSecretKey(readFileSync(file, 'utf8').trim());
    throw err;
  }
  chmodSync(file, 0o600);
  return key;
}
