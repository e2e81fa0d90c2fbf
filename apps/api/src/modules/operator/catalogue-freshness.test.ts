import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createFixture, type Fixture } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { systemChange } from '../audit/staff-change';
import { catalogueChecker } from './catalogue-freshness';
import { updateVenueSetup } from './venue-setup.service';

/**
 * Another replica's set-up change: written to the database without this process's routes (so this
 * process forgets nothing at once), it is seen on the next customer read after the catalogue check.
 */
describe('catalogue freshness across replicas', () => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    t = await startTestApp({ CLIENT_SLUG: 'cart-operator', OPERATOR_CACHE_MS: '60000' });
    f = await createFixture(t.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("forgets the kept venues once the catalogue's version has moved, and only then", async () => {
    const http = api(t.app);
    const check = catalogueChecker(t.db, t.config);
    await check();
    const nameOf = async () =>
      (await http.get('/api/activities/venues', {}))
        .json()
        .data.find((v: { slug: string }) => v.slug === 'cart-venue').name as string;
    expect(await nameOf()).toBe('Cart Venue');
    await updateVenueSetup(t.db, systemChange(f.clientId), f.venue.id, { name: 'Changed Elsewhere' });
    // This process still answers from what it keeps: the change came from "another replica".
    expect(await nameOf()).toBe('Cart Venue');
    expect(await check()).toBe(true);
    expect(await nameOf()).toBe('Changed Elsewhere');
    expect(await check()).toBe(false);
  });
});
