import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { startLoggedApp } from './harness';

describe('logs and database refusals', () => {
  it("never keep a failed query's parameters, only its text and the error", async () => {
    const { app, database, lines, close } = await startLoggedApp({ LOG_LEVEL: 'info' });
    const email = 'private.person@example.com';
    const passwordHash = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA';
    // A query that fails inside a request, as a failed registration did, with personal values bound.
    app.get('/api/test-only/failing-query', { config: { access: 'public' } }, async () =>
      database.db.execute(
        sql`insert into no_such_table (email, password_hash) values (${email}, ${passwordHash})`,
      ),
    );
    // A value PostgreSQL itself refuses (SQLSTATE class 22) is bad input that a check missed: a 422.
    app.get('/api/test-only/out-of-range', { config: { access: 'public' } }, async () =>
      database.db.execute(sql`select ${'99999999999'}::int`),
    );
    await app.ready();
    try {
      const outOfRange = await app.inject({ method: 'GET', url: '/api/test-only/out-of-range' });
      expect(outOfRange.statusCode).toBe(422);
      expect(outOfRange.json()).toEqual({ message: 'The given data was invalid.' });
      const res = await app.inject({ method: 'GET', url: '/api/test-only/failing-query' });
      expect(res.statusCode).toBe(500);
      const logged = lines.join('\n');
      expect(logged).toContain('unhandled error');
      expect(logged).toContain('no_such_table');
      expect(logged).not.toContain(email);
      expect(logged).not.toContain(passwordHash);
    } finally {
      await close();
    }
  });

  it("a request's lines carry its id, also when its logger is made only as it writes (warn level)", async () => {
    const { app, lines, close } = await startLoggedApp({ LOG_LEVEL: 'warn' });
    app.get('/api/test-only/warns', { config: { access: 'public' } }, async (request) => {
      request.log.info('below the level');
      request.log.warn({ detail: 'kept' }, 'a warning');
      return { ok: true };
    });
    await app.ready();
    try {
      const quiet = await app.inject({ method: 'GET', url: '/api/health' });
      expect(quiet.statusCode).toBe(200);
      expect(lines).toEqual([]);
      const res = await app.inject({
        method: 'GET',
        url: '/api/test-only/warns',
        headers: { 'x-request-id': 'req-lazy-logger-1' },
      });
      expect(res.statusCode).toBe(200);
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
        level: 40,
        reqId: 'req-lazy-logger-1',
        detail: 'kept',
        msg: 'a warning',
      });
    } finally {
      await close();
    }
  });

  it('never write a token or code from a URL: `?token=` hand-overs, reset links, verification codes', async () => {
    const { app, lines, close } = await startLoggedApp({ LOG_LEVEL: 'info' });
    await app.ready();
    const secrets = ['HandOverCode123', 'ResetToken456', 'VerifyCode789', 'ApiKeyABC'];
    try {
      for (const url of [
        `/account/user-details?token=${secrets[0]}&kiosk=true`,
        `/account/password-reset/${secrets[1]}`,
        `/api/client?code=${secrets[2]}&venue=leeds`,
        `/api/client?api%5Fkey=${secrets[3]}`,
      ]) {
        await app.inject({ method: 'GET', url });
      }
      const logged = lines.join('\n');
      // Request lines keep the path only (no query at all: searches and postcodes are personal
      // data too, logged-urls.test.ts), with a secret in the path redacted.
      expect(logged).toContain('"url":"/account/user-details"');
      expect(logged).toContain('/account/password-reset/[redacted]');
      for (const secret of secrets) expect(logged).not.toContain(secret);
    } finally {
      await close();
    }
  });
});
