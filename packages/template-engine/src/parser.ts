/**
 * Template text → syntax tree. A tag is the text between a `{` and the next `}` (a further `{`
 * before that `}` starts the tag over); a tag that is not valid syntax stays in the output as
 * text, so inline CSS and JavaScript pass through. Parsing never throws: structural mistakes
 * (an `.end` too many, a block never closed, a formatter nobody registered) become errors with
 * line and column.
 */
import type { Alternate, FormatterCall, Node, PredicateNode } from './ast';
import { SourceMap, makeError } from './errors';
import { checkExprIn, type ExprLimits } from './expr';
import type { TemplateError, TemplateErrorKind } from './plugins/types';
import { toSegment, type Path, type Segment } from './runtime';

/** What the parser needs to know about the registry. */
export interface Names {
  hasFormatter(name: string): boolean;
  hasPredicate(name: string): boolean;
  /**
   * The registered name written in `src` from `s` to `e` (exclusive), without cutting it out:
   * the registry's own string, whose hash is known, so later lookups are cheap. Optional.
   */
  formatterAt?(src: string, s: number, e: number): string | undefined;
  /** The same for a predicate name, `?` included. */
  predicateAt?(src: string, s: number, e: number): string | undefined;
}

/** Parse-time limits (of `.eval` expressions). */
export type ParseLimits = ExprLimits;

const NO_LIMITS: ParseLimits = { maxTokens: 0, maxStringLength: 0 };

/** Shared by every formatter call written without arguments. */
const NO_ARGS: readonly string[] = Object.freeze([]);

export interface ParseResult {
  nodes: Node[];
  errors: TemplateError[];
}

/** Deepest nesting of blocks; deeper openers stay text (keeps render recursion bounded). */
export const MAX_NESTING = 64;

type BlockKind = 'section' | 'repeated' | 'predicate' | 'if' | 'or' | 'macro';

interface Open {
  /** The instruction that opened the block (for messages and its position). */
  kind: BlockKind;
  pos: number;
  /** Where the next instruction goes. */
  target: Node[];
  /** The node whose `alt` a following `.or` fills (null for macros). */
  tail: { alt: Alternate } | null;
  /** In a plain `.or` (no predicate): a further `.or` is dead code. */
  plainOr: boolean;
  /** Repeated section: the `.alternates with` block, when started. */
  between: Node[] | null;
  repeated: { between: Node[] | null } | null;
}

const OPEN_NAMES: Record<BlockKind, string> = {
  section: 'SECTION',
  repeated: 'REPEATED',
  predicate: 'PREDICATE',
  if: 'IF',
  or: 'OR_PREDICATE',
  macro: 'MACRO',
};

// Character classes ------------------------------------------------------------------------

// One table lookup per character instead of a chain of comparisons (the word and path scans
// run over every character of every tag).
const ALPHA = 1;
const DIGIT = 2;
const WORD = 4;
const SPACE = 8;
const PATH = 16;
const CLASSES = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  let k = 0;
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) k |= ALPHA | WORD | PATH;
  if (c >= 48 && c <= 57) k |= DIGIT | WORD | PATH;
  if (c === 95 /* _ */ || c === 45 /* - */) k |= WORD | PATH;
  if (c === 46 /* . */ || c === 47 /* / */) k |= PATH;
  if (c === 32 || (c >= 9 && c <= 13)) k |= SPACE;
  CLASSES[c] = k;
}
// charCodeAt past the end is NaN, and NaN < 128 is false: no bounds check needed.
const isAlpha = (c: number) => c < 128 && (CLASSES[c]! & ALPHA) !== 0;
const isDigit = (c: number) => c >= 48 && c <= 57;
const isWordChar = (c: number) => c < 128 && (CLASSES[c]! & WORD) !== 0;
const isSpace = (c: number) => c < 128 && (CLASSES[c]! & SPACE) !== 0;
const isPathChar = (c: number) => c < 128 && (CLASSES[c]! & PATH) !== 0;

export class Parser {
  private readonly nodes: Node[] = [];
  readonly errors: TemplateError[] = [];
  private readonly stack: Open[] = [];
  private target: Node[];
  /** Pending text: `text` followed by the source range [from, to). */
  private text = '';
  private from = 0;
  private to = 0;
  /** Set by `.eof`: everything after it is ignored. */
  private done = false;

  constructor(
    private readonly src: string,
    private readonly names: Names,
    private readonly map: SourceMap,
    private readonly limits: ParseLimits = NO_LIMITS,
  ) {
    this.target = this.nodes;
  }

  parse(): ParseResult {
    const src = this.src;
    const len = src.length;
    let i = 0;
    // Each `{` is found once: the scan for a tag's inner `{` stops at the first one after its
    // `}`, which is where the next tag starts (a backward scan per tag cost a seventh of parsing).
    let open = src.indexOf('{');
    while (open !== -1 && !this.done) {
      let start = open;
      if (src.charCodeAt(start + 1) === 35 && src.charCodeAt(start + 2) === 35) {
        // {## multi-line comment ##}
        this.addText(src, i, start);
        const end = src.indexOf('##}', start + 3);
        i = end === -1 ? len : end + 3;
        open = end === -1 ? -1 : src.indexOf('{', i);
        continue;
      }
      // The next `}`; a further `{` before it starts the tag over.
      const close = src.indexOf('}', start + 1);
      if (close === -1) break;
      let next = src.indexOf('{', start + 1);
      while (next !== -1 && next < close) {
        start = next;
        next = src.indexOf('{', start + 1);
      }
      this.addText(src, i, start);
      if (!this.tag(start + 1, close)) this.addText(src, start, close + 1);
      i = close + 1;
      open = next;
    }
    if (!this.done) this.addText(src, i, len);
    this.flushText();
    for (let k = this.stack.length - 1; k >= 0; k--) {
      const o = this.stack[k]!;
      this.error('SYNTAX_ERROR', `Reached EOF in the middle of ${OPEN_NAMES[o.kind]}`, o.pos);
    }
    return { nodes: this.nodes, errors: this.errors };
  }

  // Output -----------------------------------------------------------------------------------

  private addText(_src: string, from: number, to: number): void {
    if (from >= to) return;
    if (this.to !== from) {
      if (this.from < this.to) this.text += this.src.slice(this.from, this.to);
      this.from = from;
    }
    this.to = to;
  }

  /** Appends characters that are not in the source (`.space`, `.meta-left`, ...). */
  private addChars(chars: string): void {
    if (this.from < this.to) this.text += this.src.slice(this.from, this.to);
    this.from = this.to = 0;
    this.text += chars;
  }

  private flushText(): void {
    let t = this.text;
    if (this.from < this.to)
      t = t === '' ? this.src.slice(this.from, this.to) : t + this.src.slice(this.from, this.to);
    if (t !== '') {
      this.target.push({ kind: 'text', text: t });
      this.text = '';
      this.from = this.to = 0;
    }
  }

  private error(kind: TemplateErrorKind, message: string, pos: number): void {
    this.errors.push(makeError(kind, message, this.map, pos));
  }

  private emit(node: Node): void {
    this.flushText();
    this.target.push(node);
  }

  private open(
    node: Node & { body: Node[] },
    kind: BlockKind,
    pos: number,
    tail: { alt: Alternate } | null,
  ): void {
    this.emit(node);
    this.stack.push({
      kind,
      pos,
      target: node.body,
      tail,
      plainOr: false,
      between: null,
      repeated: node.kind === 'repeated' ? node : null,
    });
    this.target = node.body;
  }

  private top(): Open | undefined {
    // Never index -1: V8 looks that up as a property name, through the prototype chain.
    const n = this.stack.length;
    return n === 0 ? undefined : this.stack[n - 1];
  }

  private end(pos: number): void {
    this.flushText();
    if (this.stack.length === 0) {
      this.error('SYNTAX_ERROR', 'Instruction END not allowed at root', pos);
      return;
    }
    this.stack.pop();
    const t = this.top();
    this.target = t ? t.target : this.nodes;
  }

  private or(node: PredicateNode, pos: number): void {
    this.flushText();
    const t = this.top();
    if (!t || t.tail === null) {
      const where = t ? `inside ${OPEN_NAMES[t.kind]} block` : 'at root';
      this.error('SYNTAX_ERROR', `OR_PREDICATE instruction is not allowed ${where}.`, pos);
      return;
    }
    if (t.plainOr) {
      this.error('SYNTAX_ERROR', 'This OR_PREDICATE block will never execute.', pos);
      return;
    }
    t.tail.alt = node;
    t.tail = node;
    t.kind = 'or';
    t.plainOr = node.name === null;
    t.target = node.body;
    this.target = node.body;
  }

  private alternatesWith(pos: number): void {
    this.flushText();
    const t = this.top();
    if (!t || t.repeated === null || t.kind !== 'repeated' || t.between !== null) {
      const where = t ? `inside ${OPEN_NAMES[t.kind]} block` : 'at root';
      this.error('SYNTAX_ERROR', `ALTERNATES_WITH instruction is not allowed ${where}.`, pos);
      return;
    }
    t.between = t.repeated.between = [];
    t.target = t.between;
    this.target = t.between;
  }

  // Tags -------------------------------------------------------------------------------------

  /** Parses the tag between offsets s and e (exclusive, e is the `}`); false leaves it as text. */
  private tag(s: number, e: number): boolean {
    const c = this.src.charCodeAt(s);
    if (c === 35 /* # */) return true; // {# comment}
    if (c !== 46 /* . */) return this.variable(s, e);
    return this.instruction(s + 1, e, s - 1);
  }

  private variable(s: number, e: number): boolean {
    const vars: Path[] = [];
    const j = this.variables(s, e, vars);
    if (j < 0) return false;
    const formatters: FormatterCall[] = [];
    const k = this.formatters(j, e, formatters);
    if (k !== e || !this.checkFormatters(s - 1)) return false;
    this.emit({ kind: 'variable', pos: s - 1, vars, formatters });
    return true;
  }

  private instruction(s: number, e: number, pos: number): boolean {
    const src = this.src;
    if (this.stack.length >= MAX_NESTING && this.opensBlock(s, e)) {
      this.error('SYNTAX_ERROR', `Blocks are nested deeper than ${MAX_NESTING}`, pos);
      return false;
    }
    const word = this.word(s, e);
    if (word < 0) return false;
    // A predicate: {.name? args}
    if (src.charCodeAt(word) === 63 /* ? */) {
      const p = this.predicateAt(s, word, e, pos, 'predicate');
      this.open(p, 'predicate', pos, p);
      return true;
    }
    const name = keyword(src, s, word - s);
    switch (name) {
      case 'end':
      case 'alternates':
      case 'meta-left':
      case 'meta-right':
      case 'newline':
      case 'space':
      case 'tab':
      case 'eof': {
        let j = word;
        if (name === 'alternates') {
          if (!src.startsWith(' with', j)) return false;
          j += 5;
        }
        if (j !== e) return false;
        switch (name) {
          case 'end':
            this.end(pos);
            break;
          case 'alternates':
            this.alternatesWith(pos);
            break;
          case 'meta-left':
            this.addChars('{');
            break;
          case 'meta-right':
            this.addChars('}');
            break;
          case 'newline':
            this.addChars('\n');
            break;
          case 'space':
            this.addChars(' ');
            break;
          case 'tab':
            this.addChars('\t');
            break;
          case 'eof':
            if (this.stack.length === 0) this.done = true;
            else this.error('SYNTAX_ERROR', 'EOF instruction is not allowed inside a block', pos);
            break;
        }
        return true;
      }
      case 'section':
      case 'repeated': {
        let j = word;
        if (name === 'repeated') {
          if (!src.startsWith(' section', j)) return false;
          j += 8;
        }
        const k = this.spaces(j, e);
        if (k === j) return false;
        const path = this.path(k, e);
        if (path === null || this.end_ !== e) return false;
        if (name === 'section') {
          const node: Node = { kind: 'section', pos, path, body: [], alt: null };
          this.open(node, 'section', pos, node);
        } else {
          const node: Node = { kind: 'repeated', pos, path, body: [], alt: null, between: null };
          this.open(node, 'repeated', pos, node);
        }
        return true;
      }
      case 'or': {
        if (word === e) {
          this.or({ kind: 'or', pos, name: null, args: [], body: [], alt: null }, pos);
          return true;
        }
        if (src.charCodeAt(word) !== 32) return false;
        const q = this.predicate(word + 1, e, pos, 'or');
        if (q === null) return false;
        this.or(q, pos);
        return true;
      }
      case 'if': {
        const k = this.spaces(word, e);
        if (k === word) return false;
        const q = this.predicate(k, e, pos, 'predicate');
        if (q !== null) {
          this.open(q, 'predicate', pos, q);
          return true;
        }
        const vars: Path[] = [];
        const ops: ('&&' | '||')[] = [];
        let j = k;
        for (;;) {
          const path = this.path(j, e);
          if (path === null) {
            if (ops.length > 0 || vars.length === 0) return false;
            break;
          }
          vars.push(path);
          j = this.spaces(this.end_, e);
          const c0 = src.charCodeAt(j);
          if ((c0 === 38 || c0 === 124) && src.charCodeAt(j + 1) === c0) {
            ops.push(c0 === 38 ? '&&' : '||');
            j = this.spaces(j + 2, e);
            continue;
          }
          break;
        }
        if (vars.length !== ops.length + 1 || j !== e) return false;
        const node: Node = { kind: 'if', pos, ops, vars, body: [], alt: null };
        this.open(node, 'if', pos, node);
        return true;
      }
      case 'var': {
        const r = this.definition(word, e);
        if (r === null) return false;
        const vars: Path[] = [];
        const j = this.variables(r[1], e, vars);
        if (j < 0) return false;
        const formatters: FormatterCall[] = [];
        const k = this.formatters(j, e, formatters);
        if (k !== e || !this.checkFormatters(pos)) return false;
        this.emit({ kind: 'bindvar', pos, name: r[0], vars, formatters });
        return true;
      }
      case 'ctx': {
        const r = this.definition(word, e);
        if (r === null) return false;
        const bindings: [string, Path][] = [];
        let j = r[1];
        for (;;) {
          const w = this.word(j, e);
          if (w < 0 || src.charCodeAt(w) !== 61 /* = */) break;
          const path = this.path(w + 1, e);
          if (path === null) break;
          bindings.push([src.slice(j, w), path]);
          j = this.spaces(this.end_, e);
        }
        if (bindings.length === 0 || j !== e) return false;
        this.emit({ kind: 'ctxvar', pos, name: r[0], bindings });
        return true;
      }
      case 'eval': {
        const k = this.spaces(word, e);
        if (k === word) return false;
        const from = src.charCodeAt(k) === 35 /* # */ ? k + 1 : k;
        // Checked now so that its errors are compile errors; built into closures on first use.
        const errors = checkExprIn(src, from, e, this.limits);
        for (const m of errors) {
          const code = src.slice(from, e);
          this.error('EXPRESSION_ERROR', `Error parsing expression: ${JSON.stringify(code)}: ${m}`, pos);
        }
        this.emit({ kind: 'eval', pos, source: src, from, to: e, valid: errors.length === 0 });
        return true;
      }
      case 'include': {
        if (src.charCodeAt(word) !== 32) return false;
        const args = src.slice(word + 1, e).split(' ');
        const first = args.shift();
        if (first === undefined || word + 1 >= e) return false;
        this.emit({ kind: 'include', pos, name: first, args });
        return true;
      }
      case 'inject': {
        const r = this.definition(word, e);
        if (r === null) return false;
        let j = r[1];
        while (j < e && isPathChar(src.charCodeAt(j))) j++;
        if (j === r[1]) return false;
        // Anything after the path is an argument list, accepted and ignored.
        this.emit({ kind: 'inject', pos, name: r[0], path: src.slice(r[1], j) });
        return true;
      }
      case 'macro': {
        if (src.charCodeAt(word) !== 32) return false;
        let j = word + 1;
        while (j < e && isPathChar(src.charCodeAt(j))) j++;
        if (j === word + 1 || j !== e) return false;
        const node: Node = { kind: 'macro', pos, name: src.slice(word + 1, j), body: [] };
        this.open(node, 'macro', pos, null);
        return true;
      }
      default:
        return false;
    }
  }

  /** Whether the instruction at s would open a block (a predicate or a block keyword). */
  private opensBlock(s: number, e: number): boolean {
    const w = this.word(s, e);
    if (w < 0) return false;
    if (this.src.charCodeAt(w) === 63 /* ? */) return true;
    const k = keyword(this.src, s, w - s);
    return k === 'section' || k === 'repeated' || k === 'if' || k === 'macro';
  }

  /** `{.name? args}` from s: the node, or null when the text is no predicate. */
  private predicate(s: number, e: number, pos: number, kind: 'predicate' | 'or'): PredicateNode | null {
    const w = this.word(s, e);
    if (w < 0 || this.src.charCodeAt(w) !== 63 /* ? */) return null;
    return this.predicateAt(s, w, e, pos, kind);
  }

  /** The predicate whose name runs from s to the `?` at w. */
  private predicateAt(s: number, w: number, e: number, pos: number, kind: 'predicate' | 'or'): PredicateNode {
    const known = this.names.predicateAt?.(this.src, s, w + 1);
    const name = known ?? this.src.slice(s, w + 1);
    if (known === undefined && !this.names.hasPredicate(name)) {
      this.error('PREDICATE_UNKNOWN', `Predicate '${name}' is unknown`, pos);
    }
    return { kind, pos, name, args: this.args(w + 1, e), body: [], alt: null };
  }

  /** Arguments from s to e: the first character is the delimiter between them. */
  private args(s: number, e: number): string[] {
    if (s + 1 >= e) return [];
    const src = this.src;
    const delim = src.charCodeAt(s);
    const out: string[] = [];
    let k = s + 1;
    for (let j = k; j < e; j++) {
      if (src.charCodeAt(j) === delim) {
        out.push(src.slice(k, j));
        k = j + 1;
      }
    }
    out.push(src.slice(k, e));
    return out;
  }

  /** ` @name ` after an instruction word: [name, index after the second space] or null. */
  private definition(s: number, e: number): [string, number] | null {
    const src = this.src;
    if (src.charCodeAt(s) !== 32 || src.charCodeAt(s + 1) !== 64) return null;
    const w = this.word(s + 2, e);
    if (w < 0 || src.charCodeAt(w) !== 32) return null;
    return [src.slice(s + 1, w), w + 1];
  }

  /** End of a word ([a-zA-Z][a-zA-Z0-9_-]*) starting at s, or -1. */
  private word(s: number, e: number): number {
    const src = this.src;
    if (s >= e || !isAlpha(src.charCodeAt(s))) return -1;
    let j = s + 1;
    while (j < e && isWordChar(src.charCodeAt(j))) j++;
    return j;
  }

  private spaces(s: number, e: number): number {
    let j = s;
    while (j < e && isSpace(this.src.charCodeAt(j))) j++;
    return j;
  }

  /** Where the last successful `path` ended. */
  private end_ = 0;

  /** End of one path segment at s, or -1: digits, `@`/`$` + word, a word, or a lone `@`. */
  private segment(s: number, e: number): number {
    if (s >= e) return -1;
    const c = this.src.charCodeAt(s);
    if (isDigit(c)) {
      let j = s + 1;
      while (j < e && isDigit(this.src.charCodeAt(j))) j++;
      return j;
    }
    if (c === 64 /* @ */ || c === 36 /* $ */) {
      const w = this.word(s + 1, e);
      if (w >= 0) return w;
      return c === 64 ? s + 1 : -1;
    }
    return this.word(s, e);
  }

  /** The segment from s to j: an index when it is all digits (segment() ends digits there). */
  private segmentAt(s: number, j: number): Segment {
    return isDigit(this.src.charCodeAt(s)) ? toSegment(this.src.slice(s, j)) : this.src.slice(s, j);
  }

  /** A dotted variable reference at s (sets end_), or null. */
  private path(s: number, e: number): Path | null {
    const src = this.src;
    let j = this.segment(s, e);
    if (j < 0) return null;
    const out: Segment[] = [this.segmentAt(s, j)];
    while (src.charCodeAt(j) === 46 /* . */) {
      const k = this.segment(j + 1, e);
      if (k < 0) break;
      out.push(this.segmentAt(j + 1, k));
      j = k;
    }
    this.end_ = j;
    return out;
  }

  /** `a, b , c` at s into `out`; the index after the list, or -1. */
  private variables(s: number, e: number, out: Path[]): number {
    const src = this.src;
    let j = s;
    for (;;) {
      const path = this.path(j, e);
      if (path === null) return -1;
      out.push(path);
      j = this.end_;
      let k = j;
      while (src.charCodeAt(k) === 32) k++;
      if (src.charCodeAt(k) !== 44 /* , */ || k >= e) return j;
      k++;
      while (src.charCodeAt(k) === 32) k++;
      j = k;
    }
  }

  /** The first formatter name of the last chain that nobody registered. */
  private unknown: string | null = null;

  /**
   * `|name args|name` at s into `out`; the index after the chain (s when there is none). Names
   * found in the registry's table are known; others are looked up and the first unknown kept.
   */
  private formatters(s: number, e: number, out: FormatterCall[]): number {
    const src = this.src;
    this.unknown = null;
    if (s >= e || src.charCodeAt(s) !== 124 /* | */ || src.charCodeAt(s + 1) === 124) return s;
    let j = s + 1;
    for (;;) {
      const w = this.word(j, e);
      if (w < 0) return out.length === 0 ? s : -1;
      let k = w;
      while (k < e && src.charCodeAt(k) !== 124) k++;
      let name = this.names.formatterAt?.(src, j, w);
      if (name === undefined) {
        name = src.slice(j, w);
        if (this.unknown === null && !this.names.hasFormatter(name)) this.unknown = name;
      }
      out.push({ name, args: k > w ? this.args(w, k) : NO_ARGS });
      if (k >= e) return k;
      j = k + 1;
    }
  }

  /** False (and an error) when the last chain named a formatter nobody registered. */
  private checkFormatters(pos: number): boolean {
    if (this.unknown === null) return true;
    this.error('FORMATTER_UNKNOWN', `Formatter '${this.unknown}' is unknown`, pos);
    return false;
  }
}

/** The instruction word at s (length len) as an interned literal, or "" when it is none. */
function keyword(src: string, s: number, len: number): string {
  // By length, then compared in place: no substring, no closure (this runs for every tag).
  let candidates: readonly string[];
  switch (len) {
    case 2:
      candidates = KW2;
      break;
    case 3:
      candidates = KW3;
      break;
    case 4:
      candidates = KW4;
      break;
    case 5:
      candidates = KW5;
      break;
    case 6:
      candidates = KW6;
      break;
    case 7:
      candidates = KW7;
      break;
    case 8:
      candidates = KW8;
      break;
    case 9:
      candidates = KW9;
      break;
    case 10:
      candidates = KW10;
      break;
    default:
      return '';
  }
  for (let k = 0; k < candidates.length; k++) {
    const w = candidates[k]!;
    let i = 0;
    while (i < len && src.charCodeAt(s + i) === w.charCodeAt(i)) i++;
    if (i === len) return w;
  }
  return '';
}

const KW2 = ['if', 'or'];
const KW3 = ['end', 'var', 'ctx', 'eof', 'tab'];
const KW4 = ['eval'];
const KW5 = ['space', 'macro'];
const KW6 = ['inject'];
const KW7 = ['section', 'include', 'newline'];
const KW8 = ['repeated'];
const KW9 = ['meta-left'];
const KW10 = ['alternates', 'meta-right'];

export function parse(
  src: string,
  names: Names,
  map: SourceMap = new SourceMap(src),
  limits?: ParseLimits,
): ParseResult {
  return new Parser(src, names, map, limits).parse();
}
