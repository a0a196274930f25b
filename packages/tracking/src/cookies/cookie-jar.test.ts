import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDocumentCookieJar, createMemoryCookieJar, readCookie, serializeCookie } from './cookie-jar';

describe('readCookie', () => {
  it.each([
    ['a=1; b=2', 'b', '2'],
    ['a=1;b=2', 'a', '1'],
    ['ab=1; b=2', 'b', '2'],
    ['a=x%7Cy', 'a', 'x|y'],
    ['a=%E0%A4%A', 'a', '%E0%A4%A'],
    ['a=1', 'b', undefined],
    ['', 'a', undefined],
    ['a', 'a', undefined],
    ['a=; b=2', 'a', ''],
  ])('reads %j[%s] as %j', (cookie, name, expected) => {
    expect(readCookie(cookie, name)).toBe(expected);
  });
});

describe('document cookie jar', () => {
  /** Mimics document.cookie: writes are single cookies, reads join the live ones. */
  function fakeDocument() {
    const store = new Map<string, string>();
    return {
      writes: [] as string[],
      get cookie() {
        return [...store].map(([k, v]) => `${k}=${v}`).join('; ');
      },
      set cookie(line: string) {
        this.writes.push(line);
        const [pair] = line.split(';');
        const [name, value] = pair!.split('=') as [string, string];
        if (/max-age=0(;|$)/.test(line)) store.delete(name);
        else store.set(name, value);
      },
    };
  }

  it('round-trips any value through encoding', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const jar = createDocumentCookieJar(fakeDocument());
        jar.set('ss_cvr', value);
        expect(jar.get('ss_cvr')).toBe(value);
      }),
    );
  });

  it('writes path, SameSite and max-age, and removes with max-age=0', () => {
    const doc = fakeDocument();
    const jar = createDocumentCookieJar(doc);
    jar.set('ss_cvt', '123', { maxAgeSeconds: 1800 });
    jar.remove('ss_cvt');
    expect(doc.writes).toEqual([
      'ss_cvt=123; path=/; SameSite=Lax; max-age=1800',
      'ss_cvt=; path=/; SameSite=Lax; max-age=0',
    ]);
    expect(jar.get('ss_cvt')).toBeUndefined();
  });

  it('omits max-age for session cookies', () => {
    expect(serializeCookie('s', 'v')).toBe('s=v; path=/; SameSite=Lax');
  });
});

describe('memory cookie jar', () => {
  it('expires cookies by max-age against its clock', () => {
    let now = 0;
    const jar = createMemoryCookieJar({}, () => now);
    jar.set('a', '1', { maxAgeSeconds: 10 });
    jar.set('b', '2');
    now = 9_999;
    expect(jar.get('a')).toBe('1');
    now = 10_000;
    expect(jar.get('a')).toBeUndefined();
    expect(jar.get('b')).toBe('2');
  });
});
