import { loginMessages } from '@leisure/contract/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema';
import { demoMember, demoStaff, familyEmail } from '../../seed/accounts';
import { verifiedStaffHeaders } from '../../test/factories/staff-sign-in';
import type { TestApp } from '../../test/harness';
import { bearer, browser, startSeededApp } from './auth-test-fixtures';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());

  describe('login', () => {
    it('logs in by email: answers a token and sets an HttpOnly session cookie and a readable CSRF cookie', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
      });
      expect(res.statusCode).toBe(200);
      const { token } = res.json();
      // 256 random bits, base64url.
      expect(token).toMatch(/^[\w-]{43}$/);
      const cookies = res.cookies as { name: string; httpOnly?: boolean; sameSite?: string; path?: string }[];
      const session = cookies.find((cookie) => cookie.name === 'leisure_session');
      const xsrf = cookies.find((cookie) => cookie.name === 'leisure_xsrf');
      expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(xsrf?.httpOnly).toBeFalsy();
      // The database keeps only a hash of the token.
      const stored = await t.db.select().from(sessions).where(sql`${sessions.tokenHash} = ${token}`);
      expect(stored).toHaveLength(0);

      const user = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
      expect(user.statusCode).toBe(200);
      expect(user.json().data).toMatchObject({
        email: demoMember.email,
        first_name: 'Alex',
        membership_user: { id: expect.any(Number) },
        home_venue_slug: expect.any(String),
        is_staff: false,
      });
      expect(user.json().data.reference).toMatch(/^RL\d{6}$/);
    });

    it('logs in by customer reference, case-insensitively, and gives each login a new token', async () => {
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
      });
      const reference = (
        await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(first.json().token) })
      ).json().data.reference;
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: reference.toLowerCase(), password: demoMember.password },
      });
      expect(second.statusCode).toBe(200);
      expect(second.json().token).not.toBe(first.json().token);
    });

    it('opens the right family account when two share an email', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: familyEmail, password: 'Family-Pass-2' },
      });
      expect(res.statusCode).toBe(200);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: bearer(res.json().token),
      });
      expect(user.json().data.first_name).toBe('Priya');
    });

    it('refuses a wrong password with 401 { message } (bookings-api.md), and a missing field with 422', async () => {
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: 'nope' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: loginMessages.invalid });
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.password).toEqual(['Required']);
    });

    it('refuses control characters in any text with 422 on that field, before anything is looked up', async () => {
      for (const [payload, field] of [
        [{ username: `${demoMember.email}\u0000`, password: demoMember.password }, 'username'],
        [{ username: demoMember.email, password: 'a\u0007b' }, 'password'],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/customer/login', payload });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({
          message: 'Must not contain control characters.',
          errors: { [field]: ['Must not contain control characters.'] },
        });
      }
      const inQuery = await t.app.inject({ method: 'GET', url: '/api/activities/venue/a%00b/categories' });
      expect(inQuery.statusCode).toBe(422);
      expect(inQuery.json().errors).toEqual({ venue: ['Must not contain control characters.'] });
    });

    it('marks staff users, who take payments in their own currency', async () => {
      // Staff sign in to the console with their second factor, never at the customer login.
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoStaff.email, password: demoStaff.password },
      });
      expect(refused.statusCode).toBe(403);
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: await verifiedStaffHeaders(t),
      });
      expect(user.json().data).toMatchObject({
        is_staff: true,
        currency: 'GBP',
        reference: null,
        membership_user: null,
      });
    });

    it('answers 401 without a session and with a made-up token', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: bearer('x'.repeat(43)),
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('sessions', () => {
    it('needs the CSRF header for cookie-authenticated writes (419), but not for bearer tokens', async () => {
      const b = browser(t);
      await b.request('POST', '/api/auth/customer/login', {
        username: demoMember.email,
        password: demoMember.password,
      });
      expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(200);
      const forged = await b.request('PUT', '/api/my-account/user/update', { town: 'Forged' }, false);
      expect(forged.statusCode).toBe(419);
      expect(forged.json().message).toBe('Something has gone wrong, please reload and try again.');
      const user = (await b.request('GET', '/api/auth/user')).json().data;
      expect(user.first_name).toBe('Alex');

      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
      });
      const api = await t.app.inject({
        method: 'PUT',
        url: '/api/my-account/user/update',
        headers: bearer(login.json().token),
        payload: { town: 'Leeds' },
      });
      expect(api.statusCode).toBe(200);
    });

    it('revokes the session at logout and clears the cookies', async () => {
      const b = browser(t);
      await b.request('POST', '/api/auth/customer/login', {
        username: demoMember.email,
        password: demoMember.password,
      });
      const token = b.jar.get('leisure_session') as string;
      const out = await b.request('POST', '/api/auth/logout');
      expect(out.statusCode).toBe(200);
      expect(b.jar.has('leisure_session')).toBe(false);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode,
      ).toBe(401);
    });

    it('expires a session after the idle time', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
      });
      const token = login.json().token;
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode,
      ).toBe(200);
      // Idle past the limit: the stored expiry is what every request checks.
      await t.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(sql`${sessions.expiresAt} > now()`);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) })).statusCode,
      ).toBe(401);
    });

    it('clears the cookies of a session that has gone when a call answers 401, and only then', async () => {
      const b = browser(t);
      await b.request('POST', '/api/auth/customer/login', {
        username: demoMember.email,
        password: demoMember.password,
      });
      // A wrong password for a live session's browser leaves that session alone.
      const wrong = await b.request('POST', '/api/auth/customer/login', {
        username: demoMember.email,
        password: 'nope',
      });
      expect(wrong.statusCode).toBe(401);
      expect(b.jar.has('leisure_xsrf')).toBe(true);
      expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(200);

      // Revoked elsewhere (a password change, another device's logout): the browser still holds the cookies.
      await t.db.update(sessions).set({ revokedAt: new Date() }).where(sql`${sessions.revokedAt} is null`);
      const gone = await b.request('GET', '/api/auth/user');
      expect(gone.statusCode).toBe(401);
      expect(gone.json()).toEqual({ message: 'Please log in to continue.' });
      expect(b.jar.has('leisure_session')).toBe(false);
      expect(b.jar.has('leisure_xsrf')).toBe(false);
    });

    it('hands a session over to cookies through a one-time code (a code that arrived in a URL)', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
      });
      const code = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/session/handover',
          headers: bearer(login.json().token),
        })
      ).json().code;
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/session', payload: { token: code } });
      expect(res.statusCode).toBe(200);
      const names = (res.cookies as { name: string }[]).map((cookie) => cookie.name);
      expect(names).toEqual(expect.arrayContaining(['leisure_session', 'leisure_xsrf']));
    });
  });
});
