import type { Place } from '@leisure/contract/geocoding';
import { postcodeSearchOf } from '@leisure/contract/postcode';
import type { Geocoder } from '../../providers/geocoding/geocoder';

/**
 * The map search's coordinates lookup (joining-and-payments.md 4). A postcode (full or outward) goes
 * to the provider normalised ('ls115qt' -> 'LS11 5QT') when it finds postcodes (a maps service);
 * the offline gazetteer knows only places, so it answers none and the map says to search by town
 * or centre name instead.
 */
export async function findPlaces(
  geocoder: Geocoder,
  term: string,
  limit: number,
): Promise<{ places: Place[]; findsPostcodes: boolean }> {
  const postcode = postcodeSearchOf(term);
  if (!postcode)
    return { places: await geocoder.search(term, limit), findsPostcodes: geocoder.findsPostcodes };
  if (!geocoder.findsPostcodes) return { places: [], findsPostcodes: false };
  const normalised = postcode.kind === 'full' ? postcode.postcode : postcode.outcode;
  return { places: await geocoder.search(normalised, limit), findsPostcodes: true };
}
