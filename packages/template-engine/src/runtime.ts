/**
 * Values and scopes at render time: data stays plain JSON values (`undefined` means missing), a
 * scope is a linked list of frames, and every lookup reads own properties only.
 */

/** One segment of a variable path: a property name, an array index, `@`, `@name` or `$name`. */
export type Segment = string | number;
export type Path = readonly Segment[];

/** A scope: the node `@` refers to, plus the variables and macros defined while it is open. */
export class Frame {
  /** Index of the element being visited when this frame is a repeated section; -1 otherwise. */
  index = -1;
  /** `@`-variables defined in this scope, flat: name, value, name, value... (few, so scanned). */
  vars: unknown[] | null = null;
  macros: Map<string, unknown> | null = null;
  /** Variables do not resolve past this frame (`apply ... private`). */
  stop = false;
  constructor(
    /** Changes only when a repeated section moves its element frame to the next element. */
    public node: unknown,
    readonly parent: Frame | null,
  ) {}

  setVar(name: string, value: unknown): void {
    const v = this.vars;
    if (v === null) {
      this.vars = [name, value];
      return;
    }
    for (let i = 0; i < v.length; i += 2) {
      if (v[i] === name) {
        v[i + 1] = value;
        return;
      }
    }
    v.push(name, value);
  }

  getVar(name: string): unknown {
    const v = this.vars;
    if (v === null) return undefined;
    for (let i = 0; i < v.length; i += 2) if (v[i] === name) return v[i + 1];
    return undefined;
  }
}

const hasOwn = Object.prototype.hasOwnProperty;

/** The own property `key` of `node`, or undefined. Arrays answer integer indexes only. */
export function getOwn(node: unknown, key: Segment): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) return typeof key === 'number' ? node[key] : undefined;
  if (!hasOwn.call(node, key)) return undefined;
  const v = (node as Record<string, unknown>)[key];
  return typeof v === 'function' ? undefined : v;
}

/**
 * A step into a value found by an earlier segment of a path (`b` of `a.b`). The reference tests
 * such steps with the object's own `hasOwnProperty`, so an object whose data has a key of that
 * name cannot be looked into there; pages agree on it. (The comparison is one load, the same
 * function for every plain object, so other objects pay nothing more.)
 */
export function getStep(node: unknown, key: Segment): unknown {
  if (node === null || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) return typeof key === 'number' ? node[key] : undefined;
  if ((node as { hasOwnProperty?: unknown }).hasOwnProperty !== hasOwn && hasOwn.call(node, 'hasOwnProperty'))
    return undefined;
  if (!hasOwn.call(node, key)) return undefined;
  const v = (node as Record<string, unknown>)[key];
  return typeof v === 'function' ? undefined : v;
}

/** Resolves one name against one frame, without looking further up. */
export function resolveName(name: Segment, frame: Frame): unknown {
  if (typeof name === 'string' && name.charCodeAt(0) === 64 /* @ */) {
    if (name === '@') return frame.node;
    if (name === '@index') return frame.index === -1 ? undefined : frame.index + 1;
    if (name === '@index0') return frame.index === -1 ? undefined : frame.index;
    return frame.getVar(name);
  }
  return getOwn(frame.node, name);
}

/** The first frame from `frame` up whose lookup of `name` is not missing. */
export function lookup(name: Segment, frame: Frame): unknown {
  for (let f: Frame | null = frame; f !== null; f = f.parent) {
    const v = resolveName(name, f);
    if (v !== undefined) return v;
    if (f.stop) break;
  }
  return undefined;
}

/** A resolver for one path, specialised for the common shapes. */
export function resolver(path: Path): (f: Frame) => unknown {
  const first = path[0]!;
  const n = path.length;
  if (first === '@') {
    if (n === 1) return (f) => f.node;
    return (f) => walk(f.node, path, 1);
  }
  if (typeof first === 'string' && first.charCodeAt(0) !== 64) {
    // A plain key: the first scope that has it as an own property.
    if (n === 1) {
      return (f) => {
        for (let s: Frame | null = f; s !== null; s = s.parent) {
          const v = getOwn(s.node, first);
          if (v !== undefined) return v;
          if (s.stop) break;
        }
        return undefined;
      };
    }
    if (n === 2) {
      const second = path[1]!;
      return (f) => {
        for (let s: Frame | null = f; s !== null; s = s.parent) {
          const v = getOwn(s.node, first);
          if (v !== undefined) return v === null ? undefined : getStep(v, second);
          if (s.stop) break;
        }
        return undefined;
      };
    }
  }
  if (n === 1) return (f) => lookup(first, f);
  return (f) => walk(lookup(first, f), path, 1);
}

/** Follows `path` from index `from` on; missing (undefined) as soon as a step is missing or null. */
export function walk(value: unknown, path: Path, from: number): unknown {
  let v = value;
  for (let i = from; i < path.length; i++) {
    if (v === undefined || v === null) return undefined;
    v = getStep(v, path[i]!);
  }
  return v;
}

/** Resolves a variable path the way `{a.b.c}` does: the first segment up the scopes. */
export function resolvePath(path: Path, frame: Frame): unknown {
  if (path.length === 0) return undefined;
  const first = path[0]!;
  const v = first === '@' ? frame.node : lookup(first, frame);
  return path.length === 1 ? v : walk(v, path, 1);
}

/** One segment of a path as written: all-digit text that fits an int becomes an index. */
export function toSegment(raw: string): Segment {
  const n = raw.length;
  if (n === 0 || n > 10) return raw;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c < 48 || c > 57) return raw;
  }
  const v = parseInt(raw, 10);
  return v <= 0x7fffffff ? v : raw;
}

/** Splits `a.b.0.c` into segments; all-digit segments that fit an int become indexes. */
export function splitPath(raw: string): Segment[] {
  if (raw.indexOf('.') === -1) return [toSegment(raw)];
  return raw.split('.').map(toSegment);
}

/** Truth as templates see it: non-empty strings, arrays and objects, non-zero numbers, true. */
export function isTruthy(v: unknown): boolean {
  switch (typeof v) {
    case 'string':
      return v !== '';
    case 'number':
      return v !== 0 && v === v;
    case 'boolean':
      return v;
    case 'object': {
      if (v === null) return false;
      if (Array.isArray(v)) return v.length !== 0;
      for (const k in v) if (hasOwn.call(v, k)) return true;
      return Object.getPrototypeOf(v) !== Object.prototype;
    }
    default:
      return false;
  }
}

/** Text a value contributes to the output: scalars as text, arrays comma-joined, objects nothing. */
export function toText(v: unknown): string {
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'boolean':
    case 'bigint':
      return String(v);
    case 'object': {
      if (v === null || !Array.isArray(v)) return '';
      let s = '';
      try {
        for (let i = 0; i < v.length; i++) {
          if (i > 0) s += ',';
          s += String(v[i]);
        }
      } catch {
        // An element no conversion accepts ({"toString": 1}): the array prints nothing, as in
        // the reference engine.
        return '';
      }
      return s;
    }
    default:
      return '';
  }
}
