import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { startTestApp, type TestApp } from '../../test/harness';
import { createReadiness } from './readiness';

describe('platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('GET /api/health reports the database as up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });

  it('answers unknown API paths with the spec 404 message and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Unable to complete request, item not found.' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Not a document: its policy allows nothing, and the document-only headers are left off.
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS only over https (behind a trusted proxy that says so)', async () => {
    const proxied = await startTestApp({ TRUST_PROXY: 'true' });
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    await proxied.close();
    expect(res.headers['strict-transport-security']).toContain('max-age=');
    // Without TRUST_PROXY a client cannot claim https (or another address) with a header.
    const direct = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('serves an OpenAPI 3.1 document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toBe('3.1.0');
    expect(Object.keys(res.json().paths)).toContain('/api/health');
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/api/health/live', '/api/health/ready']),
    );
  });
});

describe('liveness and readiness', () => {
  it('live answers 200 without the database; ready answers 200 once the database answers and is migrated', async () => {
    const readiness = createReadiness();
    const t = await startTestApp({}, { readiness });
    try {
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });

      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({
        status: 'ready',
        database: 'up',
        migrations: 'applied',
        shutting_down: false,
      });

      // The shutdown turns readiness first; liveness stays, and so does the old health check.
      readiness.shutDown();
      const draining = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'not_ready', shutting_down: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

      // A database that stops answering: live still 200 (no restart), ready 503.
      const fresh = createReadiness();
      const app = await buildApp({ config: t.config, database: t.database, readiness: fresh });
      await app.ready();
      await t.database.close();
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      await app.close();
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ status: 'not_ready', database: 'down' });
    } finally {
      await t.app.close();
    }
  });

  it('ready answers 503 on a database without the newest migration this build carries', async () => {
    const t = await startTestApp();
    try {
      // The database as an older build left it: its newest migration not applied.
      await t.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
      );
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'not_ready',
        database: 'up',
        migrations: 'pending',
        shutting_down: false,
      });
    } finally {
      await t.close();
    }
  });
});
