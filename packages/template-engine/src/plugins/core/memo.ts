/** Caching shared by the core plugins: formatters run on every page render. */

/** A tiny memo for Intl objects and parsed options; bounded so odd inputs cannot grow it forever. */
export class Memo<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit = 500) {}
  /** `make` gets the key, so hot callers can pass a function made once instead of a closure. */
  get(key: string, make: (key: string) => V): V {
    let v = this.map.get(key);
    if (v === undefined) {
      v = make(key);
      if (this.map.size >= this.limit) this.map.clear();
      this.map.set(key, v);
    }
    return v;
  }
}

/**
 * A bounded memo keyed by a number within a string namespace (a time zone and an instant): lookups
 * build no key strings and allocate nothing. Cleared as a whole when it reaches `limit` entries.
 */
export class ZoneMemo<V> {
  private zones = new Map<string, Map<number, V>>();
  private size = 0;
  constructor(private readonly limit = 5000) {}
  get(zone: string, key: number): V | undefined {
    return this.zones.get(zone)?.get(key);
  }
  set(zone: string, key: number, value: V): V {
    if (this.size >= this.limit) {
      this.zones = new Map();
      this.size = 0;
    }
    let m = this.zones.get(zone);
    if (m === undefined) {
      m = new Map();
      this.zones.set(zone, m);
    }
    if (!m.has(key)) this.size++;
    m.set(key, value);
    return value;
  }
}

interface Site {
  readonly args: readonly string[];
  a: string;
  b: string;
  texts: Map<unknown, string>;
}

const sameArgs = (x: readonly string[], y: readonly string[]): boolean => {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
};

/**
 * Finished texts of each call site of a formatter (keyed by its arguments array, which the engine
 * compiles once per instruction) by input value, for one pair of settings at a time (locale and
 * zone, locale and currency): a page formats the same values render after render, and Intl
 * formatting costs microseconds. Only primitives (or keys built from them) go in; a copy of the
 * arguments guards against a caller reusing the array with other contents.
 */
export class SiteTexts {
  private readonly sites = new WeakMap<readonly string[], Site>();
  constructor(private readonly limit = 2000) {}
  texts(args: readonly string[], a: string, b: string): Map<unknown, string> {
    let site = this.sites.get(args);
    if (site === undefined || !sameArgs(site.args, args)) {
      site = { args: args.slice(), a, b, texts: new Map() };
      this.sites.set(args, site);
    } else if (site.a !== a || site.b !== b || site.texts.size >= this.limit) {
      site.a = a;
      site.b = b;
      site.texts = new Map();
    }
    return site.texts;
  }
}

/**
 * Results of a text-to-text function by input text (`smartypants`, `slugify`...): pages run them
 * on the same titles and bodies render after render, and a map lookup costs less than a few
 * regular-expression passes. Bounded by the characters held, not the entries, since bodies are long.
 */
export class TextMemo {
  private map = new Map<string, string>();
  private chars = 0;
  constructor(
    private readonly make: (s: string) => string,
    private readonly maxChars = 1 << 21,
  ) {}
  get(s: string): string {
    let v = this.map.get(s);
    if (v === undefined) {
      v = this.make(s);
      const size = s.length + v.length;
      if (this.chars + size > this.maxChars) {
        this.map = new Map();
        this.chars = 0;
      }
      this.chars += size;
      this.map.set(s, v);
    }
    return v;
  }
}

/**
 * Something derived from a call site's arguments (parsed options), kept per arguments array: the
 * engine compiles the array once per instruction, so a render re-reads nothing.
 */
export class ArgsMemo<S> {
  private readonly sites = new WeakMap<readonly string[], { args: readonly string[]; value: S }>();
  constructor(private readonly make: (args: readonly string[]) => S) {}
  get(args: readonly string[]): S {
    let site = this.sites.get(args);
    if (site === undefined || !sameArgs(site.args, args)) {
      site = { args: args.slice(), value: this.make(args) };
      this.sites.set(args, site);
    }
    return site.value;
  }
}
