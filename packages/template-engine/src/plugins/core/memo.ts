/** Caching shared by the core plugins: formatters run on every page render. */

/** A tiny memo for Intl objects and parsed options; bounded so odd inputs cannot grow it forever. */
export class Memo<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit = 500) {}
  get(key: string, make: () => V): V {
    let v = this.map.get(key);
    if (v === undefined) {
      v = make();
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
