/**
 * Built-in formatters that declare only `(value, args)` cannot read the render context or the
 * variables list: the engine calls them without pointing the context at their scope and without
 * building the list, which was a tenth of rendering markup full of `html`/`htmlattr`. Only the
 * built-in plugins are marked: a product team's formatter may reach its arguments otherwise.
 */
import type { Formatter } from './types';

const marked = new WeakSet<Formatter>();

export function markContextFree(formatters: Readonly<Record<string, Formatter>>): void {
  for (const name of Object.keys(formatters)) {
    const fn = formatters[name]!;
    if (fn.length <= 2) marked.add(fn);
  }
}

export const isContextFree = (fn: Formatter): boolean => marked.has(fn);
