import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STORABLE_TEXT_MESSAGE } from '../text';
import { FILE_LIMITS, fileMessages, fileNameSchema, formatFileSize } from './files-api';

const refusal = (name: string) => {
  const parsed = fileNameSchema.safeParse(name);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('file names', () => {
  it.each([
    ['', fileMessages.enterFileName],
    ['   ', fileMessages.enterFileName],
    ['a/b.png', fileMessages.badNameCharacters],
    ['..\\evil.png', fileMessages.badNameCharacters],
    ['..', fileMessages.badNameCharacters],
    ['bell\u0007.png', fileMessages.badNameCharacters],
    ['c1\u0085.png', fileMessages.badNameCharacters],
    ['nul\u0000.png', STORABLE_TEXT_MESSAGE],
    ['lone\ud800.png', STORABLE_TEXT_MESSAGE],
    ['broken\uFFFD.png', STORABLE_TEXT_MESSAGE],
    ['x'.repeat(FILE_LIMITS.maxNameLength + 1), expect.any(String)],
  ])('refuses %j', (name, message) => {
    expect(refusal(name)).toEqual(message);
  });

  it('keeps any other name, trimmed', () => {
    expect(fileNameSchema.parse('  Café ☕ 東京 (final).png ')).toBe('Café ☕ 東京 (final).png');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }), (name) => {
        const parsed = fileNameSchema.safeParse(name);
        const bad =
          // eslint-disable-next-line no-control-regex -- control characters are what is refused
          /[/\\\u0000-\u001f\u007f-\u009f\uFFFD]/.test(name) || ['', '.', '..'].includes(name.trim());
        expect(parsed.success).toBe(!bad);
      }),
    );
  });
});

describe('file sizes', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [999, '999 bytes'],
    [1000, '1 KB'],
    [31_400, '31 KB'],
    [999_499, '999 KB'],
    [999_500, '1 MB'],
    [2_480_000, '2.5 MB'],
    [20_000_000, '20 MB'],
  ])('%i bytes read as %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });
});
