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
