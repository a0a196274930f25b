/** Random id generator, injectable for deterministic tests. */
export type IdGenerator = () => string;

const HEX = '0123456789abcdef';

/** RFC 4122 version 4 shape; falls back to Math.random where crypto is missing (old browsers). */
export const randomId: IdGenerator = () => {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  let out = '';
  for (let i = 0; i < 36; i++) {
    if (i === 8 || i === 13 || i === 18 || i === 23) out += '-';
    else if (i === 14) out += '4';
    else if (i === 19) out += HEX[8 + Math.floor(Math.random() * 4)];
    else out += HEX[Math.floor(Math.random() * 16)];
  }
  return out;
};
