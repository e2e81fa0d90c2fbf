import ukPlaces from './data/uk-places.json';

/** A point in decimal degrees (WGS84). */
export interface LatLng {
  lat: number;
  lng: number;
}

export interface GeocodeResult extends LatLng {
  /** The place's own name, e.g. 'York'. */
  name: string;
}

/**
 * Turns a search term into coordinates (joining-and-payments.md 4, "Coordinates lookup"). The map
 * only knows this interface: the built-in gazetteer answers offline; a maps-service adapter (the
 * server's geocoding provider) can replace it when a key is configured.
 */
export interface Geocoder {
  /** The best match, or null when the place is not known. */
  lookup(term: string): Promise<GeocodeResult | null>;
}

export interface Place extends LatLng {
  name: string;
}

/** Lower case, no accents, '&' as 'and', 'St.' as 'st', punctuation and repeated spaces removed. */
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
 * A geocoder over a list of places: an exact name first, then a name that starts with the term,
 * then a name that contains it as a word; ', UK' and similar trailing parts of the term are ignored.
 */
export function createGazetteerGeocoder(places: Place[]): Geocoder {
  const index = places.map((place) => ({ place, key: normalisePlaceName(place.name) }));
  return {
    async lookup(term: string) {
      const first = term.split(',')[0] ?? '';
      const wanted = normalisePlaceName(first);
      if (wanted.length < 2) return null;
      const found =
        index.find((entry) => entry.key === wanted) ??
        index.find((entry) => entry.key.startsWith(wanted)) ??
        index.find((entry) => ` ${entry.key} `.includes(` ${wanted} `));
      return found ? { name: found.place.name, lat: found.place.lat, lng: found.place.lng } : null;
    },
  };
}

/** The built-in offline gazetteer of UK towns and cities (see data/README.md for its source). */
export const ukGazetteer: Geocoder = createGazetteerGeocoder(ukPlaces);
