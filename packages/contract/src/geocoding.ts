import { z } from 'zod';

/** `GET api/online-joining/geocode?q=`: a place search for the joining map (joining-and-payments.md 4). */
export const zGeocodeQuery = z.object({
  q: z
    .string({ error: 'Required' })
    .trim()
    .min(2, 'Must contain at least 2 characters')
    .max(100, 'Must contain at most 100 characters'),
});

export const zPlace = z.object({ name: z.string(), lat: z.number(), lng: z.number() });
export type Place = z.infer<typeof zPlace>;

/** Best match first; empty when the place is not known ('Cannot find location, please try again.'). */
export const zGeocodeResponse = z.object({
  data: z.array(zPlace),
  /** Whether the provider finds postcodes (a maps service); without one the map suggests a town or centre name. */
  finds_postcodes: z.boolean(),
});

/** Lower case, no accents, '&' as 'and', 'Saint' as 'st', punctuation and repeated spaces removed. */
export function normalisePlaceName(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bsaint\b/g, 'st')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Places matching a search term, best first: exact names, then names that start with the term,
 * then names that contain it as a word; within each, the order of `places` (largest first).
 * ', UK' and similar trailing parts of the term are ignored.
 */
export function matchPlaces<T extends { key: string }>(
  places: readonly T[],
  term: string,
  limit: number,
): T[] {
  const wanted = normalisePlaceName(term.split(',')[0] ?? '');
  if (wanted.length < 2) return [];
  const exact = places.filter((place) => place.key === wanted);
  const prefix = places.filter((place) => place.key !== wanted && place.key.startsWith(wanted));
  const word = places.filter(
    (place) => !place.key.startsWith(wanted) && ` ${place.key} `.includes(` ${wanted} `),
  );
  return [...exact, ...prefix, ...word].slice(0, limit);
}
