/**
 * The `.eval` expression language: numbers (decimal and hex), strings with escapes, true, false,
 * null, PI, E, Infinity, NaN, variable references, the JavaScript operators with their
 * JavaScript precedence (arithmetic, comparison, loose and strict equality, logical, bitwise,
 * shifts, `**`), assignment to `@`-variables, `;`-separated sequences and the functions max, min,
 * abs, num, str and bool.
 *
 * Source is tokenised, put in reverse Polish order with the shunting-yard algorithm, and the
 * reverse Polish form is then turned into closures once, at compile time, so rendering evaluates
 * no text. Evaluation follows the reverse Polish reading exactly: an assignment ends its
 * expression; an operator given a missing or non-scalar operand is a reduce error.
 */
import { resolver, splitPath, type Frame, type Path } from './runtime';

/** A value of the expression language; `undefined` marks "no value" (an object, a bad operand). */
export type Lit = number | string | boolean | null | undefined;

export interface ExprLimits {
  /** Maximum tokens in one `.eval` (0: no limit). */
  maxTokens: number;
  /** Maximum length of a string literal or of a concatenation result (0: no limit). */
  maxStringLength: number;
}

/** Where an expression runs: a scratch scope whose variables are kept on success. */
export type EvalScope = Frame;

type Fn = (s: EvalScope) => Lit;

/** A compiled `.eval`: one function per `;`-separated expression. */
export interface CompiledExpr {
  exprs: CompiledPart[];
}

export interface CompiledPart {
  /** Operations to run for their errors before the result (rare: leftovers of malformed input). */
  pre: Fn[];
  run: Fn;
  /** The result is a plain variable reference: a non-scalar value is an error, not silence. */
  strictTop: boolean;
}

/** Raised while evaluating; the engine records it as an expression reduce error. */
export class ReduceError extends Error {}

// Tokens ------------------------------------------------------------------------------------

const enum Op {
  PLUS,
  MINUS,
  LNOT,
  BNOT,
  POW,
  MUL,
  DIV,
  MOD,
  ADD,
  SUB,
  SHL,
  SHR,
  LT,
  GT,
  EQ,
  NEQ,
  SEQ,
  SNEQ,
  LTEQ,
  GTEQ,
  BAND,
  BXOR,
  BOR,
  LAND,
  LOR,
  ASN,
  SEMI,
  COMMA,
  LPRN,
  RPRN,
}

interface OpInfo {
  op: Op;
  prec: number;
  right: boolean;
  desc: string;
}

const OPS: OpInfo[] = [];
const def = (op: Op, prec: number, right: boolean, desc: string): OpInfo =>
  (OPS[op] = { op, prec, right, desc });
def(Op.PLUS, 17, true, 'unary plus');
def(Op.MINUS, 17, true, 'unary minus');
def(Op.LNOT, 17, true, 'logical not');
def(Op.BNOT, 17, true, 'bitwise not');
def(Op.POW, 16, true, 'exponent');
def(Op.MUL, 15, false, 'multiply');
def(Op.DIV, 15, false, 'divide');
def(Op.MOD, 15, false, 'modulus');
def(Op.ADD, 14, false, 'add');
def(Op.SUB, 14, false, 'subtract');
def(Op.SHL, 13, false, 'left shift');
def(Op.SHR, 13, false, 'right shift');
def(Op.LT, 12, false, 'less than');
def(Op.GT, 12, false, 'greater than');
def(Op.LTEQ, 12, false, 'less than or equal');
def(Op.GTEQ, 12, false, 'greater than or equal');
def(Op.EQ, 11, false, 'equality');
def(Op.NEQ, 11, false, 'inequality');
def(Op.SEQ, 11, false, 'strict equality');
def(Op.SNEQ, 11, false, 'strict inequality');
def(Op.BAND, 10, false, 'bitwise and');
def(Op.BXOR, 9, false, 'bitwise xor');
def(Op.BOR, 8, false, 'bitwise or');
def(Op.LAND, 7, false, 'logical and');
def(Op.LOR, 6, false, 'logical or');
def(Op.ASN, 3, true, 'assign');
def(Op.SEMI, 1, false, 'semicolon');
def(Op.COMMA, 1, true, 'comma');
def(Op.LPRN, 1, false, 'left paren');
def(Op.RPRN, 1, false, 'right paren');

type Token =
  | { t: 'op'; o: OpInfo }
  | { t: 'lit'; v: Lit }
  | { t: 'var'; path: Path }
  | { t: 'call'; name: string }
  | { t: 'args' };

const ARGS: Token = { t: 'args' };
/** Stands for a variable that is not a call while validating. */
const ANY_VAR: Token = { t: 'var', path: ['', ''] };
/** Stands for any string literal while validating. */
const STRING: Token = { t: 'lit', v: '' };
/** Stands for any number literal while validating. */
const NUMBER: Token = { t: 'lit', v: 0 };

const CONSTANTS: Record<string, Lit> = {
  null: null,
  true: true,
  false: false,
  PI: Math.PI,
  E: Math.E,
  Infinity: Infinity,
  NaN: NaN,
};

// Conversions -------------------------------------------------------------------------------

const isHex = (c: number) => (c >= 48 && c <= 57) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);

function hexEnd(s: string, i: number, len: number): number {
  let j = i;
  while (j < len && isHex(s.charCodeAt(j))) j++;
  return j;
}

/**
 * End of a decimal number starting at i (a digit), or a negative code: -2 exponent without
 * digits, -3 second decimal point, -4 decimal point in the exponent.
 */
function decimalEnd(s: string, i: number, len: number): number {
  let j = i;
  let dot = false;
  let exp = false;
  let expDigit = false;
  let expSign = false;
  loop: while (j < len) {
    const c = s.charCodeAt(j);
    switch (c) {
      case 46: // .
        if (dot) return -3;
        if (exp) return -4;
        dot = true;
        break;
      case 101: // e
      case 69: // E
        if (exp) break loop;
        exp = true;
        expDigit = true;
        break;
      case 45: // -
      case 43: // +
        if (!expDigit || !exp || expSign) break loop;
        expSign = true;
        break;
      default:
        if (c >= 48 && c <= 57) expDigit = false;
        else break loop;
    }
    j++;
  }
  return expDigit ? -2 : j;
}

/** A string as a number: whole decimal or hex text with an optional sign, else NaN; "" is 0. */
function strToNum(v: string): number {
  if (v === '') return 0;
  const len = v.length;
  let i = 0;
  const c = v.charCodeAt(0);
  if (c === 45 || c === 43) i++;
  if (i === len) return NaN;
  const d = v.charCodeAt(i);
  if (d === 48 && (v[i + 1] === 'x' || v[i + 1] === 'X')) {
    return hexEnd(v, i + 2, len) === len ? parseInt(v, 16) : NaN;
  }
  if (d < 48 || d > 57) return NaN;
  return decimalEnd(v, i, len) === len ? parseFloat(v) : NaN;
}

export function asNum(v: Lit): number {
  switch (typeof v) {
    case 'number':
      return v;
    case 'string':
      return strToNum(v);
    case 'boolean':
      return v ? 1 : 0;
    default:
      return v === null ? 0 : NaN;
  }
}

export function asBool(v: Lit): boolean {
  return typeof v === 'boolean' ? v : typeof v === 'number' || typeof v === 'string' ? !!v : false;
}

export function asStr(v: Lit): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
      return String(v);
    case 'boolean':
      return v ? 'true' : 'false';
    default:
      return v === null ? 'null' : '';
  }
}

/** A data value as an expression value: scalars as they are, null/missing as null, else none. */
function literalOf(v: unknown): Lit {
  switch (typeof v) {
    case 'number':
    case 'string':
    case 'boolean':
      return v;
    case 'undefined':
      return null;
    case 'object':
      return v === null ? null : undefined;
    default:
      return undefined;
  }
}

const FUNCTIONS: Record<string, (args: Lit[]) => Lit> = {
  max: (a) => pick(a, (x, y) => x > y),
  min: (a) => pick(a, (x, y) => x < y),
  abs: (a) => (a.length ? Math.abs(asNum(a[0])) : undefined),
  num: (a) => (a.length ? asNum(a[0]) : undefined),
  str: (a) => (a.length ? asStr(a[0]) : undefined),
  bool: (a) => (a.length ? asBool(a[0]) : undefined),
};

function pick(args: Lit[], better: (x: number, y: number) => boolean): Lit {
  if (args.length === 0) return undefined;
  let best = asNum(args[0]);
  for (let i = 1; i < args.length; i++) {
    const n = asNum(args[i]);
    best = better(best, n) ? best : n;
  }
  return best;
}

// Tokenizer ---------------------------------------------------------------------------------

const CHAR_NAMES: Record<string, string> = {
  '\b': 'backspace',
  '\f': 'form feed',
  '\n': 'line feed',
  '\r': 'carriage return',
  '\t': 'tab',
};
const charName = (c: string) => CHAR_NAMES[c] ?? (c <= '\u001f' ? 'control character' : 'character');

const isAlpha = (c: number) => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => isAlpha(c) || isDigit(c) || c === 95 || c === 45;

const OP_TOKENS: Token[] = OPS.map((o) => ({ t: 'op', o }));

/**
 * Splits source into tokens. With `validate` set it keeps no tokens and only finds the errors
 * (the same ones, in the same order) so that compiling a template stays cheap; the tokens are
 * made when the expression first runs.
 */
class Tokenizer {
  readonly tokens: Token[] = [];
  readonly errors: string[] = [];
  private last: Token | null = null;
  private count = 0;
  /** Open parentheses (validation only: the shunting yard reports mismatches otherwise). */
  private depth = 0;

  constructor(
    private readonly src: string,
    private readonly limits: ExprLimits,
    private readonly validate = false,
  ) {}

  private push(t: Token): void {
    if (this.errors.length) return;
    const top = this.last;
    if (t.t === 'op') {
      const op = t.o.op;
      if (op === Op.SUB || op === Op.ADD) {
        if (!top || (top.t === 'op' && top.o.op !== Op.RPRN))
          t = OP_TOKENS[op === Op.SUB ? Op.MINUS : Op.PLUS]!;
      } else if (op === Op.LPRN && top && top.t === 'var' && top.path.length === 1) {
        const name = top.path[0] as string;
        if (Object.prototype.hasOwnProperty.call(FUNCTIONS, name)) {
          if (!this.validate) this.tokens[this.tokens.length - 1] = { t: 'call', name };
        } else {
          this.errors.push(`Invalid function ${name}`);
          return;
        }
      }
      if (this.validate) {
        if (op === Op.LPRN) this.depth++;
        else if (op === Op.RPRN) {
          if (this.depth === 0) {
            this.errors.push(`Mismatched operator found: ${OPS[op]!.desc}`);
            return;
          }
          this.depth--;
        } else if (op === Op.SEMI && this.depth > 0) {
          this.errors.push(`Mismatched operator found: ${OPS[Op.LPRN]!.desc}`);
          return;
        }
      }
    }
    this.last = t;
    if (!this.validate) this.tokens.push(t);
    const max = this.limits.maxTokens;
    if (max > 0 && ++this.count > max) {
      this.errors.push(`Expression exceeds the maximum number of allowed tokens: ${max}`);
    }
  }

  private op(o: Op): void {
    this.push(OP_TOKENS[o]!);
  }

  /** After run(): in validation, parentheses left open are an error. */
  finish(): void {
    if (this.validate && this.errors.length === 0 && this.depth > 0) {
      this.errors.push(`Mismatched operator found: ${OPS[Op.LPRN]!.desc}`);
    }
  }

  run(): void {
    const s = this.src;
    const len = s.length;
    let i = 0;
    while (i < len && this.errors.length === 0) {
      const c0 = s.charCodeAt(i);
      const c1 = i + 1 < len ? s.charCodeAt(i + 1) : 0;
      if (c0 >= 48 && c0 <= 57) {
        i = c0 === 48 && (c1 === 120 || c1 === 88) ? this.hex(i + 2) : this.decimal(i);
        if (i < 0) return;
        continue;
      }
      switch (c0) {
        case 34: // "
        case 39: // '
          i = this.string(i + 1, s[i]!);
          if (i < 0) return;
          continue;
        case 42: // *
          if (c1 === 42) {
            i++;
            this.op(Op.POW);
          } else this.op(Op.MUL);
          break;
        case 47: // /
          this.op(Op.DIV);
          break;
        case 37: // %
          this.op(Op.MOD);
          break;
        case 43: // +
          this.op(Op.ADD);
          break;
        case 45: // -
          this.op(Op.SUB);
          break;
        case 61: // =
          if (c1 === 61) {
            i++;
            if (s.charCodeAt(i + 1) === 61) {
              i++;
              this.op(Op.SEQ);
            } else this.op(Op.EQ);
          } else this.op(Op.ASN);
          break;
        case 33: // !
          if (c1 === 61) {
            i++;
            if (s.charCodeAt(i + 1) === 61) {
              i++;
              this.op(Op.SNEQ);
            } else this.op(Op.NEQ);
          } else this.op(Op.LNOT);
          break;
        case 60: // <
          if (c1 === 60) {
            i++;
            this.op(Op.SHL);
          } else if (c1 === 61) {
            i++;
            this.op(Op.LTEQ);
          } else this.op(Op.LT);
          break;
        case 62: // >
          if (c1 === 62) {
            i++;
            this.op(Op.SHR);
          } else if (c1 === 61) {
            i++;
            this.op(Op.GTEQ);
          } else this.op(Op.GT);
          break;
        case 126: // ~
          this.op(Op.BNOT);
          break;
        case 38: // &
          if (c1 === 38) {
            i++;
            this.op(Op.LAND);
          } else this.op(Op.BAND);
          break;
        case 124: // |
          if (c1 === 124) {
            i++;
            this.op(Op.LOR);
          } else this.op(Op.BOR);
          break;
        case 94: // ^
          this.op(Op.BXOR);
          break;
        case 32:
        case 10:
        case 9:
        case 13:
        case 0xa0:
          break;
        case 44: // ,
          this.op(Op.COMMA);
          break;
        case 59: // ;
          this.op(Op.SEMI);
          break;
        case 40: // (
          this.op(Op.LPRN);
          break;
        case 41: // )
          this.op(Op.RPRN);
          break;
        default: {
          const j = this.variable(i);
          if (j < 0) {
            const ch = s[i]!;
            this.errors.push(`Unexpected ${charName(ch)} at ${i}: ${JSON.stringify(ch)}`);
            return;
          }
          if (this.validate && !this.beforeParen(j)) {
            // Only a name before "(" matters to validation (it must be a function).
            this.push(ANY_VAR);
            i = j;
            continue;
          }
          const raw = s.slice(i, j);
          i = j;
          const dotted = raw.indexOf('.') !== -1;
          if (!dotted && Object.prototype.hasOwnProperty.call(CONSTANTS, raw)) {
            this.push({ t: 'lit', v: CONSTANTS[raw] });
          } else {
            this.push({ t: 'var', path: this.validate && !dotted ? [raw] : splitPath(raw) });
          }
          continue;
        }
      }
      i++;
    }
  }

  /** Whether the next token after index j is "(". */
  private beforeParen(j: number): boolean {
    const s = this.src;
    for (;;) {
      const c = s.charCodeAt(j++);
      if (c === 40) return true;
      if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 0xa0) return false;
    }
  }

  /** End of a variable reference at i, or -1 (same syntax as in tags). */
  private variable(i: number): number {
    let j = this.segment(i);
    if (j < 0) return -1;
    while (this.src.charCodeAt(j) === 46) {
      const k = this.segment(j + 1);
      if (k < 0) break;
      j = k;
    }
    return j;
  }

  private segment(i: number): number {
    const s = this.src;
    const c = s.charCodeAt(i);
    if (isDigit(c)) {
      let j = i + 1;
      while (isDigit(s.charCodeAt(j))) j++;
      return j;
    }
    let j = i;
    if (c === 64 || c === 36) j++;
    if (isAlpha(s.charCodeAt(j))) {
      j++;
      while (isWordChar(s.charCodeAt(j))) j++;
      return j;
    }
    return c === 64 ? i + 1 : -1;
  }

  private decimal(i: number): number {
    const j = decimalEnd(this.src, i, this.src.length);
    if (j < 0) {
      this.errors.push(
        j === -2
          ? 'Expected a digit after exponent in decimal number'
          : j === -3
            ? 'Duplicate decimal point in number'
            : 'Unexpected decimal point in exponent',
      );
      return -1;
    }
    this.push(this.validate ? NUMBER : { t: 'lit', v: parseFloat(this.src.slice(i, j)) });
    return j;
  }

  private hex(i: number): number {
    const j = hexEnd(this.src, i, this.src.length);
    if (j === i) {
      this.errors.push('Expected digits after start of hex number');
      return -1;
    }
    this.push(this.validate ? NUMBER : { t: 'lit', v: parseInt(this.src.slice(i, j), 16) });
    return j;
  }

  private string(start: number, quote: string): number {
    const str = this.src;
    const len = str.length;
    const max = this.limits.maxStringLength;
    // Fast path: no escape and no line break before the closing quote.
    const q = quote.charCodeAt(0);
    for (let k = start; k < len; k++) {
      const c = str.charCodeAt(k);
      if (c === q) {
        if (max > 0 && k - start > max) {
          this.errors.push(`String literal exceeds maximum string length ${max}`);
          return -1;
        }
        this.push(this.validate ? STRING : { t: 'lit', v: str.slice(start, k) });
        return k + 1;
      }
      if (c === 92 || c === 10 || c === 13) break;
    }
    let out = '';
    let i = start;
    while (i < len) {
      let c = str[i]!;
      if (c === '\\' && i + 1 < len) {
        c = str[i + 1]!;
        switch (c) {
          case 'n':
            out += '\n';
            break;
          case 't':
            out += '\t';
            break;
          case 'f':
            out += '\f';
            break;
          case 'r':
            out += '\r';
            break;
          case 'x': {
            i += 2;
            const lim = i + 2;
            if (lim >= len || hexEnd(str, i, lim) !== lim) {
              this.errors.push('Invalid 2-char hex escape found');
              return -1;
            }
            out += printable(parseInt(str.slice(i, lim), 16), false);
            i = lim;
            continue;
          }
          case 'u':
          case 'U': {
            i += 2;
            const lim = i + (c === 'u' ? 4 : 8);
            if (hexEnd(str, i, lim < len ? lim : len) !== lim) {
              this.errors.push('Invalid unicode escape found');
              return -1;
            }
            out += printable(parseInt(str.slice(i, lim), 16), true);
            i = lim;
            continue;
          }
          default:
            out += c;
        }
        i += 2;
        continue;
      }
      if (c === quote) {
        if (max > 0 && out.length > max) {
          this.errors.push(`String literal exceeds maximum string length ${max}`);
          return -1;
        }
        this.push({ t: 'lit', v: out });
        return i + 1;
      }
      if (c === '\n' || c === '\r') {
        this.errors.push(`Illegal bare ${charName(c)} character in string literal`);
        return -1;
      }
      out += c;
      i++;
    }
    this.errors.push('Unterminated string');
    return -1;
  }
}

/** The character for an escape; control characters and invalid code points become a space. */
function printable(code: number, unicode: boolean): string {
  if (code <= 0x08 || (code >= 0x0e && code < 0x20) || (unicode && code > 0x10ffff)) return ' ';
  return String.fromCodePoint(code);
}

// Shunting yard -----------------------------------------------------------------------------

function toRpn(tokens: Token[], errors: string[]): Token[][] {
  const exprs: Token[][] = [];
  let out: Token[] = [];
  const ops: Token[] = [];
  const flush = (): boolean => {
    while (ops.length) {
      const t = ops.pop()!;
      if (t.t === 'op' && (t.o.op === Op.LPRN || t.o.op === Op.RPRN)) {
        errors.push(`Mismatched operator found: ${t.o.desc}`);
        return false;
      }
      out.push(t);
    }
    if (out.length) exprs.push(out);
    return true;
  };
  const isLprn = (t: Token | undefined) => t !== undefined && t.t === 'op' && t.o.op === Op.LPRN;
  for (const t of tokens) {
    if (t.t === 'call') {
      out.push(ARGS);
      ops.push(t);
      continue;
    }
    if (t.t !== 'op') {
      out.push(t);
      continue;
    }
    switch (t.o.op) {
      case Op.SEMI:
        if (!flush()) return exprs;
        out = [];
        break;
      case Op.LPRN:
        ops.push(t);
        break;
      case Op.COMMA:
        while (ops.length && !isLprn(ops[ops.length - 1])) out.push(ops.pop()!);
        break;
      case Op.RPRN: {
        while (ops.length && !isLprn(ops[ops.length - 1])) out.push(ops.pop()!);
        if (!ops.length) {
          errors.push(`Mismatched operator found: ${t.o.desc}`);
          return exprs;
        }
        ops.pop();
        const top = ops[ops.length - 1];
        if (top && top.t === 'call') out.push(ops.pop()!);
        break;
      }
      default: {
        for (;;) {
          const top = ops[ops.length - 1];
          if (!top) break;
          if (top.t === 'op') {
            if (top.o.op === Op.LPRN) break;
            if (!(top.o.prec > t.o.prec || (top.o.prec === t.o.prec && !top.o.right))) break;
          }
          out.push(ops.pop()!);
        }
        ops.push(t);
      }
    }
  }
  flush();
  return exprs;
}

// Reverse Polish → closures -----------------------------------------------------------------

interface Item {
  kind: 'lit' | 'var' | 'args' | 'expr';
  f: Fn;
  path?: Path;
}

const NONE: Fn = () => undefined;

function lit(v: Lit): Item {
  return { kind: 'lit', f: () => v };
}

function variable(path: Path): Item {
  const r = resolver(path);
  return { kind: 'var', path, f: (s) => literalOf(r(s)) };
}

function invalidArgs(desc: string): never {
  throw new ReduceError(`Invalid arguments to operator ${desc}`);
}

function binary(o: OpInfo, a: Fn, b: Fn, maxLen: number): Fn {
  const d = o.desc;
  const both =
    (g: (x: Lit, y: Lit) => Lit): Fn =>
    (s) => {
      const x = a(s);
      const y = b(s);
      if (x === undefined || y === undefined) invalidArgs(d);
      return g(x, y);
    };
  switch (o.op) {
    case Op.MUL:
      return both((x, y) => asNum(x) * asNum(y));
    case Op.DIV:
      return both((x, y) => asNum(x) / asNum(y));
    case Op.MOD:
      return both((x, y) => asNum(x) % asNum(y));
    case Op.POW:
      return both((x, y) => Math.pow(asNum(x), asNum(y)));
    case Op.ADD:
      return both((x, y) => {
        if (typeof x === 'string' || typeof y === 'string') {
          const xs = asStr(x);
          const ys = asStr(y);
          if (maxLen > 0 && xs.length + ys.length > maxLen) {
            throw new ReduceError(`Concatenation would exceed maximum string length ${maxLen}`);
          }
          return xs + ys;
        }
        return asNum(x) + asNum(y);
      });
    case Op.SUB:
      return both((x, y) => asNum(x) - asNum(y));
    case Op.SHL:
      return both((x, y) => asNum(x) << asNum(y));
    case Op.SHR:
      return both((x, y) => asNum(x) >> asNum(y));
    // Comparisons and equality compare the raw values with JavaScript's rules.
    case Op.LT:
      return both((x, y) => (x as number) < (y as number));
    case Op.LTEQ:
      return both((x, y) => (x as number) <= (y as number));
    case Op.GT:
      return both((x, y) => (x as number) > (y as number));
    case Op.GTEQ:
      return both((x, y) => (x as number) >= (y as number));
    case Op.EQ:
      return both((x, y) => x == y);
    case Op.NEQ:
      return both((x, y) => x != y);
    case Op.SEQ:
      return both((x, y) => x === y);
    case Op.SNEQ:
      return both((x, y) => x !== y);
    case Op.BAND:
      return both((x, y) => asNum(x) & asNum(y));
    case Op.BXOR:
      return both((x, y) => asNum(x) ^ asNum(y));
    case Op.BOR:
      return both((x, y) => asNum(x) | asNum(y));
    case Op.LAND:
      return both((x, y) => asBool(x) && asBool(y));
    case Op.LOR:
      return both((x, y) => asBool(x) || asBool(y));
    default:
      return () => {
        throw new ReduceError(`Unexpected operator found during evaluation: ${d}`);
      };
  }
}

function unary(op: Op, a: Fn): Fn {
  switch (op) {
    case Op.MINUS:
      return (s) => {
        const x = a(s);
        return x === undefined ? undefined : -1 * asNum(x);
      };
    case Op.PLUS:
      return (s) => {
        const x = a(s);
        return x === undefined ? undefined : asNum(x);
      };
    case Op.LNOT:
      return (s) => {
        const x = a(s);
        return x === undefined ? undefined : !asBool(x);
      };
    default:
      return (s) => {
        const x = a(s);
        return x === undefined ? undefined : ~asNum(x);
      };
  }
}

function call(name: string, args: Fn[]): Fn {
  const impl = FUNCTIONS[name]!;
  return (s) => {
    const vals: Lit[] = [];
    for (let i = 0; i < args.length; i++) {
      const v = args[i]!(s);
      if (v !== undefined) vals.push(v);
    }
    const r = impl(vals);
    if (r === undefined) throw new ReduceError(`Error calling function ${name}`);
    return r;
  };
}

function assign(target: Item | undefined, value: Item | undefined): Fn {
  const name =
    target &&
    target.kind === 'var' &&
    target.path!.length === 1 &&
    typeof target.path![0] === 'string' &&
    target.path![0].startsWith('@')
      ? target.path![0]
      : null;
  const v = value ? value.f : NONE;
  if (name === null) return (s) => (v(s), undefined);
  return (s) => {
    const x = v(s);
    if (x !== undefined) s.setVar(name, x);
    return undefined;
  };
}

function build(rpn: Token[], maxLen: number): CompiledPart {
  const stack: Item[] = [];
  let final: Item | null = null;
  loop: for (const t of rpn) {
    switch (t.t) {
      case 'lit':
        stack.push(lit(t.v));
        continue;
      case 'var':
        stack.push(variable(t.path));
        continue;
      case 'args':
        stack.push({ kind: 'args', f: NONE });
        continue;
      case 'call': {
        const args: Fn[] = [];
        while (stack.length && stack[stack.length - 1]!.kind !== 'args') args.push(stack.pop()!.f);
        stack.pop();
        args.reverse();
        stack.push({ kind: 'expr', f: call(t.name, args) });
        continue;
      }
      case 'op': {
        const op = t.o.op;
        if (op === Op.MINUS || op === Op.PLUS || op === Op.LNOT || op === Op.BNOT) {
          const top = stack[stack.length - 1];
          if (top && top.kind !== 'args') stack[stack.length - 1] = { kind: 'expr', f: unary(op, top.f) };
          continue;
        }
        if (op === Op.ASN) {
          const value = stack.pop();
          const target = stack.pop();
          final = { kind: 'expr', f: assign(target, value) };
          break loop;
        }
        const b = stack.pop();
        const a = stack.pop();
        if (!a || !b || a.kind === 'args' || b.kind === 'args') {
          const desc = t.o.desc;
          const fa = a ? a.f : NONE;
          const fb = b ? b.f : NONE;
          final = {
            kind: 'expr',
            f: (s) => {
              fa(s);
              fb(s);
              return invalidArgs(desc);
            },
          };
          break loop;
        }
        stack.push({ kind: 'expr', f: binary(t.o, a.f, b.f, maxLen) });
      }
    }
  }
  const pre: Fn[] = [];
  let top: Item | undefined;
  if (final !== null) {
    for (const it of stack) if (it.kind === 'expr') pre.push(it.f);
    top = final;
  } else {
    top = stack.pop();
    for (const it of stack) if (it.kind === 'expr') pre.push(it.f);
  }
  if (top === undefined) return { pre, run: NONE, strictTop: false };
  return {
    pre,
    run: top.kind === 'args' ? () => undefined : top.f,
    strictTop: top.kind === 'var' || top.kind === 'args',
  };
}

/** Finds the parse errors of `.eval` source without keeping anything (cheap, for compile time). */
export function checkExpr(src: string, limits: ExprLimits): readonly string[] {
  // Templates are compiled again and again with the same expressions (the editor's preview
  // recompiles on every change), and the answer depends on the text and the limits only.
  let memo = checked.get(limits);
  if (memo === undefined) {
    memo = new Map();
    checked.set(limits, memo);
  }
  let errors = memo.get(src);
  if (errors === undefined) {
    const tk = new Tokenizer(src, limits, true);
    tk.run();
    tk.finish();
    errors = tk.errors;
    if (memo.size >= 2000) memo.clear();
    memo.set(src, errors);
  }
  return errors;
}

/** Per limits object: the engine makes one per set of limits (callers' own ones are collected). */
const checked = new WeakMap<ExprLimits, Map<string, readonly string[]>>();

/**
 * `checkExpr` of `src` from `from` to `to`, remembered per template source and offset: the
 * source's hash is computed once per string, where the expression's own text would be cut out
 * and hashed on every compile. Sources are kept while few (the templates of a site).
 */
export function checkExprIn(src: string, from: number, to: number, limits: ExprLimits): readonly string[] {
  let bySource = checkedIn.get(limits);
  if (bySource === undefined) {
    bySource = new Map();
    checkedIn.set(limits, bySource);
  }
  let byOffset = bySource.get(src);
  if (byOffset === undefined) {
    if (bySource.size >= 64) bySource.clear();
    byOffset = new Map();
    bySource.set(src, byOffset);
  }
  let errors = byOffset.get(from);
  if (errors === undefined) {
    errors = checkExpr(src.slice(from, to), limits);
    byOffset.set(from, errors);
  }
  return errors;
}

const checkedIn = new WeakMap<ExprLimits, Map<string, Map<number, readonly string[]>>>();

/** Parses and builds `.eval` source; `errors` are parse errors (the expression then does nothing). */
export function compileExpr(src: string, limits: ExprLimits): { expr: CompiledExpr; errors: string[] } {
  const tk = new Tokenizer(src, limits);
  tk.run();
  const errors = tk.errors;
  const rpn = errors.length ? [] : toRpn(tk.tokens, errors);
  const exprs = errors.length ? [] : rpn.map((r) => build(r, limits.maxStringLength));
  return { expr: { exprs }, errors };
}
