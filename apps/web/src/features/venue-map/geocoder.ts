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
export interface Geocoder {
  /** The best match, or null when the place is not known. */
  lookup(term: string): Promise<GeocodeResult | null>;
}

/**
 * The server's geocoding provider (`GET api/online-joining/geocode`): the offline gazetteer of UK
 * places from GeoNames by default, a maps service when the operator configures one.
 */
export const serverGeocoder: Geocoder = {
  async lookup(term: string) {
    if (term.trim().length < 2) return null;
    const answer = await api.get<{ data: GeocodeResult[] }>('api/online-joining/geocode', {
      query: { q: term },
    });
    return answer.data[0] ?? null;
  },
};
