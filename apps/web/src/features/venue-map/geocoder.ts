import type { LatLng } from '@leisure/contract/geo';
import { api } from '../../shared/api/client';

export interface GeocodeResult extends LatLng {
  /** The place's own name, e.g. 'York'. */
  name: string;
}

/**
 * Turns a search term into coordinates (joining-and-payments.md 4, "Coordinates lookup"). The map
 * only knows this interface: the server's geocoding provider answers (see `serverGeocoder`); tests pass
 * their own.
 */
export interface GeocodeAnswer {
  /** The best match, or null when the place is not known. */
  place: GeocodeResult | null;
  /** Whether the provider finds postcodes (a maps service); the offline gazetteer knows places only. */
  findsPostcodes: boolean;
}

export interface Geocoder {
  lookup(term: string): Promise<GeocodeAnswer>;
}

/**
 * The server's geocoding provider (`GET api/online-joining/geocode`): the offline gazetteer of UK
 * places from GeoNames by default, a maps service when the operator configures one.
 */
export const serverGeocoder: Geocoder = {
  async lookup(term: string) {
    if (term.trim().length < 2) return { place: null, findsPostcodes: false };
    const answer = await api.get<{ data: GeocodeResult[]; findsPostcodes: boolean }>(
      'api/online-joining/geocode',
      { query: { q: term } },
    );
    return { place: answer.data[0] ?? null, findsPostcodes: answer.findsPostcodes };
  },
};
