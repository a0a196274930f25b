/**
 * Syntax tree → closures. Every instruction becomes a function `(render, scope) => text`,
 * blocks concatenate their children, and everything that can be decided once is decided here:
 * formatter and predicate lookups, path splitting, expression parsing.
 */
import type { FormatterCall, Node, PredicateNode } from './ast';
import type { SourceMap } from './errors';
import { compileExpr, ReduceError, type CompiledExpr, type EvalScope } from './expr';
import { isContextFree } from './plugins/context-free';
import type { Formatter } from './plugins/types';
import type { Registry } from './registry';
import { FAILED, NO_SUBJECT, describe, type Exec, type Limits, type Render } from './render';
import {
  Frame,
  getOwn,
  isTruthy,
  resolveName,
  resolvePath,
  resolver,
  toText,
  walk,
  type Path,
} from './runtime';

interface Env {
  registry: Registry;
  map: SourceMap;
  limits: Readonly<Limits>;
}

const EMPTY: Exec = () => '';

export function compileNodes(nodes: Node[], env: Env): Exec {
  return block(nodes, env);
}

function block(nodes: readonly Node[], env: Env): Exec {
  // Text stays a string in the list, concatenated in place: a call per piece of text was a large
  // share of rendering markup-heavy templates.
  const parts: (string | Exec)[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const nd = nodes[i]!;
    if (nd.kind === 'text') {
      const last = parts.length - 1;
      if (last >= 0 && typeof parts[last] === 'string') parts[last] += nd.text;
      else parts.push(nd.text);
      continue;
    }
    const e = node(nd, env);
    if (e !== EMPTY) parts.push(e);
  }
  const n = parts.length;
  if (n === 0) return EMPTY;
  const only = parts[0]!;
  if (n === 1 && typeof only === 'string') return constant(only);
  // A throw loses only the instruction that threw, as in the reference engine: data may hold
  // values no conversion accepts, and one plugin bug must not blank the page. The loop resumes
  // after the part that threw.
  return (c, f) => {
    let s = '';
    let i = 0;
    for (;;) {
      try {
        for (; i < n; i++) {
          const p = parts[i]!;
          s += typeof p === 'string' ? p : p(c, f);
        }
        return s;
      } catch (e) {
        c.error('UNEXPECTED_ERROR', `Unexpected error while rendering: ${describe(e)}`);
        i++;
      }
    }
  };
}

function constant(t: string): Exec {
  return () => t;
}

function node(n: Node, env: Env): Exec {
  switch (n.kind) {
    case 'text':
      return constant(n.text);
    case 'variable':
      return variable(n.vars, n.formatters, n.pos, env);
    case 'section':
      return section(n.path, block(n.body, env), alternate(n.alt, env));
    case 'repeated':
      return repeated(n.path, block(n.body, env), n.between && block(n.between, env), alternate(n.alt, env));
    case 'predicate':
    case 'or':
      return predicate(n, env);
    case 'if':
      return ifBlock(n.ops, n.vars, block(n.body, env), alternate(n.alt, env));
    case 'bindvar':
      return bindvar(n.name, n.vars, n.formatters, n.pos, env);
    case 'ctxvar': {
      const { name, bindings } = n;
      return (_c, f) => {
        const o: Record<string, unknown> = {};
        for (const [k, p] of bindings) {
          const v = resolvePath(p, f);
          o[k] = v === undefined ? null : v;
        }
        f.setVar(name, o);
        return '';
      };
    }
    case 'eval':
      return n.valid ? evalInst(n.source.slice(n.from, n.to), n.pos, env) : EMPTY;
    case 'include':
      return include(n.name, n.args.includes('output'), n.pos, env.map);
    case 'inject': {
      const { name, path } = n;
      return (c, f) => {
        f.setVar(name, c.injectValue(path));
        return '';
      };
    }
    case 'macro': {
      const name = n.name;
      const body = block(n.body, env);
      return (_c, f) => {
        (f.macros ??= new Map()).set(name, body);
        return '';
      };
    }
  }
}

// Variables ---------------------------------------------------------------------------------

interface BoundFormatter {
  fn: Formatter;
  name: string;
  args: readonly string[];
}

function bindFormatters(list: FormatterCall[], env: Env): BoundFormatter[] {
  const out: BoundFormatter[] = [];
  for (const { name, args } of list) {
    const fn = env.registry.formatter(name);
    if (fn) out.push({ fn, name, args });
  }
  return out;
}

/** Resolves the variables of a `{a,b|...}` or `.var` instruction. */
function resolveAll(paths: Path[]): (f: Frame) => unknown[] {
  const rs = paths.map(resolver);
  if (rs.length === 1) {
    const r = rs[0]!;
    return (f) => [r(f)];
  }
  return (f) => rs.map((r) => r(f));
}

/** Applies a formatter chain to vars[0]; false when a formatter threw. */
function applyChain(
  c: Render,
  f: Frame,
  fmts: BoundFormatter[],
  vars: unknown[],
  env: Env,
  pos: number,
  /** A variable's chain runs in a scope of its value; a `.var` binding's does not (as the reference). */
  scoped: boolean,
): boolean {
  const sf = c.frame;
  c.frame = f;
  c.map = env.map;
  c.pos = pos;
  if (scoped) c.chain(vars[0]);
  let ok = true;
  for (let i = 0; i < fmts.length; i++) {
    const b = fmts[i]!;
    const r = c.callFormatter(b.fn, b.name, vars[0], b.args, vars);
    if (r === FAILED) {
      ok = false;
      break;
    }
    vars[0] = r;
  }
  c.chain(NO_SUBJECT);
  c.frame = sf;
  return ok;
}

function variable(paths: Path[], formatters: FormatterCall[], pos: number, env: Env): Exec {
  const fmts = bindFormatters(formatters, env);
  if (fmts.length === 0 && paths.length === 1) {
    const r = resolver(paths[0]!);
    return (_c, f) => toText(r(f));
  }
  if (fmts.length === 1 && paths.length === 1) {
    // The common `{a.b|fmt args}`: one value through one formatter.
    const r = resolver(paths[0]!);
    const { fn, name, args } = fmts[0]!;
    const { map } = env;
    if (isContextFree(fn)) return contextFreeVariable(r, fn, name, args, map, pos);
    return (c, f) => {
      const sf = c.frame;
      c.frame = f;
      c.map = map;
      c.pos = pos;
      const v = r(f);
      c.chain(v);
      const out = c.callFormatter(fn, name, v, args, [v]);
      c.chain(NO_SUBJECT);
      c.frame = sf;
      return out === FAILED ? '' : toText(out);
    };
  }
  const all = resolveAll(paths);
  return (c, f) => {
    const vars = all(f);
    if (!applyChain(c, f, fmts, vars, env, pos, true)) return '';
    return toText(vars[0]);
  };
}

const NO_VARS: readonly unknown[] = Object.freeze([]);

/** `{a.b|fmt args}` with a formatter that reads only its value and arguments (context-free.ts). */
function contextFreeVariable(
  r: (f: Frame) => unknown,
  fn: Formatter,
  name: string,
  args: readonly string[],
  map: SourceMap,
  pos: number,
): Exec {
  return (c, f) => {
    const v = r(f);
    let out: unknown;
    try {
      out = fn(v, args, c, NO_VARS);
    } catch (e) {
      c.map = map;
      c.pos = pos;
      c.error('UNEXPECTED_ERROR', `Unexpected error when executing formatter '${name}': ${describe(e)}`);
      return '';
    }
    return toText(out);
  };
}

function bindvar(name: string, paths: Path[], formatters: FormatterCall[], pos: number, env: Env): Exec {
  const fmts = bindFormatters(formatters, env);
  const all = resolveAll(paths);
  return (c, f) => {
    const vars = all(f);
    if (fmts.length && !applyChain(c, f, fmts, vars, env, pos, false)) return '';
    f.setVar(name, vars[0]);
    return '';
  };
}

// Blocks ------------------------------------------------------------------------------------

/** Sections resolve their first segment in the current scope only, not further up. */
function sectionResolver(path: Path): (f: Frame) => unknown {
  const first = path[0]!;
  if (path.length === 1) {
    if (typeof first === 'string' && first.charCodeAt(0) !== 64) return (f) => getOwn(f.node, first);
    return (f) => resolveName(first, f);
  }
  return (f) => walk(resolveName(first, f), path, 1);
}

function alternate(alt: PredicateNode | null, env: Env): Exec | null {
  return alt === null ? null : predicate(alt, env);
}

function section(path: Path, body: Exec, alt: Exec | null): Exec {
  const r = sectionResolver(path);
  return (c, f) => {
    const v = r(f);
    const inner = new Frame(v, f);
    if (isTruthy(v)) return body(c, inner);
    return alt === null ? '' : alt(c, inner);
  };
}

function repeated(path: Path, body: Exec, between: Exec | null, alt: Exec | null): Exec {
  const r = sectionResolver(path);
  return (c, f) => {
    const v = r(f);
    if (!Array.isArray(v) || v.length === 0) return alt === null ? '' : alt(c, f);
    const list = new Frame(v, f);
    // One element frame, moved along: nothing keeps a frame once its iteration has run (partials,
    // expressions and formatters only look up through it while they run).
    const item = new Frame(undefined, list);
    const n = v.length;
    let s = '';
    for (let i = 0; i < n; i++) {
      if (!c.iterate()) break;
      list.index = i;
      item.node = v[i];
      item.vars = null;
      item.macros = null;
      const b = body(c, item);
      c.output += b.length;
      s += b;
      if (between !== null && i < n - 1) s += between(c, item);
    }
    return s;
  };
}

function predicate(n: PredicateNode, env: Env): Exec {
  const body = block(n.body, env);
  const alt = alternate(n.alt, env);
  if (n.name === null) return body;
  const fn = env.registry.predicate(n.name);
  const name = n.name;
  const args = n.args;
  const { map } = env;
  const pos = n.pos;
  return (c, f) => {
    let ok = false;
    if (fn !== undefined) {
      const sf = c.frame;
      c.frame = f;
      c.map = map;
      c.pos = pos;
      try {
        ok = !!fn(args, c);
      } catch (e) {
        c.error('UNEXPECTED_ERROR', `Unexpected error when executing predicate '${name}': ${describe(e)}`);
      }
      c.frame = sf;
    }
    if (ok) return body(c, f);
    return alt === null ? '' : alt(c, f);
  };
}

function ifBlock(ops: ('&&' | '||')[], paths: Path[], body: Exec, alt: Exec | null): Exec {
  const rs = paths.map(resolver);
  const first = rs[0]!;
  // Left to right with no precedence, stopping as soon as the result is settled.
  const test =
    rs.length === 1
      ? (f: Frame) => isTruthy(first(f))
      : (f: Frame) => {
          let result = isTruthy(first(f));
          for (let i = 1; i < rs.length; i++) {
            const value = isTruthy(rs[i]!(f));
            if (ops[i - 1] === '&&') {
              result = result && value;
              if (!result) break;
            } else {
              result = result || value;
              if (result) break;
            }
          }
          return result;
        };
  return (c, f) => (test(f) ? body(c, f) : alt === null ? '' : alt(c, f));
}

// Expressions, partials ---------------------------------------------------------------------

/** `.eval` (already checked by the parser): built into closures when it first runs. */
function evalInst(src: string, pos: number, env: Env): Exec {
  const limits = {
    maxTokens: env.limits.maxExpressionTokens,
    maxStringLength: env.limits.maxStringLength,
  };
  const { map } = env;
  let run: Exec | null = null;
  return (c, f) => {
    if (run === null) {
      const { expr } = compileExpr(src, limits);
      run = expr.exprs.length ? runExpr(expr, src, pos, map) : EMPTY;
    }
    return run(c, f);
  };
}

function runExpr(expr: CompiledExpr, src: string, pos: number, map: SourceMap): Exec {
  const parts = expr.exprs;
  return (c, f) => {
    const scratch: EvalScope = new Frame(f.node, f);
    const scope = scratch;
    let failed = false;
    let result: unknown = undefined;
    for (let i = 0; i < parts.length; i++) {
      const p = parts[i]!;
      result = undefined;
      try {
        for (let k = 0; k < p.pre.length; k++) p.pre[k]!(scope);
        result = p.run(scope);
        if (result === undefined && p.strictTop) {
          throw new ReduceError('Reduce error: unexpected token on stack');
        }
      } catch (e) {
        failed = true;
        const msg = e instanceof ReduceError ? e.message : describe(e);
        c.errorAt('EXPRESSION_ERROR', `Error reducing expression: ${src}: ${msg}`, map, pos);
      }
    }
    if (failed) return '';
    const vars = scratch.vars;
    if (vars !== null) for (let i = 0; i < vars.length; i += 2) f.setVar(vars[i] as string, vars[i + 1]);
    return result === undefined || result === null ? '' : String(result);
  };
}

function include(name: string, output: boolean, pos: number, map: SourceMap): Exec {
  return (c, f) => {
    c.map = map;
    c.pos = pos;
    const code = c.code(name, f);
    if (code === undefined) {
      c.error('PARTIAL_NOT_FOUND', `Attempt to include partial '${name}' which could not be found.`);
      return '';
    }
    if (!c.enter(name)) return '';
    try {
      const s = c.produced(typeof code === 'function' ? code(c, f) : code.run(c, f));
      return output ? s : '';
    } finally {
      c.depth--;
    }
  };
}
