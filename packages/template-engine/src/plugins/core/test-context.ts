/**
 * A small RenderContext for table tests of formatters and predicates: scopes are a stack of
 * nodes searched innermost first, the way the engine resolves template variables.
 */
import type { Formatter, Predicate, RenderContext, TemplateError, TemplateErrorKind } from '../types';
import { child, splitPath } from './values';

export interface FakeContextOptions {
  root?: unknown;
  /** Scope nodes below the root, outermost first; the last one is `@`. */
  scopes?: unknown[];
  /** Extra `@`-variables such as `@index`. */
  vars?: Record<string, unknown>;
  locale?: string;
  now?: number;
  timeZone?: string;
  partials?: Record<string, (data: unknown) => string>;
}

export interface FakeContext extends RenderContext {
  readonly errors: TemplateError[];
}

export const fakeContext = (opts: FakeContextOptions = {}): FakeContext => {
  const root = opts.root ?? {};
  const stack = [root, ...(opts.scopes ?? [])];
  const node = stack[stack.length - 1];
  const errors: TemplateError[] = [];
  const resolve = (path: string): unknown => {
    if (path === '@') return node;
    const parts = splitPath(path);
    const [head, ...rest] = parts;
    if (head === undefined) return undefined;
    if (head.startsWith('@') || head.startsWith('$')) {
      const base = head === '@' ? node : opts.vars?.[head];
      return rest.reduce<unknown>((v, k) => (v === undefined ? v : child(v, k)), base);
    }
    for (let i = stack.length - 1; i >= 0; i--) {
      const first = child(stack[i], head);
      if (first !== undefined) {
        return rest.reduce<unknown>((v, k) => (v === undefined ? v : child(v, k)), first);
      }
    }
    return undefined;
  };
  return {
    locale: opts.locale ?? 'en',
    now: opts.now ?? Date.UTC(2021, 0, 1),
    timeZone: opts.timeZone ?? 'America/New_York',
    root,
    node,
    resolve,
    resolveArgument: resolve,
    errors,
    error(kind: TemplateErrorKind, message: string) {
      errors.push({ kind, message });
    },
    renderPartial(name: string, data: unknown) {
      const p = opts.partials?.[name];
      if (!p) {
        errors.push({ kind: 'PARTIAL_NOT_FOUND', message: name });
        return '';
      }
      return p(data);
    },
    inject: () => undefined,
  };
};

/** Calls a formatter the way the engine does for `{value|name args}`. */
export const run = (
  f: Formatter | undefined,
  value: unknown,
  args: readonly string[] = [],
  ctx: RenderContext = fakeContext(),
  vars: readonly unknown[] = [value],
): unknown => {
  if (!f) throw new Error('formatter not registered');
  return f(value, args, ctx, vars);
};

/** Evaluates a predicate with `node` as the current scope. */
export const check = (
  p: Predicate | undefined,
  node: unknown,
  args: readonly string[] = [],
  opts: FakeContextOptions = {},
): boolean => {
  if (!p) throw new Error('predicate not registered');
  return p(args, fakeContext({ ...opts, scopes: [...(opts.scopes ?? []), node] }));
};
