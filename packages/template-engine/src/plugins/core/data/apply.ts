/** `apply name [k=v …] [private]`: renders a partial or macro against the current value. */
import type { Formatter, RenderContext } from '../../types';

/** What `apply` hands the engine besides the data; see the package README (contract note). */
export interface ApplyOptions {
  /** Variables of the partial cannot be resolved past its own data. */
  readonly private: boolean;
  /** `k=v` arguments, visible in the partial as `@args`; undefined when none were written. */
  readonly args: Readonly<Record<string, string>> | undefined;
}

export const parseApplyArgs = (args: readonly string[]): ApplyOptions => {
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
  return { private: isPrivate, args: named };
};

type RenderPartialWithOptions = (name: string, data: unknown, options: ApplyOptions) => string;

const apply: Formatter = (value, args, ctx: RenderContext) => {
  const name = args[0];
  if (!name) return '';
  // The contract's renderPartial takes (name, data); the options ride along as a third argument
  // that an engine may honour (private scope, @args) and older ones ignore.
  const render = ctx.renderPartial as unknown as RenderPartialWithOptions;
  return render.call(ctx, name, value, parseApplyArgs(args));
};

export const applyFormatters = { apply } satisfies Record<string, Formatter>;
