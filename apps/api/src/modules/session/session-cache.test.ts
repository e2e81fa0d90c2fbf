import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundEmails, sessions, users } from '../../db/schema';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';
import { bearer, browser, signUp } from '../auth/auth-test-fixtures';

/**
 * The short in-process cache of session lookups (session-cache.ts, SESSION_CACHE_MS): reads may use a
 * lookup made a moment ago; what ends a session in this process ends it at once; what ends it
 * elsewhere (another replica, straight in the database) is seen within the time-to-live, and by
 * writes at once.
 */
describe('session lookups kept for a moment', () => {
  const ttlMs = 2_000;
  let t: TestApp;
  let sequence = 0;
  beforeAll(async () => {
    t = await startTestApp({ SESSION_CACHE_MS: String(ttlMs) });
    await seedIfEmpty(t.db, t.config);
  }, 180_000);
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  async function register() {
    sequence += 1;
    const email = `cached.session${sequence}@example.com`;
    const b = browser(t);
    const res = await signUp(t, b, email);
    expect(res.statusCode, res.body).toBe(201);
    return { b, email };
  }

  async function logIn(email: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password: 'Robin-Pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().token;
  }

  const userStatus = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode;

  async function revokeInDatabase(email: string): Promise<void> {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await t.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.userId, user?.id as number));
  }

  it('ends a session logged out in this process at once, though a read had just looked it up', async () => {
    const { email } = await register();
    const token = await logIn(email);
    expect(await userStatus(token)).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(await userStatus(token)).toBe(401);
  });

  it('ends the other sessions of a password change in this process at once', async () => {
    const { b, email } = await register();
    const other = await logIn(email);
    expect(await userStatus(other)).toBe(200);
    const changed = await b.request('PUT', '/api/my-account/user/update', {
      current_password: 'Robin-Pass-1',
      password: 'Changed-Pass-2',
      repeat_new_password: 'Changed-Pass-2',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await userStatus(other)).toBe(401);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(200);
  });

  it('ends every session of a password reset (no session of its own) at once, though they had just been read', async () => {
    const { email } = await register();
    const token = await logIn(email);
    expect(await userStatus(token)).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: email },
    });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(outboundEmails)
      .where(sql`${outboundEmails.toAddress} = ${email} and ${outboundEmails.template} = 'password_reset'`);
    const resetToken = /password-reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { token: resetToken, password: 'Brand-New-9', password_confirmation: 'Brand-New-9' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await userStatus(token)).toBe(401);
  });

  it('sees a session revoked elsewhere within the time-to-live for reads', async () => {
    const { email } = await register();
    const token = await logIn(email);
    expect(await userStatus(token)).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    await revokeInDatabase(email);
    // Another replica revoked it: this process may still answer reads from its lookup for a moment,
    expect(await userStatus(token)).toBe(200);
    // but no longer than the time-to-live.
    vi.setSystemTime(Date.now() + ttlMs);
    expect(await userStatus(token)).toBe(401);
  });

  it('refuses a write with a session revoked elsewhere at once, and then its reads too', async () => {
    const { b, email } = await register();
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(200);
    await revokeInDatabase(email);
    const write = await b.request('PUT', '/api/my-account/user/update', { town: 'York' });
    expect(write.statusCode).toBe(401);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(401);
  });

  it("checks a cookie write's CSRF token against the session's current one after a hand-over", async () => {
    const { email } = await register();
    const token = await logIn(email);
    expect(await userStatus(token)).toBe(200);
    // The kiosk hand-over: a one-time code exchanged for a new session, with its own CSRF token.
    const b = browser(t);
    const code = (
      await t.app.inject({ method: 'POST', url: '/api/auth/session/handover', headers: bearer(token) })
    ).json().code;
    const adopted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session',
      payload: { token: code },
    });
    expect(adopted.statusCode).toBe(200);
    for (const cookie of adopted.cookies as { name: string; value: string }[])
      b.jar.set(cookie.name, cookie.value);
    expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(200);
    const write = await b.request('PUT', '/api/my-account/user/update', { town: 'York' });
    expect(write.statusCode, write.body).toBe(200);
  });
});
