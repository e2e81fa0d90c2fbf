import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionHandovers } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { demoMember } from '../../seed/accounts';
import type { TestApp } from '../../test/harness';
import {
  bearer,
  browser,
  clientId,
  newCustomer,
  registrationTermIds,
  signUp,
  startSeededApp,
} from './auth-test-fixtures';

/** What every browser sends on a fetch (and `Origin` on a POST); API clients send neither. */
const fromBrowser = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' };

describe('sessions handed to browsers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());
  afterEach(() => vi.useRealTimers());

  const logIn = async (headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      headers,
      payload: { username: demoMember.email, password: demoMember.password },
    });
  const cookiesOf = (res: Awaited<ReturnType<typeof logIn>>) =>
    Object.fromEntries((res.cookies as { name: string; value: string }[]).map((c) => [c.name, c.value]));
  const handover = async (token: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/session/handover',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { code: string; expires_in: number };
  };
  const exchange = (code: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/session', headers, payload: { token: code } });
  const userOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers })).json().data?.email;

  describe('the token in answers', () => {
    it('is answered to API clients, and never to a browser, which gets only the cookies', async () => {
      const api = await logIn();
      expect(api.json().token).toMatch(/^[\w-]{43}$/);
      const browsers: Record<string, string>[] = [
        fromBrowser,
        { 'sec-fetch-site': 'same-origin' },
        { origin: 'http://localhost' },
      ];
      for (const headers of browsers) {
        const res = await logIn(headers);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ status: 'success' });
        expect(cookiesOf(res).leisure_session).toMatch(/^[\w-]{43}$/);
      }
    });

    it('is not in the body of a browser registration or of a details update on the session cookie', async () => {
      const b = browser(t);
      const registered = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register?onboarding_type=customer_account_online',
        headers: fromBrowser,
        payload: {
          ...newCustomer('no-token-in-body@example.com'),
          client_id: await clientId(t),
          terms: await registrationTermIds(t),
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      expect(registered.json().token).toBeUndefined();
      const loggedIn = await b.request('POST', '/api/auth/customer/login', {
        username: 'no-token-in-body@example.com',
        password: 'Robin-Pass-1',
      });
      expect(loggedIn.statusCode, loggedIn.body).toBe(200);
      const updated = await b.request('PUT', '/api/my-account/user/update', { town: 'York' });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().token).toBeUndefined();
      expect(updated.json().message).toBeTruthy();
    });
  });

  describe('?token= hand-over', () => {
    it('exchanges a one-time code, stored hashed, for a NEW session; the code works once', async () => {
      const token = (await logIn()).json().token;
      const { code, expires_in } = await handover(token);
      expect(expires_in).toBe(60);
      expect(code).not.toBe(token);
      const [row] = await t.db
        .select()
        .from(sessionHandovers)
        .where(eq(sessionHandovers.codeHash, hashToken(code)));
      expect(row).toBeDefined();
      expect(JSON.stringify(row)).not.toContain(code);

      const res = await exchange(code, fromBrowser);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'success' });
      const cookie = cookiesOf(res).leisure_session as string;
      // Not the session the code was made from: no fixation.
      expect(cookie).toBeDefined();
      expect(cookie).not.toBe(token);
      expect(await userOf({ cookie: `leisure_session=${cookie}` })).toBe(demoMember.email);

      const again = await exchange(code, fromBrowser);
      expect(again.statusCode).toBe(401);
      expect(again.cookies).toHaveLength(0);
    });

    it('no longer signs a browser into the session of a token put in the URL', async () => {
      const token = (await logIn()).json().token;
      const res = await exchange(token, fromBrowser);
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toHaveLength(0);
      // Nor as a bearer header, as the old hand-over took it.
      const old = await t.app.inject({ method: 'POST', url: '/api/auth/session', headers: bearer(token) });
      expect(old.statusCode).toBe(422);
      expect(old.cookies).toHaveLength(0);
    });

    it('refuses a code after its minute', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const token = (await logIn()).json().token;
      const { code } = await handover(token);
      vi.setSystemTime(Date.now() + 61_000);
      const res = await exchange(code, fromBrowser);
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toHaveLength(0);
    });

    it('never replaces the session of another user signed in on the browser: 409, and it stays signed in', async () => {
      const b = browser(t);
      const email = 'someone-else@example.com';
      const registered = await signUp(t, b, email);
      expect(registered.statusCode, registered.body).toBe(201);
      const { code } = await handover((await logIn()).json().token);

      const refused = await b.request('POST', '/api/auth/session', { token: code });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/Another account is signed in/);
      expect((await b.request('GET', '/api/auth/user')).json().data.email).toBe(email);

      // Once that user has logged out, the same code signs the browser in.
      expect((await b.request('POST', '/api/auth/logout')).statusCode).toBe(200);
      expect((await b.request('POST', '/api/auth/session', { token: code })).statusCode).toBe(200);
      expect((await b.request('GET', '/api/auth/user')).json().data.email).toBe(demoMember.email);
    });

    it('needs a session to make a code', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/session/handover' });
      expect(res.statusCode).toBe(401);
    });
  });
});
