import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app';
import { testConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createFixture, createUser } from './factories/basket-fixtures';
import { openTestDatabase } from './harness';

describe('logged request URLs', () => {
  const lines: string[] = [];
  let database: DatabaseHandle;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'info' }),
      database,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keep the path but never the query: the front-desk search term and a searched postcode', async () => {
    const f = await createFixture(database.db);
    const staff = await createUser(database.db, f.clientId, { staff: true });
    lines.length = 0;
    const search = await app.inject({
      method: 'GET',
      url: '/api/foh/customers?q=Quillfeather',
      headers: staff.headers,
    });
    expect(search.statusCode).toBe(200);
    const geocode = await app.inject({ method: 'GET', url: '/api/online-joining/geocode?q=LS6%203QT' });
    expect(geocode.statusCode).toBe(200);
    // A refused search (422) and an unknown route log their URL too.
    await app.inject({ method: 'GET', url: '/api/foh/customers?q=Q', headers: staff.headers });
    await app.inject({ method: 'GET', url: '/api/no-such-route?postcode=LS6%203QT' });

    const logged = lines.join('\n');
    expect(logged).toContain('"/api/foh/customers"');
    expect(logged).toContain('"/api/online-joining/geocode"');
    expect(logged).toContain('"/api/no-such-route"');
    for (const secret of ['Quillfeather', 'LS6', 'q=', 'postcode=']) expect(logged).not.toContain(secret);
  });
});
