import type { LatLng } from '@leisure/contract/geo';

/** The map's constants (joining-and-payments.md 9). */
export const mapDefaults = {
  /** Centred on the United Kingdom. */
  centre: { lat: 54.4, lng: -3.4 } satisfies LatLng,
  zoom: 4.92,
  flyMs: 2_000,
  /** Slider changes and cluster clicks. */
  quickFlyMs: 1_000,
  clusterRadius: 22,
  clusterMaxZoom: 20,
  /** 'Search this area' shows above this zoom. */
  searchAreaMinZoom: 8,
  venueZoom: 14,
  geolocationTimeoutMs: 10_000,
  radius: { min: 1, max: 10, step: 1, default: 5 },
} as const;

export const defaultTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const defaultTileAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export const mapMessages = {
  searching: 'Searching...',
  locationDenied: 'Failed to use your location, please allow location access and try again',
  locationFailed: 'Failed to use your location, please try again',
  notFound: 'Cannot find location, please try again.',
  /** Added to notFound when no maps service finds postcodes: the offline search knows places only. */
  byNameHint: 'Search by town, city or centre name instead.',
  noVenues: 'No venues found',
  noCentres: 'No centres found',
} as const;
