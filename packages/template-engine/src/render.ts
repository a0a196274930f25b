/** The state of one render, which is also the RenderContext plugins see. */
import { makeError, type SourceMap } from './errors';
import type { Formatter, RenderContext, TemplateError, TemplateErrorKind } from './plugins/types';
import { Frame, resolver, splitPath } from './runtime';

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
  /** Most partial, macro, `apply` and `include` runs in one render (default 10000). */
  maxApplications: number;
  /** Most repeated-section iterations in one render (default 250000). */
  maxIterations: number;
  /**
   * Most characters repeated sections and applications may produce in one render, counted at
   * every level that repeats (default 16 Mi).
   */
  maxOutputLength: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxPartialDepth: 16,
  maxExpressionTokens: 1000,
  maxStringLength: 65536,
  maxDigits: 50,
  maxApplications: 10_000,
  maxIterations: 250_000,
  maxOutputLength: 16 * 1024 * 1024,
});

/** Looks up partials by name for a render; supplied by the template (compiles and caches). */
export interface PartialSource {
  get(name: string): Unit | undefined;
}

/** Errors one render lists at most. */
export const MAX_ERRORS = 1000;

// Plugins resolve the same few paths (their arguments) on every call: each path is split and
// turned into a specialised resolver once.
const resolvers = new Map<string, (f: Frame) => unknown>();
const NOTHING = (): undefined => undefined;
function cachedResolver(raw: string): (f: Frame) => unknown {
  let r = resolvers.get(raw);
  if (r === undefined) {
    if (resolvers.size > 1000) resolvers.clear();
    const path = raw.trim();
    r = path === '' ? NOTHING : resolver(splitPath(path));
    resolvers.set(raw, r);
  }
  return r;
}

export class Render implements RenderContext {
  readonly errors: TemplateError[] = [];
  /** Scope of the instruction running a plugin: what `@` means there. */
  frame: Frame;
  /**
   * The variable a formatter chain runs on, as it was resolved (`NO_SUBJECT` outside a chain).
   * The reference runs formatters in a scope of that value, so the names they resolve and the
   * partials they apply find its fields (`{item|html|apply card}`, `{x|get k}`) before the
   * enclosing scopes, even once an earlier formatter has replaced the value.
   */
  subject: unknown = NO_SUBJECT;
  private subjectFrame: Frame | null = null;
  /** Source map and offset of the instruction running, for error positions. */
  map: SourceMap | undefined = undefined;
  pos = -1;
  depth = 0;
  /**
   * Work done so far, against the limits: the depth limit holds per branch only, so a macro that
   * applies itself twice would otherwise do 2^depth work.
   */
  applications = 0;
  iterations = 0;
  output = 0;
  /** Set once a budget is spent: from then on nothing repeats, the rest of the page renders. */
  exhausted = false;
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
    return cachedResolver(path)(this.scope());
  }

  resolveArgument(path: string): unknown {
    return cachedResolver(path)(this.frame);
  }

  /** Starts a formatter chain on `value` (see `subject`). */
  chain(value: unknown): void {
    this.subject = value;
    this.subjectFrame = null;
  }

  /** Where plugins resolve names: the chain's subject inside the instruction's scope. */
  private scope(): Frame {
    // A subject that is the scope's own node (`{@|apply card}`) would add a frame that answers
    // every lookup as the scope does.
    if (this.subject === NO_SUBJECT || this.subject === this.frame.node) return this.frame;
    const sf = this.subjectFrame;
    if (sf !== null && sf.parent === this.frame) return sf;
    return (this.subjectFrame = new Frame(this.subject, this.frame));
  }

  error(kind: TemplateErrorKind, message: string): void {
    this.errorAt(kind, message, this.map, this.pos);
  }

  errorAt(kind: TemplateErrorKind, message: string, map: SourceMap | undefined, pos: number): void {
    const n = this.errors.length;
    // The list is memory too: a loop that fails on every element stops adding after a while.
    if (n < MAX_ERRORS) this.errors.push(makeError(kind, message, map, pos));
    else if (n === MAX_ERRORS)
      this.errors.push(
        makeError('RENDER_LIMIT_EXCEEDED', `More than ${MAX_ERRORS} errors; the rest are not listed`),
      );
  }

  inject(path: string): string | undefined {
    const v =
      this.injects && Object.prototype.hasOwnProperty.call(this.injects, path)
        ? this.injects[path]
        : undefined;
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

  /** Records the spent budget once; always false, for the callers to return. */
  private overBudget(what: string): false {
    if (!this.exhausted) {
      this.exhausted = true;
      // Listed even past the error cap: it is the one that explains a truncated page.
      this.errors.push(
        makeError('RENDER_LIMIT_EXCEEDED', `Render stopped repeating work: ${what}`, this.map, this.pos),
      );
    }
    return false;
  }

  /** Counts one repeated-section iteration; false once a budget is spent. */
  iterate(): boolean {
    if (this.exhausted) return false;
    if (++this.iterations > this.limits.maxIterations) {
      return this.overBudget(`more than ${this.limits.maxIterations} iterations`);
    }
    if (this.output > this.limits.maxOutputLength) {
      return this.overBudget(`output longer than ${this.limits.maxOutputLength} characters`);
    }
    return true;
  }

  /** Counts text produced by repeated work (see `maxOutputLength`). */
  produced(s: string): string {
    this.output += s.length;
    return s;
  }

  /** Counts one level of partial nesting; false (and an error) past the limit. */
  enter(name: string): boolean {
    if (this.exhausted) return false;
    if (++this.applications > this.limits.maxApplications) {
      return this.overBudget(`more than ${this.limits.maxApplications} partial or macro applications`);
    }
    if (this.output > this.limits.maxOutputLength) {
      return this.overBudget(`output longer than ${this.limits.maxOutputLength} characters`);
    }
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

  renderPartial(
    name: string,
    data: unknown,
    options?: { private?: boolean; args?: Record<string, string> },
  ): string {
    const from = this.scope();
    const code = this.code(name, from);
    if (code === undefined) {
      this.error('PARTIAL_NOT_FOUND', `Attempt to apply partial '${name}' which could not be found.`);
      return '';
    }
    if (!this.enter(name)) return '';
    const saved = { frame: this.frame, map: this.map, pos: this.pos, subject: this.subject };
    const f = new Frame(data, from);
    if (options?.private) f.stop = true;
    if (options?.args) f.setVar('@args', options.args);
    this.subject = NO_SUBJECT;
    try {
      return this.produced(typeof code === 'function' ? code(this, f) : code.run(this, f));
    } finally {
      this.depth--;
      this.frame = saved.frame;
      this.map = saved.map;
      this.pos = saved.pos;
      this.chain(saved.subject);
    }
  }

  /** Runs a formatter, recording (not throwing) its failure; `failed` when it threw. */
  callFormatter(
    fn: Formatter,
    name: string,
    value: unknown,
    args: readonly string[],
    vars: unknown[],
  ): unknown {
    try {
      return fn(value, args, this, vars);
    } catch (e) {
      this.error('UNEXPECTED_ERROR', `Unexpected error when executing formatter '${name}': ${describe(e)}`);
      return FAILED;
    }
  }
}

/** `Render.subject` outside a formatter chain. */
export const NO_SUBJECT: unique symbol = Symbol('no subject');

/** Returned by callFormatter when the formatter threw. */
export const FAILED: unique symbol = Symbol('failed');

export function describe(e: unknown): string {
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}
