import { z } from 'zod';

/** storefront.md §7: the two calls of address autocomplete at checkout. */
export const ADDRESS_AUTOCOMPLETE_PATH = '/api/google-maps/places/autocomplete';
export const ADDRESS_DETAILS_PATH = '/api/google-maps/places/details';

/** Fewer characters than this match too much to be worth a call (and a billed request). */
export const ADDRESS_LOOKUP_MIN_CHARS = 3;
export const ADDRESS_LOOKUP_MAX_CHARS = 200;

/**
 * The tracking context the spec asks of both calls: which page and which part of it looked an
 * address up (the checkout's shipping address). Kept in the server's log line of the lookup.
 */
const trackingContext = {
  productPage: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/)
    .optional(),
  productSection: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,39}$/)
    .optional(),
};

/**
 * One typing session, from the first character to the chosen address: a provider that bills per
 * session (Google) counts the lookups and the details of one choice as one.
 */
const sessionToken = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'letters, digits, - and _, 8 to 64 of them');

export const AddressAutocompleteQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    input: z.string().trim().min(ADDRESS_LOOKUP_MIN_CHARS).max(ADDRESS_LOOKUP_MAX_CHARS),
    sessionToken,
    /** The country already chosen in the form, to rank its addresses first. */
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    ...trackingContext,
  }))();
export type AddressAutocompleteQuery = z.infer<typeof AddressAutocompleteQuerySchema>;

export const AddressPredictionSchema = /* @__PURE__ */ (() =>
  z.object({
    /** The provider's id of the place, handed back to the details call. */
    placeId: z.string(),
    /** The whole suggestion as one line. */
    description: z.string(),
    /** The street part, shown in bold. */
    mainText: z.string(),
    /** Town, region and country. */
    secondaryText: z.string(),
  }))();
export type AddressPrediction = z.infer<typeof AddressPredictionSchema>;

export const AddressPredictionsSchema = /* @__PURE__ */ (() =>
  z.object({
    predictions: z.array(AddressPredictionSchema),
    /** Whose data the suggestions are ("Google"), shown under the list as its terms require. */
    attribution: z.string().optional(),
  }))();
export type AddressPredictions = z.infer<typeof AddressPredictionsSchema>;

export const AddressDetailsQuerySchema = /* @__PURE__ */ (() =>
  z.strictObject({
    placeId: z.string().min(1).max(512),
    sessionToken,
    ...trackingContext,
  }))();
export type AddressDetailsQuery = z.infer<typeof AddressDetailsQuerySchema>;

/** A chosen address in the checkout's own fields; a part the provider does not know is ''. */
export const PlaceAddressSchema = /* @__PURE__ */ (() =>
  z.object({
    line1: z.string(),
    line2: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
    /** ISO 3166-1 alpha-2, or '' when unknown. */
    country: z.string(),
  }))();
export type PlaceAddress = z.infer<typeof PlaceAddressSchema>;

export const AddressDetailsSchema = /* @__PURE__ */ (() => z.object({ address: PlaceAddressSchema }))();
export type AddressDetails = z.infer<typeof AddressDetailsSchema>;
