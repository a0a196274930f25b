/** `apply name [k=v …] [private]`: renders a partial or macro against the current value. */
import type { Formatter, RenderPartialOptions } from '../../types';
import { ArgsMemo } from '../memo';

/** `private` stops variable lookup at the partial's data; `k=v` pairs become `@args`. */
export const parseApplyArgs = (args: readonly string[]): RenderPartialOptions => {
  let isPrivate = false;
  let named: Record<string, string> | undefined;
  for (const arg of args.slice(1)) {
    named ??= {};
    if (arg === 'private') {
      isPrivate = true;
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq !== -1) named[arg.slice(0, eq)] = arg.slice(eq + 1);
  }
  return { private: isPrivate, args: named && Object.freeze(named) };
};

const options = new ArgsMemo(parseApplyArgs);

const apply: Formatter = (value, args, ctx) => {
  const name = args[0];
  if (!name) return '';
  return ctx.renderPartial(name, value, options.get(args));
};

export const applyFormatters = { apply } satisfies Record<string, Formatter>;
