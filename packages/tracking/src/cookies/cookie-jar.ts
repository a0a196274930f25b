export interface CookieWriteOptions {
  /** Lifetime in seconds; omit for a browser-session cookie. */
  maxAgeSeconds?: number;
  path?: string;
}

/** The only way this package touches cookies: document.cookie in the browser, a fake in tests. */
export interface CookieJar {
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieWriteOptions): void;
  remove(name: string, options?: Pick<CookieWriteOptions, 'path'>): void;
}

/** Reads one cookie value out of a `document.cookie` style string. */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // A value we cannot decode is still the value; strict parsers downstream reject it.
      return raw;
    }
  }
  return undefined;
}

export function serializeCookie(name: string, value: string, options: CookieWriteOptions = {}): string {
  let out = `${name}=${encodeURIComponent(value)}; path=${options.path ?? '/'}; SameSite=Lax`;
  if (options.maxAgeSeconds !== undefined) out += `; max-age=${Math.floor(options.maxAgeSeconds)}`;
  return out;
}

export interface CookieDocument {
  cookie: string;
}

export function createDocumentCookieJar(doc: CookieDocument = globalThis.document): CookieJar {
  return {
    get: (name) => readCookie(doc.cookie, name),
    set: (name, value, options) => {
      doc.cookie = serializeCookie(name, value, options);
    },
    remove: (name, options) => {
      doc.cookie = serializeCookie(name, '', { path: options?.path, maxAgeSeconds: 0 });
    },
  };
}

interface StoredCookie {
  value: string;
  expiresAt: number | undefined;
}

export interface MemoryCookieJar extends CookieJar {
  /** Current cookies with their remaining lifetime, for assertions. */
  entries(): Array<{ name: string; value: string; maxAgeSeconds: number | undefined }>;
}

/** In-memory jar honouring max-age against an injected clock; used in tests and on servers. */
export function createMemoryCookieJar(
  initial: Readonly<Record<string, string>> = {},
  now: () => number = () => Date.now(),
): MemoryCookieJar {
  const store = new Map<string, StoredCookie>();
  for (const [name, value] of Object.entries(initial)) store.set(name, { value, expiresAt: undefined });
  const live = (name: string): StoredCookie | undefined => {
    const c = store.get(name);
    if (c && c.expiresAt !== undefined && c.expiresAt <= now()) {
      store.delete(name);
      return undefined;
    }
    return c;
  };
  return {
    get: (name) => live(name)?.value,
    set: (name, value, options) => {
      const maxAge = options?.maxAgeSeconds;
      if (maxAge !== undefined && maxAge <= 0) store.delete(name);
      else store.set(name, { value, expiresAt: maxAge === undefined ? undefined : now() + maxAge * 1000 });
    },
    remove: (name) => {
      store.delete(name);
    },
    entries: () =>
      [...store.keys()].flatMap((name) => {
        const c = live(name);
        if (!c) return [];
        return [
          {
            name,
            value: c.value,
            maxAgeSeconds: c.expiresAt === undefined ? undefined : (c.expiresAt - now()) / 1000,
          },
        ];
      }),
  };
}
