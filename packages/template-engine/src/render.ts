/** The state of one render, which is also the RenderContext plugins see. */
import { makeError, type SourceMap } from './errors';
import type { Formatter, RenderContext, TemplateError, TemplateErrorKind } from './plugins/types';
import { Frame, resolvePath, splitPath, type Path } from './runtime';

/** A compiled block: renders against a scope and returns its text. */
export type Exec = (c: Render, f: Frame) => string;

/** A compiled template or partial. */
export interface Unit {
  run: Exec;
  map: SourceMap;
  errors: readonly TemplateError[];
}

export interface Limits {
  /** Deepest nesting of partials, macros and `apply` (default 16). */
  maxPartialDepth: number;
  /** Most tokens one `.eval` may hold (default 1000; 0: no limit). */
  maxExpressionTokens: number;
  /** Longest string an expression may build (default 65536; 0: no limit). */
  maxStringLength: number;
  /** Most digits a number-formatting option may ask for (default 50). */
  maxDigits: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxPartialDepth: 16,
  maxExpressionTokens: 1000,
  maxStringLength: 65536,
  maxDigits: 50,
});

/** Looks up partials by name for a render; supplied by the template (compiles and caches). */
export interface PartialSource {
  get(name: string): Unit | undefined;
}

const pathCache = new Map<string, Path>();
function cachedPath(raw: string): Path {
  let p = pathCache.get(raw);
  if (p === undefined) {
    if (pathCache.size > 1000) pathCache.clear();
    p = raw === '' ? [] : splitPath(raw);
    pathCache.set(raw, p);
  }
  return p;
}

export class Render implements RenderContext {
  readonly errors: TemplateError[] = [];
  /** Scope of the instruction running a plugin: what `@` means there. */
  frame: Frame;
  /** Source map and offset of the instruction running, for error positions. */
  map: SourceMap | undefined = undefined;
  pos = -1;
  depth = 0;
  private injected: Map<string, unknown> | null = null;

  constructor(
    readonly root: unknown,
    readonly locale: string,
    readonly now: number,
    readonly timeZone: string,
    readonly limits: Readonly<Limits>,
    private readonly partials: PartialSource,
    private readonly injects: Readonly<Record<string, string>> | undefined,
  ) {
    this.frame = new Frame(root, null);
  }

  get node(): unknown {
    return this.frame.node;
  }

  resolve(path: string): unknown {
    return resolvePath(cachedPath(path.trim()), this.frame);
  }

  error(kind: TemplateErrorKind, message: string): void {
    this.errors.push(makeError(kind, message, this.map, this.pos));
  }

  errorAt(kind: TemplateErrorKind, message: string, map: SourceMap, pos: number): void {
    this.errors.push(makeError(kind, message, map, pos));
  }

  inject(path: string): string | undefined {
    const v = this.injects && Object.prototype.hasOwnProperty.call(this.injects, path) ? this.injects[path] : undefined;
    return typeof v === 'string' ? v : undefined;
  }

  /** An injected file as data: its JSON value when it parses, else its text; once per render. */
  injectValue(path: string): unknown {
    const map = (this.injected ??= new Map());
    if (map.has(path)) return map.get(path);
    const raw = this.inject(path);
    let v: unknown = raw;
    if (raw !== undefined) {
      try {
        v = JSON.parse(raw);
      } catch {
        v = raw;
      }
    }
    map.set(path, v);
    return v;
  }

  /** The `.macro` of that name visible from `frame`, else the partial, else undefined. */
  code(name: string, frame: Frame): Unit | Exec | undefined {
    for (let f: Frame | null = frame; f !== null; f = f.parent) {
      if (f.macros !== null) {
        const m = f.macros.get(name);
        if (m !== undefined) return m as Exec;
      }
    }
    return this.partials.get(name);
  }

  /** Counts one level of partial nesting; false (and an error) past the limit. */
  enter(name: string): boolean {
    if (this.depth >= this.limits.maxPartialDepth) {
      this.error(
        'PARTIAL_RECURSION_EXCEEDED',
        `Attempt to apply partial '${name}' exceeded maximum recursion depth of ${this.limits.maxPartialDepth}`,
      );
      return false;
    }
    this.depth++;
    return true;
  }

  renderPartial(name: string, data: unknown, options?: { private?: boolean; args?: Record<string, string> }): string {
    const from = this.frame;
    const code = this.code(name, from);
    if (code === undefined) {
      this.error('PARTIAL_NOT_FOUND', `Attempt to apply partial '${name}' which could not be found.`);
      return '';
    }
    if (!this.enter(name)) return '';
    const saved = { frame: this.frame, map: this.map, pos: this.pos };
    const f = new Frame(data, from);
    if (options?.private) f.stop = true;
    if (options?.args) f.setVar('@args', options.args);
    try {
      return typeof code === 'function' ? code(this, f) : code.run(this, f);
    } finally {
      this.depth--;
      this.frame = saved.frame;
      this.map = saved.map;
      this.pos = saved.pos;
    }
  }

  /** Runs a formatter, recording (not throwing) its failure; `failed` when it threw. */
  callFormatter(fn: Formatter, name: string, value: unknown, args: readonly string[], vars: unknown[]): unknown {
    try {
      return fn(value, args, this, vars);
    } catch (e) {
      this.error('UNEXPECTED_ERROR', `Unexpected error when executing formatter '${name}': ${describe(e)}`);
      return FAILED;
    }
  }
}

/** Returned by callFormatter when the formatter threw. */
export const FAILED: unique symbol = Symbol('failed');

export function describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}
