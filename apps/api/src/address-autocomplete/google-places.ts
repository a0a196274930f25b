import type { AddressPrediction, PlaceAddress } from '@site/commerce-core';
import { z } from 'zod';
import { AddressProviderError, type AddressProvider, type AutocompleteRequest } from './provider';

export const GOOGLE_PLACES_DEFAULT_URL = 'https://places.googleapis.com';
/** A shopper waits on every keystroke's answer: past this, no suggestion is better than a late one. */
export const GOOGLE_PLACES_TIMEOUT_MS = 3000;

/** Only address-like places: a checkout has no use for a restaurant's name. */
const ADDRESS_TYPES = ['street_address', 'premise', 'subpremise', 'route'];

// The parts of Places API (New) answers read here; anything else in them is ignored.
const TextSchema = z.object({ text: z.string() });
const AutocompleteAnswer = z.object({
  suggestions: z
    .array(
      z.object({
        placePrediction: z
          .object({
            placeId: z.string(),
            text: TextSchema,
            structuredFormat: z
              .object({ mainText: TextSchema, secondaryText: TextSchema.optional() })
              .optional(),
          })
          .optional(),
      }),
    )
    .default([]),
});
const DetailsAnswer = z.object({
  addressComponents: z
    .array(z.object({ longText: z.string(), shortText: z.string().optional(), types: z.array(z.string()) }))
    .default([]),
});

/**
 * Where the house number follows the street name ("Hauptstraße 5"); elsewhere it leads
 * ("5 Main Street").
 */
const NUMBER_AFTER_STREET = new Set(
  'AR AT BA BE BG BR CH CL CO CZ DE DK EE ES FI GR HR HU IS IT LT LV MX NL NO PE PL PT RO RS RU SE SI SK TR UA'.split(
    ' ',
  ),
);

type Component = z.infer<typeof DetailsAnswer>['addressComponents'][number];

/** Google's address components as the checkout's fields. */
export function placeAddressOf(components: readonly Component[]): PlaceAddress {
  const part = (type: string, short = false) => {
    const c = components.find((x) => x.types.includes(type));
    return (short ? c?.shortText : undefined) ?? c?.longText ?? '';
  };
  const country = part('country', true).toUpperCase();
  const number = part('street_number');
  const route = part('route');
  const street = NUMBER_AFTER_STREET.has(country) ? [route, number] : [number, route];
  return {
    line1: route ? street.filter(Boolean).join(' ') : part('premise') || number,
    line2: part('subpremise'),
    // Britain's towns are postal towns; some cities only name their district.
    city: part('locality') || part('postal_town') || part('sublocality_level_1') || part('sublocality'),
    region: part('administrative_area_level_1', true),
    postalCode: part('postal_code'),
    country: /^[A-Z]{2}$/.test(country) ? country : '',
  };
}

/**
 * Google Places API (New): Autocomplete (`POST /v1/places:autocomplete`) and Place Details
 * (`GET /v1/places/{id}` with the address components only), with one session token from the
 * first lookup to the chosen place so Google bills the pair as one session.
 */
export function createGooglePlacesProvider(options: {
  apiKey: string;
  /** Google's address unless a proxy or a test stands in. */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): AddressProvider {
  const base = (options.baseUrl ?? GOOGLE_PLACES_DEFAULT_URL).replace(/\/+$/, '');
  const send = options.fetch ?? fetch;
  const call = async <T>(
    url: string,
    init: RequestInit,
    schema: z.ZodType<T>,
    missing: readonly number[] = [],
  ): Promise<T | undefined> => {
    let res: Response;
    try {
      res = await send(url, {
        ...init,
        headers: { 'x-goog-api-key': options.apiKey, ...init.headers },
        signal: AbortSignal.timeout(options.timeoutMs ?? GOOGLE_PLACES_TIMEOUT_MS),
      });
    } catch (err) {
      throw new AddressProviderError('Google Places did not answer', { cause: err });
    }
    if (missing.includes(res.status)) return undefined;
    if (!res.ok) throw new AddressProviderError(`Google Places answered ${res.status}`);
    const parsed = schema.safeParse(await res.json().catch(() => undefined));
    if (!parsed.success) throw new AddressProviderError('Google Places answered in an unknown shape');
    return parsed.data;
  };
  return {
    name: 'google',
    attribution: 'Google',
    async autocomplete(request: AutocompleteRequest): Promise<AddressPrediction[]> {
      const answer = await call(
        `${base}/v1/places:autocomplete`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            input: request.input,
            sessionToken: request.sessionToken,
            includedPrimaryTypes: ADDRESS_TYPES,
            ...(request.country ? { regionCode: request.country.toLowerCase() } : {}),
            ...(request.language ? { languageCode: request.language } : {}),
          }),
        },
        AutocompleteAnswer,
      );
      return (answer?.suggestions ?? []).flatMap(({ placePrediction: p }) =>
        p
          ? [
              {
                placeId: p.placeId,
                description: p.text.text,
                mainText: p.structuredFormat?.mainText.text ?? p.text.text,
                secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
              },
            ]
          : [],
      );
    },
    async details(placeId, request) {
      const query = new URLSearchParams({ sessionToken: request.sessionToken });
      if (request.language) query.set('languageCode', request.language);
      const answer = await call(
        `${base}/v1/places/${encodeURIComponent(placeId)}?${query}`,
        { method: 'GET', headers: { 'x-goog-fieldmask': 'addressComponents' } },
        DetailsAnswer,
        // Google refuses an id it never issued with 400 (INVALID_ARGUMENT): no such place either way.
        [400, 404],
      );
      return answer ? placeAddressOf(answer.addressComponents) : undefined;
    },
  };
}
