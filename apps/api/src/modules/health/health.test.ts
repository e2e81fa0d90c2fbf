import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';

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
  });
});
