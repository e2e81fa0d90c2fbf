import { distanceMiles, type LatLng } from '@leisure/contract/geo';
import { normalisePostcode, outwardCodeOf, postcodeSearchOf } from '@leisure/contract/postcode';
import { compareNames } from '../../shared/format/names';

export interface MapVenue extends LatLng {
  id: number;
  name: string;
  slug: string;
  address1: string | null;
  address2: string | null;
  postcode: string | null;
}

export interface VenueWithDistance<V extends MapVenue> {
  venue: V;
  /** Miles from the searched point; null without a search. */
  distance: number | null;
}

/** Venues within `radiusMiles` of `centre`, nearest first; every venue (by name) without a centre. */
export function venuesWithin<V extends MapVenue>(
  venues: V[],
  centre: LatLng | null,
  radiusMiles: number,
): VenueWithDistance<V>[] {
  if (!centre) {
    return [...venues]
      .sort((a, b) => compareNames(a.name, b.name))
      .map((venue) => ({ venue, distance: null }));
  }
  return venues
    .map((venue) => ({ venue, distance: distanceMiles(centre, venue) }))
    .filter((entry) => entry.distance <= radiusMiles)
    .sort((a, b) => a.distance - b.distance);
}

/** The first venue whose name contains the term (spec 4: a venue-name match flies to the venue). */
export function venueNameMatch<V extends MapVenue>(venues: V[], term: string): V | undefined {
  const wanted = term.trim().toLowerCase();
  if (wanted.length < 2) return undefined;
  return venues.find((venue) => venue.name.toLowerCase().includes(wanted));
}

/**
 * A venue a postcode search belongs to: the venue at that full postcode, or, for an outward code
 * ('LS11') or when `byOutwardCode` is set, the first venue in that postcode district.
 */
export function venuePostcodeMatch<V extends MapVenue>(
  venues: V[],
  term: string,
  { byOutwardCode }: { byOutwardCode: boolean },
): V | undefined {
  const search = postcodeSearchOf(term);
  if (!search) return undefined;
  if (search.kind === 'full') {
    const exact = venues.find(
      (venue) => venue.postcode && normalisePostcode(venue.postcode) === search.postcode,
    );
    if (exact || !byOutwardCode) return exact;
  }
  return venues.find((venue) => venue.postcode && outwardCodeOf(venue.postcode) === search.outcode);
}
