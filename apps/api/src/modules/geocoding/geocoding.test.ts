import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config';
import { startTestApp, type TestApp } from '../../test/harness';

describe('GET api/online-joining/geocode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  const search = (q: string) =>
    t.app.inject({ method: 'GET', url: `/api/online-joining/geocode?q=${encodeURIComponent(q)}` });

  it('finds UK towns from the offline gazetteer, best match first', async () => {
    const leeds = await search('Leeds');
    expect(leeds.statusCode).toBe(200);
    const [first] = leeds.json().data;
    expect(first.name).toBe('Leeds');
    expect(first.lat).toBeCloseTo(53.8, 1);
    expect(first.lng).toBeCloseTo(-1.55, 1);
  });

  it('ignores case, accents, punctuation and a trailing ", UK"; prefers the largest of the same name', async () => {
    const [york] = (await search('  yORK, UK ')).json().data;
    expect(york.name).toBe('York');
    const [newcastle] = (await search('Newcastle upon Tyne')).json().data;
    expect(newcastle.lat).toBeCloseTo(54.97, 1);
    const prefixes = (await search('Manch')).json().data;
    expect(prefixes[0].name).toBe('Manchester');
    expect(prefixes.length).toBeLessThanOrEqual(5);
  });

  it('answers an empty list for places outside the UK or unknown', async () => {
    expect((await search('Paris')).json().data.map((place: { name: string }) => place.name)).not.toContain(
      'Paris',
    );
    expect((await search('Qwzxqv')).json()).toEqual({ data: [], finds_postcodes: false });
  });

  it('finds no postcode without a maps service, and says it cannot', async () => {
    for (const q of ['LS11 5QT', 'ls115qt', 'LS11', 'SW1A 1AA']) {
      const res = await search(q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual({ data: [], finds_postcodes: false });
    }
  });

  it('refuses a missing, too short or too long term with field messages', async () => {
    for (const url of [
      '/api/online-joining/geocode',
      '/api/online-joining/geocode?q=a',
      `/api/online-joining/geocode?q=${'x'.repeat(101)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.q, url).toHaveLength(1);
    }
  });
});

describe('GET api/online-joining/geocode with the maps service (GEOCODER=mapbox)', () => {
  let t: TestApp;
  let mapbox: Server;
  let answer: { status: number; body: unknown };
  const requests: URL[] = [];

  beforeAll(async () => {
    // A stand-in for the maps service on loopback, answering as its geocoding API does.
    mapbox = createServer((request, response) => {
      requests.push(new URL(request.url ?? '/', 'http://localhost'));
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    });
    await new Promise<void>((resolve) => mapbox.listen(0, '127.0.0.1', resolve));
    const { port } = mapbox.address() as AddressInfo;
    t = await startTestApp({
      GEOCODER: 'mapbox',
      MAPBOX_ACCESS_TOKEN: 'pk.test-key',
      MAPBOX_API_URL: `http://127.0.0.1:${port}`,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => mapbox.close(resolve));
  });

  it('asks the service for UK places with the key and answers its features as places', async () => {
    answer = {
      status: 200,
      body: {
        features: [
          {
            text: 'LS11 5QT',
            place_name: 'LS11 5QT, Leeds, England, United Kingdom',
            center: [-1.5528, 53.7946],
          },
          { text: 'Holbeck', place_name: 'Holbeck, Leeds', center: [-1.56, 53.79] },
        ],
      },
    };
    const res = await t.app.inject({ method: 'GET', url: '/api/online-joining/geocode?q=LS11%205QT' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { name: 'LS11 5QT', lat: 53.7946, lng: -1.5528 },
      { name: 'Holbeck', lat: 53.79, lng: -1.56 },
    ]);
    expect(res.json().finds_postcodes).toBe(true);
    const asked = requests.at(-1);
    expect(asked?.pathname).toBe('/geocoding/v5/mapbox.places/LS11%205QT.json');
    // A postcode goes to the service normalised.
    await t.app.inject({ method: 'GET', url: '/api/online-joining/geocode?q=ls115qt' });
    expect(requests.at(-1)?.pathname).toBe('/geocoding/v5/mapbox.places/LS11%205QT.json');
    expect(asked?.searchParams.get('access_token')).toBe('pk.test-key');
    expect(asked?.searchParams.get('country')).toBe('gb');
  });

  it('falls back to the offline gazetteer when the service fails', async () => {
    answer = { status: 503, body: { message: 'Service unavailable' } };
    const res = await t.app.inject({ method: 'GET', url: '/api/online-joining/geocode?q=York' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].name).toBe('York');
  });

  it('refuses to start without the key', () => {
    expect(() => testConfig({ GEOCODER: 'mapbox' })).toThrow(/MAPBOX_ACCESS_TOKEN/);
  });
});
