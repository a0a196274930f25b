import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvBody, keysetPages } from './csv-stream';

async function chunksOf(body: AsyncIterable<unknown>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of body) chunks.push(String(chunk));
  return chunks;
}

async function* pagesOf<T>(pages: readonly (readonly T[])[]) {
  for (const page of pages) yield page;
}

describe('csvBody', () => {
  it('sends the header and every line once, in order, at most a hundred lines a chunk', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(fc.string({ maxLength: 8 }), { maxLength: 250 }), { maxLength: 5 }),
        async (pages) => {
          const line = (cell: string) => `${cell};\r\n`;
          const chunks = await chunksOf(csvBody('h\r\n', pagesOf(pages), line));
          expect(chunks.join('')).toBe(`h\r\n${pages.flat().map(line).join('')}`);
          expect(chunks[0]).toBe('h\r\n');
          for (const chunk of chunks.slice(1)) {
            const lines = chunk.split('\r\n').length - 1;
            expect(lines).toBeGreaterThan(0);
            expect(lines).toBeLessThanOrEqual(100);
          }
        },
      ),
    );
  });

  it('pages on from the last row of each page until one comes back empty', async () => {
    const read: number[] = [];
    const pages = keysetPages<number>(async (after) => {
      const from = (after ?? 0) + 1;
      read.push(from);
      return from > 1000 ? [] : Array.from({ length: 500 }, (_, i) => from + i);
    });
    const chunks = await chunksOf(csvBody('n\r\n', pages, (n) => `${n}\r\n`));
    expect(read).toEqual([1, 501, 1001]);
    // Two pages of 500 lines: five chunks each, after the header.
    expect(chunks).toHaveLength(11);
    const lines = chunks.join('').split('\r\n').filter(Boolean);
    expect(lines).toEqual(['n', ...Array.from({ length: 1000 }, (_, i) => String(i + 1))]);
  });
});
