import { Readable } from 'node:stream';

/**
 * Keyset pages read one after another, each starting after the last row of the one before: an
 * export holds one page at a time however many rows the site has, and no statement reads more
 * than a page.
 */
export async function* keysetPages<T>(
  readPage: (after: T | undefined) => Promise<readonly T[]>,
): AsyncGenerator<readonly T[]> {
  let after: T | undefined;
  for (;;) {
    const page = await readPage(after);
    if (page.length === 0) return;
    yield page;
    after = page.at(-1);
  }
}

/**
 * A CSV body sent while it is made: the header, then each page's lines. The next page is read
 * only when the response has taken the previous one, so a slow download holds one page in memory.
 */
export function csvBody(header: string, pages: AsyncIterable<string>): Readable {
  return Readable.from(
    (async function* () {
      yield header;
      yield* pages;
    })(),
    { objectMode: false },
  );
}
