import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect((await search('Qwzxqv')).json()).toEqual({ data: [] });
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
