import { describe, expect, it } from 'vitest';
import {
  compile,
  createRegistry,
  defaultRegistry,
  render,
  type Formatter,
  type RenderContext,
  type TemplateError,
} from '../index';

// A registry of small, predictable plugins, so these tests exercise the engine alone.
const seen: { node: unknown; args: readonly string[]; vars: readonly unknown[] }[] = [];
const registry = createRegistry({
  formatters: {
    upper: (v) => String(v ?? '').toUpperCase(),
    wrap: (v, args) => `${args[0] ?? '['}${String(v)}${args[1] ?? ']'}`,
    join: (_v, args, _ctx, vars) => vars.map(String).join(args[0] ?? '+'),
    spy: (v, args, ctx, vars) => {
      seen.push({ node: ctx.node, args, vars: [...vars] });
      return v;
    },
    boom: () => {
      throw new Error('kaput');
    },
    undef: () => undefined,
    resolve: (_v, args, ctx) => ctx.resolve(args[0] ?? '@'),
    partial: (v, args, ctx) => ctx.renderPartial(args[0]!, v, { private: args[1] === 'private' }),
    zone: (_v, _a, ctx) => `${ctx.locale}|${ctx.timeZone}|${ctx.now}`,
    note: (v, _a, ctx) => {
      ctx.error('FORMATTER_ARGS_INVALID', 'noted');
      return v;
    },
    injected: (_v, args, ctx) => ctx.inject(args[0]!) ?? 'none',
    limit: (_v, _a, ctx) => ctx.limits?.maxDigits,
  } satisfies Record<string, Formatter>,
  predicates: {
    'yes?': () => true,
    'no?': () => false,
    'is?': (args, ctx) => ctx.resolve(args[0]!) === (args[1] === undefined ? true : JSON.parse(args[1])),
    'node?': (args, ctx) => ctx.node === (args[0] ? JSON.parse(args[0]) : undefined),
    'boom?': () => {
      throw new Error('bad predicate');
    },
  },
});

const run = (src: string, data: unknown = {}, options: Parameters<typeof render>[2] = {}) =>
  render(src, data, { registry, now: 0, ...options });
const html = (src: string, data: unknown = {}, options: Parameters<typeof render>[2] = {}) =>
  run(src, data, options).html;
const kinds = (errors: readonly TemplateError[]) => errors.map((e) => e.kind);

describe('text and comments', () => {
  it('passes text through', () => expect(html('plain <b>text</b>\n')).toBe('plain <b>text</b>\n'));
  it('drops comments', () => {
    expect(html('a{# one line}b')).toBe('ab');
    expect(html('a{## multi\nline {x} ##}b')).toBe('ab');
    expect(html('a{## never closed')).toBe('a');
  });
  it('leaves text that only looks like a tag', () => {
    expect(html('body { color: red }')).toBe('body { color: red }');
    expect(html('{}{ x}{x }{a||b}{.nope}{.section}{1a}', { x: 1 })).toBe(
      '{}{ x}{x }{a||b}{.nope}{.section}{1a}',
    );
    expect(html('f(){return {a:1}}')).toBe('f(){return {a:1}}');
    expect(html('unclosed { tag', {})).toBe('unclosed { tag');
  });
  it('starts a tag over at a second brace', () => expect(html('{a {x}', { x: 1 })).toBe('{a 1'));
  it('writes the special characters', () => {
    expect(html('{.meta-left}x{.meta-right}{.space}{.tab}{.newline}')).toBe('{x} \t\n');
  });
});

describe('variables', () => {
  const data = {
    a: { b: [{ c: 'deep' }] },
    s: 'str',
    n: 1.5,
    t: true,
    f: false,
    z: null,
    arr: [1, 'two', null],
  };
  it('resolves dotted paths and indexes', () => {
    expect(html('{a.b.0.c}|{s}|{n}|{t}|{f}|{z}|{missing}|{a.missing.x}', data)).toBe(
      'deep|str|1.5|true|false|||',
    );
  });
  it('writes arrays comma-joined and objects as nothing', () =>
    expect(html('{arr}|{a}', data)).toBe('1,two,null|'));
  it('resolves up the scopes', () => {
    expect(html('{.section a}{s}{.end}', data)).toBe('str');
  });
  it('resolves @ to the current node', () => {
    expect(html('{.section s}{@}{.end}|{@.s}', data)).toBe('str|str');
  });
  it('looks up $-names and keys with @ or $', () => {
    expect(html('{$x.$y}', { $x: { $y: 'ok' } })).toBe('ok');
  });
  it('reads own properties only', () => {
    const proto = { inherited: 'no' };
    const obj = Object.create(proto) as Record<string, unknown>;
    obj.own = 'yes';
    expect(html('{own}{inherited}{constructor}{toString}{hasOwnProperty}', obj)).toBe('yes');
    expect(html('{a.constructor.name}{arr.length}{s.length}', { a: {}, arr: [1], s: 'x' })).toBe('');
    expect(html('{.section constructor}X{.end}{.repeated section toString}Y{.end}', {})).toBe('');
    // Template syntax cannot even name __proto__; plugins' lookups read own properties only too.
    expect(html('{x|resolve __proto__}{x|resolve constructor}|{x|resolve own}', obj)).toBe('|yes');
    expect(html('{x|resolve __proto__.x}', JSON.parse('{"__proto__": {"x": 1}}'))).toBe('1');
  });
  it('does not look into an object whose data has a hasOwnProperty key, as the reference', () => {
    const d = JSON.parse('{"on": {"hasOwnProperty": "x", "a": 1}, "hasOwnProperty": "top"}') as unknown;
    expect(html('[{on.hasOwnProperty}|{on.a}|{@.hasOwnProperty}|{x|resolve on.a}]', d)).toBe('[|||]');
    // The object itself and its keys as the first segment of a path are still reached.
    expect(html('{hasOwnProperty}|{.section on}{a}{hasOwnProperty}{.end}', d)).toBe('top|1x');
    expect(html('{a.b.c}', { a: { b: { c: 'ok', hasOwn: 1 } } })).toBe('ok');
    expect(html('{a.b}', { a: Object.assign(Object.create(null) as object, { b: 'bare' }) })).toBe('bare');
  });
});

describe('formatters', () => {
  it('chains formatters left to right', () => expect(html('{s|upper|wrap}', { s: 'ab' })).toBe('[AB]'));
  it('splits arguments on the first character after the name', () => {
    expect(html('{s|wrap < >}', { s: 'x' })).toBe('<x>');
    expect(html('{s|wrap,(,)}', { s: 'x' })).toBe('(x)');
    expect(html('{s|wrap:a b:c d}', { s: 'x' })).toBe('a bxc d');
  });
  it('passes every variable of a multi-variable reference', () => {
    expect(html('{a, b ,c|join -}', { a: 1, b: 2, c: 3 })).toBe('1-2-3');
  });
  it('gives formatters the scope node, not the value, as ctx.node', () => {
    seen.length = 0;
    html('{.section item}{name|spy x y}{.end}', { item: { name: 'n' } });
    expect(seen).toEqual([{ node: { name: 'n' }, args: ['x', 'y'], vars: ['n'] }]);
  });
  it('resolves names in a scope of the variable, as the reference, even after the value changed', () => {
    const d = { o: { t: 'T', a: 'inner', k: 'a' }, a: 'outer', k: 't' };
    expect(html('{o|upper|resolve a}|{o|upper|resolve @.k}|{s|resolve a}', { ...d, s: 'x' })).toBe(
      'inner|a|outer',
    );
    // A partial applied after another formatter still sees the variable's fields, then the page's.
    expect(html('{.macro m}[{@}|{a}]{.end}{o|upper|partial m}', d)).toBe('[[OBJECT OBJECT]|inner]');
    // `.var` binds without that scope, as in the reference.
    expect(html('{.macro m}[{a}]{.end}{.var @v o|upper|partial m}{@v}', d)).toBe('[outer]');
    // Predicates and variables after the chain see the page's scopes again.
    expect(html('{o|upper|resolve a}{a}', d)).toBe('innerouter');
  });
  it('reads format and message arguments from the instruction scope, not the value', () => {
    const d = { o: { t: 'v={0}', a: 'inner' }, a: 'outer' };
    // `get` reads its arguments as `resolve` does: `a` is the value's own field.
    const t = compile('{o|prop t|format a}|{o|prop t|message a}|{o|get a}');
    expect(t.render(d, { locale: 'en' }).html).toBe('v=outer|v=outer|');
    expect(compile('{o|get k}').render({ o: { k: 't', t: 1 }, k: 'x' }).html).toBe('1');
  });
  it('writes nothing for undefined results', () => expect(html('[{s|undef}]', { s: 1 })).toBe('[]'));
  it('records an unknown formatter and leaves the tag as text', () => {
    const r = run('a {s|nosuch} b', { s: 1 });
    expect(r.html).toBe('a {s|nosuch} b');
    expect(r.errors).toMatchObject([{ kind: 'FORMATTER_UNKNOWN', line: 1, column: 3 }]);
  });
  it('records a throwing formatter and renders the rest', () => {
    const r = run('a{s|boom}b{s}', { s: 1 });
    expect(r.html).toBe('ab1');
    expect(r.errors).toMatchObject([{ kind: 'UNEXPECTED_ERROR', line: 1, column: 2 }]);
    expect(r.errors[0]!.message).toContain('kaput');
  });
  it('records a throwing built-in formatter that reads only its value at its position', () => {
    // json and html take (value, args): the engine calls them without setting up their scope.
    const self: Record<string, unknown> = {};
    self.self = self;
    const r = render('x\n  {a|json}y{b|html}', { a: self, b: 'ok' });
    expect(r.html).toBe('x\n  yok');
    expect(r.errors).toMatchObject([{ kind: 'UNEXPECTED_ERROR', line: 2, column: 3 }]);
    expect(r.errors[0]!.message).toContain("formatter 'json'");
  });
  it('gives a registered two-parameter formatter its context and variables all the same', () => {
    const mine = defaultRegistry()
      .clone()
      .register({
        formatters: {
          // Declares two parameters but reads the others: only built-ins are called without them.
          scoped: function (this: unknown, _v: unknown, _args: readonly string[]) {
            // eslint-disable-next-line prefer-rest-params
            const [, , ctx, vars] = arguments as unknown as [unknown, unknown, RenderContext, unknown[]];
            return `${String((ctx.node as { n: string }).n)}/${vars.length}`;
          },
        },
      });
    expect(render('{.section o}{n|scoped}{.end}', { o: { n: 'in' } }, { registry: mine }).html).toBe('in/1');
  });
  it('lets plugins record errors with the position of the instruction', () => {
    const r = run('\n  {s|note}', { s: 1 });
    expect(r.errors).toEqual([{ kind: 'FORMATTER_ARGS_INVALID', message: 'noted', line: 2, column: 3 }]);
  });
  it('resolves paths for plugins like template variables', () => {
    expect(html('{.repeated section xs}{@|resolve @index}{.end}', { xs: ['a', 'b'] })).toBe('12');
    expect(html('{.section a}{x|resolve b.c}{.end}', { a: { b: { c: 'deep' } }, x: 1 })).toBe('deep');
  });
  it('exposes locale, time zone, now, injects and limits', () => {
    expect(html('{x|zone}', {}, { locale: 'fr-FR', timeZone: 'Europe/Paris', now: 5 })).toBe(
      'fr-FR|Europe/Paris|5',
    );
    expect(html('{x|zone}', { website: { timeZone: 'Asia/Tokyo' } })).toBe('en|Asia/Tokyo|0');
    expect(html('{x|zone}', {})).toBe('en|America/New_York|0');
    expect(html('{x|injected a.txt}{x|injected b}', {}, { injects: { 'a.txt': 'A' } })).toBe('Anone');
    expect(html('{x|limit}')).toBe('50');
  });
});

describe('sections', () => {
  it('runs the body for truthy values with the value as scope', () => {
    expect(html('{.section a}[{b}]{.end}', { a: { b: 1 } })).toBe('[1]');
  });
  it.each([
    [undefined, 'no'],
    [null, 'no'],
    [false, 'no'],
    [0, 'no'],
    ['', 'no'],
    [[], 'no'],
    [{}, 'no'],
    [true, 'yes'],
    [1, 'yes'],
    ['x', 'yes'],
    [[0], 'yes'],
    [{ k: 0 }, 'yes'],
  ])('section of %j → %s', (a, expected) =>
    expect(html('{.section a}yes{.or}no{.end}', { a })).toBe(expected),
  );
  it('resolves the section name in the current scope only', () => {
    expect(html('{.section a}{.section c}C{.or}none{.end}{.end}', { a: { b: 1 }, c: 1 })).toBe('none');
  });
  it('reports an unclosed section, an extra end and misplaced instructions', () => {
    const r = run('{.section a}x\n{.end}{.end}{.alternates with}{.or}\n{.section b}', { a: 1 });
    expect(r.html).toBe('x\n\n');
    expect(kinds(r.errors)).toEqual(['SYNTAX_ERROR', 'SYNTAX_ERROR', 'SYNTAX_ERROR', 'SYNTAX_ERROR']);
    expect(r.errors.map((e) => [e.line, e.column])).toEqual([
      [2, 7],
      [2, 13],
      [2, 31],
      [3, 1],
    ]);
  });
  it('reports an .or after a plain .or as dead code', () => {
    const r = run('{.section a}A{.or}B{.or}C{.end}', {});
    expect(r.html).toBe('BC');
    expect(r.errors[0]!.message).toContain('never execute');
  });
});

describe('repeated sections', () => {
  const data = { xs: ['a', 'b', 'c'], people: [{ name: 'x' }, { name: 'y' }] };
  it('repeats the body per element, with @index and @index0', () => {
    expect(html('{.repeated section xs}{@index}{@index0}{@}{.end}', data)).toBe('10a21b32c');
  });
  it('writes .alternates with between elements', () => {
    expect(html('{.repeated section xs}{@}{.alternates with}, {.end}', data)).toBe('a, b, c');
    expect(
      html('{.repeated section people}{name}{.alternates with}<{.section name}{@}{.end}>{.end}', data),
    ).toBe('x<x>y');
  });
  it('runs .or for missing, empty and non-array values', () => {
    for (const xs of [undefined, [], {}, 'abc', 3]) {
      expect(html('{.repeated section xs}{@}{.or}none{.end}', { xs })).toBe('none');
    }
  });
  it('nests, keeping the outer scopes visible', () => {
    const d = { rows: [{ cells: [1, 2] }, { cells: [3] }], sep: '/' };
    expect(html('{.repeated section rows}{@index}:{.repeated section cells}{@}{sep}{.end};{.end}', d)).toBe(
      '1:1/2/;2:3/;',
    );
  });
  it('repeats after an instruction that failed on an element (the reference renders it a frame off)', () => {
    // The reference's date formatter throws on an instant a Date cannot hold and leaves its scope
    // stack a frame off, so there the section finds no `item`; here the error is reported and the
    // section renders what the template says.
    const r = render('{item.1|date %Y}{.repeated section item}Y{.end}', { item: [0, 1e300] }, { now: 0 });
    expect(r.html).toBe('YY');
    expect(kinds(r.errors)).toEqual(['JULIAN_DAY_OUT_OF_RANGE']);
    expect(html('{item.1|boom}{.repeated section item}Y{.end}', { item: [0, 1] })).toBe('YY');
  });
  it('starts each element with no variables or macros of the one before', () => {
    const src =
      '{.repeated section xs}[{@v}{.if @index0}{.include m output}{.end}]{.var @v @}{.macro m}M{.end}{.end}';
    expect(html(src, data)).toBe('[][][]');
  });
});

describe('predicates and .if', () => {
  it('runs predicate sections and their .or chains', () => {
    expect(html('{.yes?}Y{.end}{.no?}N{.or}n{.end}')).toBe('Yn');
    expect(html('{.no?}1{.or no?}2{.or yes?}3{.or}4{.end}')).toBe('3');
    expect(html('{.no?}1{.or no?}2{.or}4{.end}')).toBe('4');
  });
  it('passes arguments and the scope node', () => {
    expect(html('{.is? a.b 3}yes{.or}no{.end}', { a: { b: 3 } })).toBe('yes');
    expect(html('{.section a}{.node? 3}three{.or}object{.end}{.end}', { a: { b: 3 } })).toBe('object');
    expect(html('{.section a}{.section b}{.node? 3}three{.end}{.end}{.end}', { a: { b: 3 } })).toBe('three');
  });
  it('records an unknown predicate (false) and a throwing one', () => {
    const r = run('{.nosuch?}A{.or}B{.end}{.boom?}C{.or}D{.end}');
    expect(r.html).toBe('BD');
    expect(kinds(r.errors)).toEqual(['PREDICATE_UNKNOWN', 'UNEXPECTED_ERROR']);
  });
  it('tests variables with && and ||, left to right', () => {
    const d = { t: 1, f: 0 };
    expect(html('{.if t}A{.end}{.if f}B{.or}b{.end}', d)).toBe('Ab');
    expect(html('{.if f || t}A{.end}{.if t && f}B{.end}{.if t&&t}C{.end}', d)).toBe('AC');
    // No precedence: (t && f) || t
    expect(html('{.if t && f || t}A{.or}a{.end}', d)).toBe('a');
  });
  it('accepts a predicate after .if', () => expect(html('{.if yes?}Y{.end}')).toBe('Y'));
  it('leaves a malformed .if as text', () => expect(html('{.if a ||}{.if}')).toBe('{.if a ||}{.if}'));
});

describe('.var, .ctx, .inject', () => {
  it('binds @-variables to formatted values, visible in inner scopes', () => {
    expect(html('{.var @x s|upper}{.section o}{@x}{.end}', { s: 'ab', o: { k: 1 } })).toBe('AB');
  });
  it('scopes a variable to the block that defines it', () => {
    expect(html('{.section o}{.var @x s}{.end}[{@x}]', { s: 'ab', o: { k: 1 } })).toBe('[]');
  });
  it('builds an object from bindings', () => {
    const d = { a: { b: 1 }, c: [2] };
    expect(html('{.ctx @o x=a.b y=c.0 z=nope}{@o.x}{@o.y}{.section @o}{x}{.end}', d)).toBe('121');
  });
  it('injects raw text, JSON becoming data', () => {
    const injects = { 'a.json': '{"k": [1, 2]}', 'b.txt': 'plain {text}' };
    expect(
      html('{.inject @a a.json}{.inject @b b.txt}{.inject @c none.txt}{@a.k.1}|{@b}|{@c}', {}, { injects }),
    ).toBe('2|plain {text}|');
  });
});

describe('macros, partials, include', () => {
  it('applies a macro to a value', () => {
    const src = '{.macro m}<{name}>{.end}{.repeated section xs}{@|partial m}{.end}';
    expect(html(src, { xs: [{ name: 'a' }, { name: 'b' }] })).toBe('<a><b>');
  });
  it('renders partials, compiled once and cached across renders', () => {
    const partials = { p: '[{@|upper}]' };
    const t = compile('{s|partial p}', { registry });
    expect(t.render({ s: 'x' }, { partials }).html).toBe('[X]');
    expect(t.render({ s: 'y' }, { partials: { ...partials } }).html).toBe('[Y]');
  });
  it('keeps private partials from resolving outer names', () => {
    const partials = { p: '{a}|{b}' };
    expect(html('{o|partial p}', { o: { a: 1 }, b: 2 }, { partials })).toBe('1|2');
    expect(html('{o|partial p private}', { o: { a: 1 }, b: 2 }, { partials })).toBe('1|');
  });
  it('includes silently unless asked for output, sharing the scope', () => {
    const src = '{.macro m}{.eval @w = 6}text{.end}{.include m}[{@w}]{.include m output}';
    expect(html(src)).toBe('[6]text');
  });
  it('records a missing partial', () => {
    const r = run('{s|partial nope}{.include nope}', { s: 1 });
    expect(r.html).toBe('');
    expect(kinds(r.errors)).toEqual(['PARTIAL_NOT_FOUND', 'PARTIAL_NOT_FOUND']);
  });
  it('records a partial that does not parse, and renders what it can of it', () => {
    const r = run('{s|partial p}', { s: 'x' }, { partials: { p: '({@|nosuch}){@}' } });
    expect(r.html).toBe('({@|nosuch})x');
    expect(kinds(r.errors)).toEqual(['PARTIAL_PARSE_FAILED']);
  });
  it('stops recursion at the partial depth limit', () => {
    const partials = { p: 'x{@|partial p}' };
    const r = run('{s|partial p}', { s: 1 }, { partials });
    expect(r.html).toBe('x'.repeat(16));
    expect(kinds(r.errors)).toEqual(['PARTIAL_RECURSION_EXCEEDED']);
    expect(run('{s|partial p}', { s: 1 }, { partials, limits: { maxPartialDepth: 3 } }).html).toBe('xxx');
    const macro = run('{.macro m}y{.include m output}{.end}{.include m output}');
    expect(macro.html).toBe('y'.repeat(16));
    expect(kinds(macro.errors)).toEqual(['PARTIAL_RECURSION_EXCEEDED']);
  });
});

describe('.eval', () => {
  it('writes the value of the last expression and keeps assigned variables', () => {
    expect(html('{.eval 1 + 2}|{.eval @a = 2; @b = @a * 3; @b}|{@a}{@b}')).toBe('3|6|26');
  });
  it('reads data, @index and variables', () => {
    expect(html('{.repeated section xs}{.eval @index * q + @}{.end}', { xs: [1, 2], q: 10 })).toBe('1122');
  });
  it('records parse errors at compile time, with the position', () => {
    const t = compile('x\n {.eval "open}', { registry });
    expect(t.errors).toMatchObject([{ kind: 'EXPRESSION_ERROR', line: 2, column: 2 }]);
    expect(t.errors[0]!.message).toContain('Unterminated string');
    expect(t.render({}).html).toBe('x\n ');
  });
  it('records reduce errors at render time and discards the variables', () => {
    const r = run('{.eval @a = 1; o + 1}[{@a}]', { o: { k: 1 } });
    expect(r.html).toBe('[]');
    expect(kinds(r.errors)).toEqual(['EXPRESSION_ERROR']);
  });
  it('applies the token and string limits', () => {
    const t = compile('{.eval 1+1+1+1+1}', { registry, limits: { maxExpressionTokens: 5 } });
    expect(t.errors[0]!.message).toContain('maximum number of allowed tokens');
    const r = run('{.eval "ab" + "cd"}', {}, { limits: { maxStringLength: 3 } });
    expect(r.html).toBe('');
    expect(r.errors[0]!.message).toContain('maximum string length');
  });
});

describe('API', () => {
  it('never throws on bad input', () => {
    for (const src of [
      '{',
      '}',
      '{.end}',
      '{.section',
      '{.eval (}',
      '{.repeated section x}{.alternates with}{.alternates with}',
    ]) {
      expect(() => compile(src).render({})).not.toThrow();
    }
    expect(() => compile(undefined as unknown as string).render(undefined)).not.toThrow();
  });
  it('keeps rendering when data getters throw', () => {
    const data = {
      get bad(): string {
        throw new Error('getter');
      },
    };
    const r = render('a{bad}b', data, { registry });
    expect(r.errors.map((e) => e.kind)).toContain('UNEXPECTED_ERROR');
  });
  it('limits block nesting', () => {
    const deep = '{.section a}'.repeat(200) + 'x' + '{.end}'.repeat(200);
    const t = compile(deep);
    expect(t.errors.some((e) => e.message.includes('nested deeper'))).toBe(true);
    expect(() => t.render({ a: { a: 1 } })).not.toThrow();
  });
  it('has a default registry with the built-in plugins, and registries extend it', () => {
    expect(defaultRegistry().formatter('html')).toBeTypeOf('function');
    const mine = defaultRegistry()
      .clone()
      .register({ formatters: { shout: (v) => `${String(v)}!` } });
    expect(render('{s|shout|html}', { s: '<a>' }, { registry: mine }).html).toBe('&lt;a&gt;!');
    expect(defaultRegistry().formatter('shout')).toBeUndefined();
    expect(
      createRegistry()
        .register({ predicates: { bare: () => true } })
        .predicate('bare?'),
    ).toBeTypeOf('function');
  });
  it('does not mutate the data', () => {
    const data = { xs: [{ a: 1 }], o: { b: 2 } };
    const copy = structuredClone(data);
    html('{.repeated section xs}{.var @v a}{.eval @w = a}{.end}{.ctx @c x=o.b}', data);
    expect(data).toEqual(copy);
  });
  it('renders Date objects passed as now', () => {
    const ctxNow: number[] = [];
    const reg = createRegistry({
      formatters: { now: (_v, _a, ctx: RenderContext) => (ctxNow.push(ctx.now), '') },
    });
    render('{x|now}', {}, { registry: reg, now: new Date(1234) });
    expect(ctxNow).toEqual([1234]);
  });
});
