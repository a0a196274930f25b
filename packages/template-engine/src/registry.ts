import type { Formatter, Predicate, TemplatePlugin } from './plugins/types';

/**
 * A set of formatters and predicates a template is compiled against. Product teams create their
 * own (`createRegistry(defaultPlugins...)`, then `register(myPlugin)`) and pass it to `compile`.
 */
export interface Registry {
  /** Adds every formatter and predicate of `plugin`; a later registration replaces an earlier one. */
  register(plugin: TemplatePlugin): Registry;
  formatter(name: string): Formatter | undefined;
  /** `name` with its trailing "?", as in templates: "sold-out?". */
  predicate(name: string): Predicate | undefined;
  formatterNames(): string[];
  predicateNames(): string[];
  /** A copy that can be extended without touching this one. */
  clone(): Registry;
  /** Changes each time something is registered (compiled templates cache against it). */
  readonly version: number;
}

class RegistryImpl implements Registry {
  private readonly f = new Map<string, Formatter>();
  private readonly p = new Map<string, Predicate>();
  version = 0;

  register(plugin: TemplatePlugin): Registry {
    const { formatters, predicates } = plugin;
    if (formatters) {
      for (const name of Object.keys(formatters)) {
        const fn = formatters[name];
        if (typeof fn === 'function') this.f.set(name, fn);
      }
    }
    if (predicates) {
      for (const key of Object.keys(predicates)) {
        const fn = predicates[key];
        if (typeof fn === 'function') this.p.set(key.endsWith('?') ? key : key + '?', fn);
      }
    }
    this.version++;
    return this;
  }

  formatter(name: string): Formatter | undefined {
    return this.f.get(name);
  }

  predicate(name: string): Predicate | undefined {
    return this.p.get(name.endsWith('?') ? name : name + '?');
  }

  formatterNames(): string[] {
    return [...this.f.keys()].sort();
  }

  predicateNames(): string[] {
    return [...this.p.keys()].sort();
  }

  clone(): Registry {
    const r = new RegistryImpl();
    for (const [k, v] of this.f) r.f.set(k, v);
    for (const [k, v] of this.p) r.p.set(k, v);
    return r;
  }
}

/** A registry holding the given plugins (none: an empty one). */
export function createRegistry(...plugins: TemplatePlugin[]): Registry {
  const r = new RegistryImpl();
  for (const p of plugins) r.register(p);
  return r;
}
