import { distanceMiles } from '@leisure/contract/geo';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { venueNameMatch, venuesWithin } from './distance';
import { serverGeocoder } from './geocoder';

const searched: string[] = [];
const server = setupServer(
  http.get('*/api/online-joining/geocode', ({ request }) => {
    const q = new URL(request.url).searchParams.get('q') ?? '';
    searched.push(q);
    return HttpResponse.json({
      data: q.toLowerCase().startsWith('york') ? [{ name: 'York', lat: 53.959, lng: -1.082 }] : [],
    });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

it("asks the server's geocoding provider and takes its best match", async () => {
  expect(await serverGeocoder.lookup('York, UK')).toEqual({ name: 'York', lat: 53.959, lng: -1.082 });
  expect(searched).toEqual(['York, UK']);
});

it('answers null for unknown places and does not ask for terms that are too short', async () => {
  expect(await serverGeocoder.lookup('Atlantis')).toBeNull();
  expect(await serverGeocoder.lookup('y')).toBeNull();
  expect(searched).toEqual(['York, UK', 'Atlantis']);
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
