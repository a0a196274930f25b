import type { AddressPrediction, PlaceAddress } from '@site/commerce-core';
import { LOCAL_PLACES, type LocalPlace } from './local-places-data';
import type { AddressProvider, AutocompleteRequest } from './provider';

/** As many suggestions as a phone shows without scrolling. */
export const LOCAL_SUGGESTION_LIMIT = 5;

/** Case and accents do not matter: "munchen" finds München. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const compact = (text: string) => fold(text).replace(/ /g, '');

const countryName = (code: string, language = 'en') => {
  try {
    return new Intl.DisplayNames([language, 'en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * What the shopper typed, read as "street, town or postal code": the part after the last comma
 * finds the place, the part before it is kept as the street. Without a comma the whole text is the
 * place.
 */
export function splitLookup(input: string): { street: string; place: string } {
  const comma = input.lastIndexOf(',');
  if (comma === -1) return { street: '', place: input.trim() };
  return { street: input.slice(0, comma).replace(/\s+/g, ' ').trim(), place: input.slice(comma + 1).trim() };
}

const matches = (entry: LocalPlace, place: string) =>
  place !== '' &&
  (fold(entry.city).startsWith(fold(place)) || compact(entry.postalCode).startsWith(compact(place)));

// The id carries the typed street, so details need nothing kept between the two calls.
const idOf = (index: number, street: string) => `local-${index}-${Buffer.from(street).toString('base64url')}`;

function parseId(
  places: readonly LocalPlace[],
  id: string,
): { entry: LocalPlace; street: string } | undefined {
  const m = /^local-(\d{1,4})-([A-Za-z0-9_-]{0,400})$/.exec(id);
  const entry = m ? places[Number(m[1])] : undefined;
  if (!m || !entry) return undefined;
  const street = Buffer.from(m[2]!, 'base64url').toString('utf8');
  // Only what a lookup could have put there: no control characters, no replacement characters.
  if (/[\p{Cc}\uFFFD]/u.test(street) || street.length > 200) return undefined;
  return { entry, street };
}

/**
 * Suggestions from a small built-in list of towns and postal codes, for tests, demos and installs
 * that cannot reach a place service. It never shows anyone's address: the street is the shopper's
 * own typing, the rest comes from the list.
 */
export function createLocalPlacesProvider(places: readonly LocalPlace[] = LOCAL_PLACES): AddressProvider {
  return {
    name: 'local',
    async autocomplete({ input, country, language }: AutocompleteRequest): Promise<AddressPrediction[]> {
      const { street, place } = splitLookup(input);
      return (
        places
          .map((entry, index) => ({ entry, index }))
          .filter(({ entry }) => matches(entry, place))
          // The chosen country's towns first; otherwise the list's order.
          .sort((a, b) => Number(b.entry.country === country) - Number(a.entry.country === country))
          .slice(0, LOCAL_SUGGESTION_LIMIT)
          .map(({ entry, index }) => {
            const town = [entry.city, [entry.region, entry.postalCode].filter(Boolean).join(' ')].join(', ');
            const rest = [
              street ? town : [entry.region, entry.postalCode].filter(Boolean).join(' '),
              countryName(entry.country, language),
            ]
              .filter(Boolean)
              .join(', ');
            const mainText = street || entry.city;
            return {
              placeId: idOf(index, street),
              description: `${mainText}, ${rest}`,
              mainText,
              secondaryText: rest,
            };
          })
      );
    },
    async details(placeId): Promise<PlaceAddress | undefined> {
      const found = parseId(places, placeId);
      if (!found) return undefined;
      const { entry, street } = found;
      return {
        line1: street,
        line2: '',
        city: entry.city,
        region: entry.region,
        postalCode: entry.postalCode,
        country: entry.country,
      };
    },
  };
}
