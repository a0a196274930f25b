/**
 * The contract between the engine core and every formatter and predicate, built-in or added by a
 * product team. Plugins see only this interface, never the compiler's internals, so the core can
 * change how it renders without touching them.
 */

/** Kinds of error the engine records; stable strings so callers can switch on them. */
export type TemplateErrorKind =
  | 'FORMATTER_UNKNOWN'
  | 'PREDICATE_UNKNOWN'
  | 'FORMATTER_ARGS_INVALID'
  | 'PARTIAL_NOT_FOUND'
  | 'PARTIAL_PARSE_FAILED'
  | 'PARTIAL_RECURSION_EXCEEDED'
  /** A render's work budget (applications, iterations, output) is spent; the rest still renders. */
  | 'RENDER_LIMIT_EXCEEDED'
  | 'UNEXPECTED_ERROR'
  | 'EXPRESSION_ERROR'
  | 'JULIAN_DAY_OUT_OF_RANGE'
  | 'NOT_IMPLEMENTED'
  | 'SYNTAX_ERROR';

export interface TemplateError {
  kind: TemplateErrorKind;
  message: string;
  /** 1-based position in the template source, when known. */
  line?: number;
  column?: number;
}

/** What a plugin may ask of the render in progress. */
export interface RenderContext {
  /** BCP 47 locale of this render, e.g. "en-US"; "en" when the caller gave none. */
  readonly locale: string;
  /** Epoch milliseconds the render treats as "now". */
  readonly now: number;
  /** IANA time zone: render option, else website.timeZone in the data, else America/New_York. */
  readonly timeZone: string;
  /** The data the render started with. */
  readonly root: unknown;
  /** The node of the innermost scope (what `@` means at this point of the template). */
  readonly node: unknown;
  /**
   * Resolves a dotted path (`a.b.0.c`, `@`, `@index`, `$x`) the way a template variable would. In
   * a formatter that is from a scope of the variable's own value, inside the instruction's scope
   * (`{item|fmt}` finds `item`'s fields first, even after an earlier formatter replaced the value).
   */
  resolve(path: string): unknown;
  /**
   * Resolves a path from the instruction's scope, leaving out the variable's own value: how
   * `format`, `message` and `plural` read their variable arguments.
   */
  resolveArgument(path: string): unknown;
  /** Records an error without stopping the render. */
  error(kind: TemplateErrorKind, message: string): void;
  /**
   * Renders a named partial (or the `.macro` of that name) against `data` with the current
   * options; used by formatters such as `apply`. Returns "" and records an error when missing.
   */
  renderPartial(name: string, data: unknown, options?: RenderPartialOptions): string;
  /** The raw text injected under `path`, if the caller supplied it. */
  inject(path: string): string | undefined;
  /**
   * The limits of this render: always set by the engine, optional only so hand-made test contexts
   * need not. Number formatters cap digit options at `maxDigits` (50).
   */
  readonly limits?: RenderLimits;
}

/** How `renderPartial` runs the partial (the `apply` formatter's `private` and `key=value`). */
export interface RenderPartialOptions {
  /** Variables do not resolve past the partial's data. */
  private?: boolean;
  /** Bound as `@args` inside the partial. */
  args?: Readonly<Record<string, string>>;
}

/** Safety limits of a render (see the engine's `Limits` option). */
export interface RenderLimits {
  readonly maxPartialDepth: number;
  readonly maxExpressionTokens: number;
  readonly maxStringLength: number;
  readonly maxDigits: number;
  readonly maxApplications: number;
  readonly maxIterations: number;
  readonly maxOutputLength: number;
}

/**
 * A formatter turns the current value into a new value. `args` are the formatter's arguments as
 * written (`{x|truncate 10 ...}` → ["10", "..."]). `vars` holds every variable of a multi-variable
 * reference (`{a,b|fmt}`); `value` is `vars[0]`.
 */
export type Formatter = (
  value: unknown,
  args: readonly string[],
  ctx: RenderContext,
  vars: readonly unknown[],
) => unknown;

/** A predicate decides a `{.name? args}` section against the current scope node `ctx.node`. */
export type Predicate = (args: readonly string[], ctx: RenderContext) => boolean;

/** A bundle of formatters and predicates that can be registered in one call. */
export interface TemplatePlugin {
  formatters?: Readonly<Record<string, Formatter>>;
  /** Keys are written with the trailing "?" as in templates: "sold-out?". */
  predicates?: Readonly<Record<string, Predicate>>;
}
