/** Names kept so old templates parse: they render nothing, or report that they do nothing. */
import type { Formatter, Predicate } from '../../types';
import { coreMessages } from '../messages';

export const legacyFormatters = {
  // Superseded by `datetime`; templates that still call it print nothing, as they always did.
  datetimefield: () => '',
} satisfies Record<string, Formatter>;

export const legacyPredicates = {
  // Spec §8: raised as an error for the units-metric predicate, which is then false.
  'units-metric?': (_args, ctx) => {
    ctx.error('NOT_IMPLEMENTED', coreMessages.errors.notImplemented('units-metric?'));
    return false;
  },
} satisfies Record<string, Predicate>;
