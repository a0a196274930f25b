import { compileNodes } from './compiler';
import { defaultRegistry } from './defaults';
import { SourceMap, makeError } from './errors';
import { parse, type Names, type ParseLimits } from './parser';
import type { TemplateError } from './plugins/types';
import type { Registry } from './registry';
import {
  DEFAULT_LIMITS,
  Render,
  describe,
  type Exec,
  type Limits,
  type PartialSource,
  type Unit,
} from './render';
import { getOwn } from './runtime';

export interface CompileOptions {
  /** Formatters and predicates to compile against (default: `defaultRegistry()`). */
  registry?: Registry;
  /** Expression limits apply at compile time; the partial depth at render time. */
  limits?: Partial<Limits>;
}

export interface RenderOptions {
  /** Partial name → template source; each source is compiled once and cached. */
  partials?: Readonly<Record<string, string>>;
  /** Path → raw file text, for `{.inject @var path}` (JSON text becomes data). */
  injects?: Readonly<Record<string, string>>;
  /** BCP 47 locale (default "en"). */
  locale?: string;
  /** What the render treats as now, epoch ms or a Date (default: the time of the call). */
  now?: number | Date;
  /**
   * IANA zone (default: website.timeZone in the data, else America/New_York); a zone the
   * platform does not know means UTC.
   */
  timeZone?: string;
  /** Overrides render-time limits for this render: partial depth and the work budget. */
  limits?: Partial<Limits>;
}

export interface RenderResult {
  html: string;
  errors: TemplateError[];
}

export const DEFAULT_TIME_ZONE = 'America/New_York';

/** A template parsed and compiled once, to render any number of times. */
export class Template {
  /** Syntax errors, with line and column; the template still renders what it could parse. */
  readonly errors: readonly TemplateError[];
  private readonly unit: Unit;
  private readonly limits: Readonly<Limits>;

  constructor(
    readonly source: string,
    private readonly registry: Registry,
    limits: Readonly<Limits>,
  ) {
    this.limits = limits;
    this.unit = compileUnit(source, registry, limits);
    this.errors = this.unit.errors;
  }

  /** Renders against `data`. Never throws; `errors` lists what went wrong while rendering. */
  render(data?: unknown, options: RenderOptions = {}): RenderResult {
    const limits = options.limits ? resolveLimits(options.limits, this.limits) : this.limits;
    const now = options.now instanceof Date ? options.now.getTime() : (options.now ?? Date.now());
    const timeZone = options.timeZone ? knownZone(options.timeZone) : dataZone(data);
    const partials = new Partials(options.partials, this.registry, this.limits);
    const c = new Render(data, options.locale || 'en', now, timeZone, limits, partials, options.injects);
    partials.render = c;
    let html = '';
    try {
      html = this.unit.run(c, c.frame);
    } catch (e) {
      c.error('UNEXPECTED_ERROR', `Unexpected error while rendering: ${describe(e)}`);
    }
    return { html, errors: c.errors };
  }
}

/**
 * website.timeZone as the reference engine reads it: missing means New York, anything else that
 * is not a zone the platform knows (empty, null, a typo) means UTC.
 */
function dataZone(data: unknown): string {
  const tz = getOwn(getOwn(data, 'website'), 'timeZone');
  if (tz === undefined) return DEFAULT_TIME_ZONE;
  return typeof tz === 'string' ? knownZone(tz) : 'UTC';
}

const zones = new Map<string, string>();

/** `zone` when Intl knows it, else UTC; remembered, since checking builds an Intl object. */
function knownZone(zone: string): string {
  let z = zones.get(zone);
  if (z === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: zone });
      z = zone;
    } catch {
      z = 'UTC';
    }
    if (zones.size > 500) zones.clear();
    zones.set(zone, z);
  }
  return z;
}

/**
 * Parses `source` now (syntax and expression errors are known at once) and turns it into closures
 * on its first render, so a template that is only checked, or compiled and rendered once, pays
 * for one pass less.
 */
function compileUnit(source: string, registry: Registry, limits: Readonly<Limits>): Unit {
  const map = new SourceMap(source);
  try {
    const { nodes, errors } = parse(source, namesOf(registry), map, parseLimits(limits));
    let compiled: Exec | null = null;
    const run: Exec = (c, f) => {
      if (compiled === null) {
        try {
          compiled = compileNodes(nodes, { registry, map, limits });
        } catch (e) {
          // Only a bug gets here; the template then renders nothing.
          compiled = () => '';
          c.error('UNEXPECTED_ERROR', `Unexpected error while compiling: ${describe(e)}`);
        }
      }
      return compiled(c, f);
    };
    return { run, map, errors };
  } catch (e) {
    // Only a bug (or an exhausted stack) gets here; the template then renders nothing.
    const err = makeError('UNEXPECTED_ERROR', `Unexpected error while compiling: ${describe(e)}`);
    return { run: () => '', map, errors: [err] };
  }
}

// Made once per registry and per limits, not per compile: templates are compiled often (the
// editor's preview, every partial of a request) and these are the same every time.
const registryNames = new WeakMap<Registry, NameTable>();
function namesOf(registry: Registry): Names {
  let names = registryNames.get(registry);
  if (names === undefined || names.version !== registry.version) {
    names = new NameTable(registry);
    registryNames.set(registry, names);
  }
  return names;
}

/**
 * The registry's names bucketed by length and first character, so the parser finds a name in
 * the template text by comparing in place: no substring, no hashing of a fresh string (which
 * was a sixth of the time of parsing a page of products).
 */
class NameTable implements Names {
  readonly version: number;
  private readonly formatters = new NameBuckets();
  private readonly predicates = new NameBuckets();

  constructor(private readonly registry: Registry) {
    this.version = registry.version;
    for (const n of registry.formatterNames()) this.formatters.add(n);
    for (const n of registry.predicateNames()) this.predicates.add(n);
  }

  hasFormatter(n: string): boolean {
    return this.registry.formatter(n) !== undefined;
  }

  hasPredicate(n: string): boolean {
    return this.registry.predicate(n) !== undefined;
  }

  formatterAt(src: string, s: number, e: number): string | undefined {
    return this.formatters.find(src, s, e);
  }

  predicateAt(src: string, s: number, e: number): string | undefined {
    return this.predicates.find(src, s, e);
  }
}

/** Names up to this long with an ASCII first character go in the array; others in the map. */
const BUCKET_LENGTH = 48;

class NameBuckets {
  /** Index length * 128 + first character: an array read, not a hash lookup. */
  private readonly short: (string[] | undefined)[] = new Array(BUCKET_LENGTH * 128).fill(undefined);
  private readonly long = new Map<string, string>();

  add(name: string): void {
    const first = name.charCodeAt(0);
    if (name.length >= BUCKET_LENGTH || !(first < 128)) {
      this.long.set(name, name);
      return;
    }
    const k = name.length * 128 + first;
    (this.short[k] ??= []).push(name);
  }

  find(src: string, s: number, e: number): string | undefined {
    const len = e - s;
    const first = src.charCodeAt(s);
    if (len >= BUCKET_LENGTH || !(first < 128)) return len > 0 ? this.long.get(src.slice(s, e)) : undefined;
    const list = this.short[len * 128 + first];
    if (list === undefined) return undefined;
    // The first character matched by the bucket; the rest compared in place (a builtin call per
    // candidate costs more than these few comparisons).
    for (let i = 0; i < list.length; i++) {
      const name = list[i]!;
      let j = 1;
      while (j < len && src.charCodeAt(s + j) === name.charCodeAt(j)) j++;
      if (j === len) return name;
    }
    return undefined;
  }
}

const exprLimits = new WeakMap<Readonly<Limits>, ParseLimits>();
function parseLimits(limits: Readonly<Limits>): ParseLimits {
  let p = exprLimits.get(limits);
  if (p === undefined) {
    p = { maxTokens: limits.maxExpressionTokens, maxStringLength: limits.maxStringLength };
    exprLimits.set(limits, p);
  }
  return p;
}

// Partials are compiled once per (registry, limits, source) and shared by every render.
const partialCache = new WeakMap<Registry, Map<string, Map<string, Unit>>>();
const MAX_CACHED_PARTIALS = 512;

function cachedUnit(source: string, registry: Registry, limits: Readonly<Limits>): Unit {
  let byLimits = partialCache.get(registry);
  if (!byLimits) partialCache.set(registry, (byLimits = new Map()));
  const key = `${registry.version}|${limits.maxExpressionTokens}|${limits.maxStringLength}`;
  let units = byLimits.get(key);
  if (!units) byLimits.set(key, (units = new Map()));
  let unit = units.get(source);
  if (!unit) {
    if (units.size >= MAX_CACHED_PARTIALS) units.delete(units.keys().next().value!);
    unit = compileUnit(source, registry, limits);
    units.set(source, unit);
  }
  return unit;
}

class Partials implements PartialSource {
  render: Render | null = null;
  private reported: Set<string> | null = null;

  constructor(
    private readonly sources: Readonly<Record<string, string>> | undefined,
    private readonly registry: Registry,
    private readonly limits: Readonly<Limits>,
  ) {}

  get(name: string): Unit | undefined {
    const src = this.sources;
    if (!src || !Object.prototype.hasOwnProperty.call(src, name)) return undefined;
    const text = src[name];
    if (typeof text !== 'string') return undefined;
    const unit = cachedUnit(text, this.registry, this.limits);
    if (unit.errors.length && this.render) {
      const seen = (this.reported ??= new Set());
      if (!seen.has(name)) {
        seen.add(name);
        for (const e of unit.errors) {
          const where = e.line !== undefined ? ` (line ${e.line}, column ${e.column})` : '';
          this.render.error(
            'PARTIAL_PARSE_FAILED',
            `Parse of partial "${name}" failed: ${e.message}${where}`,
          );
        }
      }
    }
    return unit;
  }
}

/** `limits` over `base`, ignoring anything that is not a non-negative number. */
function resolveLimits(limits?: Partial<Limits>, base: Readonly<Limits> = DEFAULT_LIMITS): Readonly<Limits> {
  if (!limits) return base;
  const out = { ...base };
  for (const k of Object.keys(base) as (keyof Limits)[]) {
    const v = limits[k];
    if (typeof v === 'number' && v >= 0 && Number.isFinite(v)) out[k] = Math.floor(v);
  }
  return Object.freeze(out);
}

/** Parses and compiles `source`. Never throws: syntax problems are in `template.errors`. */
export function compile(source: string, options: CompileOptions = {}): Template {
  return new Template(
    String(source ?? ''),
    options.registry ?? defaultRegistry(),
    resolveLimits(options.limits),
  );
}

/** Compiles and renders in one call; `errors` holds the syntax errors, then the render's. */
export function render(
  source: string,
  data?: unknown,
  options: CompileOptions & RenderOptions = {},
): RenderResult {
  const t = compile(source, options);
  const r = t.render(data, options);
  return { html: r.html, errors: [...t.errors, ...r.errors] };
}
