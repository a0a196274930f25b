import type { TemplateError, TemplateErrorKind } from './plugins/types';

/** Maps source offsets to 1-based line and column; the line table is built on first use. */
export class SourceMap {
  private lines: number[] | null = null;
  constructor(readonly source: string) {}

  position(offset: number): { line: number; column: number } {
    let lines = this.lines;
    if (lines === null) {
      lines = [0];
      const s = this.source;
      for (let i = s.indexOf('\n'); i !== -1; i = s.indexOf('\n', i + 1)) lines.push(i + 1);
      this.lines = lines;
    }
    let lo = 0;
    let hi = lines.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lines[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lines[lo]! + 1 };
  }
}

export function makeError(
  kind: TemplateErrorKind,
  message: string,
  map?: SourceMap,
  offset?: number,
): TemplateError {
  const e: TemplateError = { kind, message };
  if (map !== undefined && offset !== undefined && offset >= 0) {
    const { line, column } = map.position(offset);
    e.line = line;
    e.column = column;
  }
  return e;
}
