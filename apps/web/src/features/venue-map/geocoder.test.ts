import { distanceMiles } from '@leisure/contract/geo';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { venueNameMatch, venuePostcodeMatch, venuesWithin } from './distance';
import { serverGeocoder } from './geocoder';

const searched: string[] = [];
const server = setupServer(
  http.get('*/api/online-joining/geocode', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    searched.push(q);
    return HttpResponse.json({
      data: q.toLowerCase().startsWith('york') ? [{ name: 'York', lat: 53.959, lng: -1.082 }] : [],
      finds_postcodes: false,
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it("asks the server's geocoding provider and takes its best match", async () => {
  expect(await serverGeocoder.lookup('York, UK')).toEqual({
    place: { name: 'York', lat: 53.959, lng: -1.082 },
    findsPostcodes: false,
  });
  expect(searched).toEqual(['York, UK']);
});

it('answers null for unknown places and does not ask for terms that are too short', async () => {
  expect((await serverGeocoder.lookup('Atlantis')).place).toBeNull();
  expect((await serverGeocoder.lookup('y')).place).toBeNull();
  expect(searched).toEqual(['York, UK', 'Atlantis']);
});

const venues = [
  {
    id: 1,
    name: 'Leeds Riverside',
    slug: 'leeds',
    address1: null,
    address2: null,
    postcode: 'LS11 5QT',
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

it('finds the centre a postcode belongs to: its full postcode or its outward code, in any case', () => {
  const at = (term: string, byOutwardCode = false) =>
    venuePostcodeMatch(venues, term, { byOutwardCode })?.slug;
  expect(at('LS11 5QT')).toBe('leeds');
  expect(at('ls115qt')).toBe('leeds');
  expect(at('LS11')).toBe('leeds');
  expect(at('ls11')).toBe('leeds');
  // Another postcode in the district goes to the geocoder first, then falls back to the district.
  expect(at('LS11 9ZZ')).toBeUndefined();
  expect(at('LS11 9ZZ', true)).toBe('leeds');
  expect(at('M1 1AE', true)).toBeUndefined();
  expect(at('Leeds', true)).toBeUndefined();
});
