/**
 * `message` and `plural`: ICU-style messages such as
 * "The {1} blog has {0 plural one{# post} other{# posts}}." with `plural`, `selectordinal` and
 * `select` choices and nested `decimal`, `datetime`, `datetime-interval`, `money`, `unit` and
 * `relative-time` arguments. Plural categories come from Intl.PluralRules.
 */
import type { Formatter, RenderContext } from '../../types';
import { asString } from '../values';
import { formatDatetime, formatInterval } from './datetime';
import { formatDecimal, numberI18nFormatters, toDecimal } from './numbers';
import { relativeTimeFormatters } from './relative-time';
import { moneyFormatters } from '../../commerce/money';
import { safeLocale, splitOption } from './options';
import { Memo } from '../memo';

type Part = string | Placeholder | Choice | typeof HASH;

const HASH = Symbol('#');

/** `{0}` or `{0 decimal style:short}` or `{0;1 datetime-interval yMMM}`. */
interface Placeholder {
  kind: 'arg';
  names: string[];
  formatter: string | undefined;
  args: string[];
}

interface Choice {
  kind: 'plural' | 'selectordinal' | 'select';
  name: string;
  offset: number;
  cases: Map<string, Part[]>;
}

class Parser {
  private i = 0;
  constructor(private readonly src: string) {}

  /** Parses until the end or an unmatched `}` (the end of a choice body). */
  parts(inChoice: boolean): Part[] {
    const out: Part[] = [];
    let text = '';
    const flush = (): void => {
      if (text) out.push(text);
      text = '';
    };
    while (this.i < this.src.length) {
      const ch = this.src.charAt(this.i);
      if (ch === '}' && inChoice) break;
      if (ch === "'") {
        // ICU quoting, as the reference applies it: '' is an apostrophe, and any other apostrophe
        // quotes everything up to the next lone one (or the end) as literal text.
        this.i++;
        if (this.src.charAt(this.i) === "'") {
          text += "'";
          this.i++;
          continue;
        }
        while (this.i < this.src.length) {
          const q = this.src.charAt(this.i);
          if (q === "'") {
            if (this.src.charAt(this.i + 1) !== "'") {
              this.i++;
              break;
            }
            text += "'";
            this.i += 2;
          } else {
            text += q;
            this.i++;
          }
        }
        continue;
      }
      if (ch === '#' && inChoice) {
        flush();
        out.push(HASH);
        this.i++;
      } else if (ch === '{') {
        const start = this.i;
        const tag = this.tag();
        if (tag) {
          flush();
          out.push(tag);
        } else {
          // A malformed tag prints nothing up to its closing brace; from one that is never closed
          // on, the message prints as written (both as in the reference).
          const end = this.closing(start);
          if (end === -1) {
            text += this.src.slice(start);
            this.i = this.src.length;
          } else this.i = end;
        }
      } else {
        text += ch;
        this.i++;
      }
    }
    flush();
    return out;
  }

  private skipSpace(): void {
    while (this.i < this.src.length && /\s/.test(this.src.charAt(this.i))) this.i++;
  }

  private word(): string {
    const start = this.i;
    while (this.i < this.src.length && !/[\s{}]/.test(this.src.charAt(this.i))) this.i++;
    return this.src.slice(start, this.i);
  }

  private tag(): Placeholder | Choice | undefined {
    this.i++; // '{'
    this.skipSpace();
    const names = this.word();
    if (!names) return this.bail();
    this.skipSpace();
    if (this.src.charAt(this.i) === '}') {
      this.i++;
      return { kind: 'arg', names: names.split(';'), formatter: undefined, args: [] };
    }
    const formatter = this.word();
    if (formatter === 'plural' || formatter === 'selectordinal' || formatter === 'select') {
      return this.choice(formatter, names);
    }
    const args: string[] = [];
    for (;;) {
      this.skipSpace();
      const c = this.src.charAt(this.i);
      if (c === '}') {
        this.i++;
        return { kind: 'arg', names: names.split(';'), formatter, args };
      }
      if (c === '' || c === '{') return this.bail();
      args.push(this.word());
    }
  }

  private choice(kind: Choice['kind'], name: string): Choice | undefined {
    const cases = new Map<string, Part[]>();
    let offset = 0;
    for (;;) {
      this.skipSpace();
      const c = this.src.charAt(this.i);
      if (c === '}') {
        this.i++;
        return { kind, name, offset, cases };
      }
      const key = this.word();
      if (key.startsWith('offset:')) {
        offset = Number(key.slice(7)) || 0;
        continue;
      }
      this.skipSpace();
      if (!key || this.src.charAt(this.i) !== '{') return this.bail();
      this.i++;
      const body = this.parts(true);
      if (this.src.charAt(this.i) !== '}') return this.bail();
      this.i++;
      cases.set(key, body);
    }
  }

  /** Just past the `}` closing the tag opened at `start` (nested tags and quotes skipped), or -1. */
  private closing(start: number): number {
    let depth = 0;
    for (let i = start; i < this.src.length; i++) {
      const c = this.src.charAt(i);
      if (c === "'") {
        const quoteEnd = this.src.indexOf("'", i + 1);
        if (quoteEnd === -1) return -1;
        i = quoteEnd;
      } else if (c === '{') depth++;
      else if (c === '}' && --depth === 0) return i + 1;
    }
    return -1;
  }

  private bail(): undefined {
    return undefined;
  }
}

const parsed = new Memo<Part[]>(1000);

export const parseMessage = (src: string): Part[] => parsed.get(src, () => new Parser(src).parts(false));

const pluralRules = new Memo<Intl.PluralRules>();

const fractionDigits = (decimal: string): number => {
  const m = /\.(\d*)/.exec(decimal.replace(/e.*$/i, ''));
  return m?.[1]?.length ?? 0;
};

/** CLDR plural category, honouring visible fraction digits ("1.0" is "other" in English). */
const category = (locale: string, type: Intl.PluralRuleType, decimal: string): Intl.LDMLPluralRule => {
  const v = fractionDigits(decimal);
  const loc = safeLocale(locale);
  const rules = pluralRules.get(
    `${loc}\u0000${type}\u0000${v}`,
    () =>
      new Intl.PluralRules(loc, { type, minimumFractionDigits: v, maximumFractionDigits: Math.max(v, 3) }),
  );
  return rules.select(Number(decimal));
};

interface Args {
  positional: readonly unknown[];
  named: Readonly<Record<string, unknown>>;
}

const argValue = (name: string, args: Args): unknown =>
  /^\d+$/.test(name) ? args.positional[Number(name)] : args.named[name];

const formatArg = (p: Placeholder, args: Args, ctx: RenderContext): string => {
  const values = p.names.map((n) => argValue(n, args));
  const first = values[0];
  switch (p.formatter) {
    case undefined:
      return asString(first);
    case 'decimal':
    case 'number':
      return formatDecimal(first, p.args, ctx);
    case 'datetime':
      return formatDatetime(first, p.args, ctx);
    case 'datetime-interval':
      return formatInterval(first, values[1], p.args, ctx);
    case 'unit':
      return asString(numberI18nFormatters.unit(first, p.args, ctx, values));
    case 'relative-time':
      return asString(relativeTimeFormatters['relative-time'](first, p.args, ctx, values));
    case 'money':
    case 'currency':
      return asString(moneyFormatters.money!(first, p.args, ctx, values));
    default:
      // A formatter messages do not know prints nothing, as in the reference.
      return '';
  }
};

const render = (parts: readonly Part[], args: Args, ctx: RenderContext, hash: string): string => {
  let out = '';
  for (const part of parts) {
    if (typeof part === 'string') out += part;
    else if (part === HASH) out += hash;
    else if (part.kind === 'arg') out += formatArg(part, args, ctx);
    else out += renderChoice(part, args, ctx, hash);
  }
  return out;
};

const renderChoice = (c: Choice, args: Args, ctx: RenderContext, hash: string): string => {
  const value = argValue(c.name, args);
  if (c.kind === 'select') {
    const body = c.cases.get(asString(value)) ?? c.cases.get('other');
    return body ? render(body, args, ctx, hash) : '';
  }
  const decimal = toDecimal(value);
  if (decimal === undefined) {
    const body = c.cases.get('other');
    return body ? render(body, args, ctx, asString(value)) : '';
  }
  const exact = c.cases.get(`=${Number(decimal)}`);
  const shown = c.offset ? String(Number(decimal) - c.offset) : decimal;
  const body =
    exact ??
    c.cases.get(category(ctx.locale, c.kind === 'plural' ? 'cardinal' : 'ordinal', shown)) ??
    c.cases.get('other');
  return body ? render(body, args, ctx, shown) : '';
};

/** Renders a message with already resolved arguments. */
export const formatMessage = (message: string, args: Args, ctx: RenderContext): string =>
  render(parseMessage(message), args, ctx, '');

/**
 * Arguments are variables; `key:var` (or `key=var`) names one for `{key}` and still counts as
 * the next positional argument.
 */
const message: Formatter = (value, args, ctx) => {
  const positional: unknown[] = [];
  const named: Record<string, unknown> = {};
  for (const arg of args) {
    const [key, ref] = splitOption(arg);
    if (ref === '') positional.push(ctx.resolveArgument(key));
    else {
      const v = ctx.resolveArgument(ref);
      named[key] = v;
      positional.push(v);
    }
  }
  return formatMessage(asString(value), { positional, named }, ctx);
};

export const messageFormatters = { message, plural: message } satisfies Record<string, Formatter>;
