import { commercePlugin } from './plugins/commerce/index';
import { corePlugin } from './plugins/core/index';
import { formsPlugin } from './plugins/forms/index';
import { createRegistry, type Registry } from './registry';

let shared: Registry | undefined;

/**
 * The registry `compile` uses when given none: the core, commerce and
 * forms plugins. Created on first use; register into `defaultRegistry().clone()` rather than into
 * this one, which every template of the process shares.
 */
export function defaultRegistry(): Registry {
  return (shared ??= createRegistry(corePlugin, commercePlugin, formsPlugin));
}
