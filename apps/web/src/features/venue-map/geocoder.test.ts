import { expect, it } from 'vitest';
import { distanceMiles, venueNameMatch, venuesWithin } from './distance';
import { createGazetteerGeocoder, normalisePlaceName, ukGazetteer } from './geocoder';

it('finds UK towns and cities offline, whatever the case or trailing country', async () => {
  expect(await ukGazetteer.lookup('York')).toEqual({ name: 'York', lat: 53.96, lng: -1.087 });
  expect(await ukGazetteer.lookup('  manchester, UK ')).toMatchObject({ name: 'Manchester' });
  expect(await ukGazetteer.lookup('newcastle')).toMatchObject({ name: 'Newcastle upon Tyne' });
  expect(await ukGazetteer.lookup('Stoke on Trent')).toMatchObject({ name: 'Stoke-on-Trent' });
});

it('answers null for unknown places and terms that are too short', async () => {
  expect(await ukGazetteer.lookup('Atlantis')).toBeNull();
  expect(await ukGazetteer.lookup('y')).toBeNull();
  expect(await ukGazetteer.lookup('')).toBeNull();
});

it('prefers an exact name over a prefix match', async () => {
  const geocoder = createGazetteerGeocoder([
    { name: 'Bathgate', lat: 55.9, lng: -3.6 },
    { name: 'Bath', lat: 51.38, lng: -2.36 },
  ]);
  expect(await geocoder.lookup('bath')).toMatchObject({ name: 'Bath' });
  expect(await geocoder.lookup('bathg')).toMatchObject({ name: 'Bathgate' });
  expect(normalisePlaceName('St. Albans & Harpenden')).toBe('st albans and harpenden');
});

const venues = [
  {
    id: 1,
    name: 'Leeds Riverside',
    slug: 'leeds',
    address1: null,
    address2: null,
    postcode: null,
    lat: 53.7936,
    lng: -1.5466,
  },
  {
    id: 2,
    name: 'York Ouse Bank',
    slug: 'york',
    address1: null,
    address2: null,
    postcode: null,
    lat: 53.9545,
    lng: -1.0817,
  },
];

it('filters venues by the radius around a searched point, nearest first', () => {
  const york = { lat: 53.96, lng: -1.087 };
  expect(distanceMiles(york, venues[1] as (typeof venues)[number])).toBeLessThan(1);
  expect(venuesWithin(venues, york, 5).map(({ venue }) => venue.slug)).toEqual(['york']);
  expect(venuesWithin(venues, york, 30).map(({ venue }) => venue.slug)).toEqual(['york', 'leeds']);
  expect(venuesWithin(venues, null, 5).map(({ distance }) => distance)).toEqual([null, null]);
  expect(venueNameMatch(venues, 'ouse')?.slug).toBe('york');
  expect(venueNameMatch(venues, 'Sheffield')).toBeUndefined();
});
