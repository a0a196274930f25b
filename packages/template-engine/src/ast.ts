/** The syntax tree the parser builds and the compiler turns into closures. */
import type { Path } from './runtime';

/** A formatter call as written: `truncate 10 ...` → name "truncate", args ["10", "..."]. */
export interface FormatterCall {
  name: string;
  args: readonly string[];
}

/** `pos` fields are offsets into the template source (line and column are derived on demand). */
export type Node =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; pos: number; vars: Path[]; formatters: FormatterCall[] }
  | { kind: 'section'; pos: number; path: Path; body: Node[]; alt: Alternate }
  | {
      kind: 'repeated';
      pos: number;
      path: Path;
      body: Node[];
      alt: Alternate;
      /** The `.alternates with` block, null when there is none. */
      between: Node[] | null;
    }
  | PredicateNode
  | { kind: 'if'; pos: number; ops: ('&&' | '||')[]; vars: Path[]; body: Node[]; alt: Alternate }
  | { kind: 'bindvar'; pos: number; name: string; vars: Path[]; formatters: FormatterCall[] }
  | { kind: 'ctxvar'; pos: number; name: string; bindings: [string, Path][] }
  /**
   * The code is `source` from `from` to `to`, without a leading `#` (debug mark), cut out when
   * the template first renders; `valid` is false when it failed to parse.
   */
  | { kind: 'eval'; pos: number; source: string; from: number; to: number; valid: boolean }
  | { kind: 'include'; pos: number; name: string; args: string[] }
  | { kind: 'inject'; pos: number; name: string; path: string }
  | { kind: 'macro'; pos: number; name: string; body: Node[] };

/**
 * `{.name? args}`, `{.if name? args}` and `{.or}` / `{.or name? args}` (kind "or"): when the
 * predicate (none: always) holds the body runs, otherwise the alternate.
 */
export interface PredicateNode {
  kind: 'predicate' | 'or';
  pos: number;
  name: string | null;
  args: readonly string[];
  body: Node[];
  alt: Alternate;
}

/** What runs when a block's condition fails: an `.or` branch, or nothing. */
export type Alternate = PredicateNode | null;

export type BlockNode = Extract<Node, { body: Node[] }>;
