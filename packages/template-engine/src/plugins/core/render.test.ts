/** The core plugin through real templates: scopes, chains, partials and errors as the engine runs them. */
import { describe, expect, it } from 'vitest';
import { compile } from '../../index';

const render = (source: string, data: unknown, options: Record<string, unknown> = {}) =>
  compile(source).render(data, options);

describe('core formatters in templates', () => {
  it('chains data formatters', () => {
    const data = { ids: ['b'], table: { a: { name: 'A' }, b: { name: 'B', tags: ['x', 'y'] } } };
    expect(render('{.repeated section ids}{.var @k @}{table|get @k|prop tags|count}{.end}', data).html).toBe(
      '2',
    );
    // In a formatter `@` is the variable's own value, as in the reference: `table` has no key `table`.
    expect(render('{.repeated section ids}{table|get @|prop tags|count}{.end}', data).html).toBe('0');
    expect(render('{table|key-by name|json}', { table: [{ name: 'n1' }] }).html).toBe('{"n1":{"name":"n1"}}');
  });

  it('applies macros with @args and private scope', () => {
    const source =
      '{.macro card}[{title}|{site}|{@args.size}]{.end}' +
      '{.section post}{@|apply card size=lg} {@|apply card private}{.end}';
    const { html, errors } = render(source, { site: 'S', post: { title: 'T' } });
    expect(html).toBe('[T|S|lg] [T||]');
    expect(errors).toEqual([]);
  });

  it('formats messages with loop variables', () => {
    const data = { msg: '{0 selectordinal one{#st} two{#nd} few{#rd} other{#th}}: {1}', xs: ['a', 'b', 'c'] };
    expect(render('{.repeated section xs}{msg|message @index @} {.end}', data).html).toBe(
      '1st: a 2nd: b 3rd: c ',
    );
  });

  it('reads the time zone of the website and the render clock', () => {
    const data = { website: { timeZone: 'Europe/Paris' }, t: Date.UTC(2023, 0, 15, 23, 30) };
    expect(render('{t|date %Y-%m-%d %H:%M %Z}', data).html).toBe('2023-01-16 00:30 CET');
    const now = Date.UTC(2023, 0, 16);
    expect(render('{t|relative-time}', data, { now }).html).toBe('30 minutes ago');
  });

  it('tests predicates against the current scope', () => {
    const source = '{.repeated section xs}{.even?}e{.or}o{.end}{.greaterThan? @ 2}+{.end}{.end}';
    expect(render(source, { xs: [1, 2, 3, 4] }).html).toBe('oeo+e+');
  });

  it('reports units-metric? as not implemented and takes the else branch', () => {
    const { html, errors } = render('{.units-metric?}metric{.or}imperial{.end}', {});
    expect(html).toBe('imperial');
    expect(errors.map((e) => e.kind)).toEqual(['NOT_IMPLEMENTED']);
  });
});
