import { forgottenPasswordMessages, loginMessages } from '@leisure/contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundEmails, sessions } from '../../db/schema';
import { demoMember, demoStaff, familyEmail } from '../../seed/accounts';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';

type Inject = TestApp['app']['inject'];
type Reply = Awaited<ReturnType<Inject>>;

/** A browser: keeps the cookies the server sets and echoes the CSRF cookie on writes. */
function browser(t: TestApp) {
  const jar = new Map<string, string>();
  return {
    jar,
    async request(
      method: 'GET' | 'POST' | 'PUT',
      url: string,
      payload?: object,
      withCsrf = true,
    ): Promise<Reply> {
      const headers: Record<string, string> = {};
      if (jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const xsrf = jar.get('leisure_xsrf');
      if (withCsrf && xsrf && method !== 'GET') headers['x-xsrf-token'] = xsrf;
      const res = await t.app.inject({ method, url, payload, headers });
      for (const cookie of res.cookies as {
        name: string;
        value: string;
        maxAge?: number;
        expires?: Date;
      }[]) {
        const cleared = cookie.value === '' || (cookie.expires && cookie.expires.getTime() < Date.now());
        if (cleared) jar.delete(cookie.name);
        else jar.set(cookie.name, cookie.value);
      }
      return res;
    },
  };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function registrationTermIds(t: TestApp): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/terms' });
  return res.json().data.map((term: { id: number }) => term.id);
}

async function clientId(t: TestApp): Promise<number> {
  return (await t.app.inject({ method: 'GET', url: '/api/client' })).json().data.id;
}

function newCustomer(email: string, overrides: Record<string, unknown> = {}) {
  return {
    first_name: 'Robin',
    last_name: 'Hughes',
    email,
    mobile_number: '07700900789',
    date_of_birth: '1990-01-31',
    interests: ['gym'],
    marketing_opt_in: true,
    visits_per_week: 3,
    password: 'Robin-Pass-1',
    password_confirmation: 'Robin-Pass-1',
    source: 'my-account',
    ...overrides,
  };
}

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
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
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoStaff.email, password: demoStaff.password },
      });
      const user = await t.app.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: bearer(res.json().token),
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

    it('hands a bearer token over to cookies (a token that arrived in a URL)', async () => {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
      });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/session',
        headers: bearer(login.json().token),
      });
      expect(res.statusCode).toBe(200);
      const names = (res.cookies as { name: string }[]).map((cookie) => cookie.name);
      expect(names).toEqual(expect.arrayContaining(['leisure_session', 'leisure_xsrf']));
    });
  });

  describe('rate limiting', () => {
    it('past 10 failures an account is slowed, not locked: each try waits a doubling delay, then the right password works', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const start = new Date();
        vi.setSystemTime(start);
        const login = (password: string, address: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/customer/login',
            payload: { username: demoStaff.email, password },
            remoteAddress: address,
          });
        for (let i = 0; i < 10; i++) expect((await login(`wrong-${i}`, `10.0.0.${i}`)).statusCode).toBe(401);
        // The 11th try straight after, from anywhere, waits: even the right password.
        const blocked = await login(demoStaff.password, '10.0.1.1');
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().message).toBe('Too many attempts. Please try again in 1 second.');
        // An attacker's next failures make the delay grow...
        vi.setSystemTime(new Date(start.getTime() + 2_000));
        expect((await login('wrong-again', '10.0.2.1')).statusCode).toBe(401);
        vi.setSystemTime(new Date(start.getTime() + 2_500));
        expect((await login(demoStaff.password, '10.0.1.1')).json().message).toBe(
          'Too many attempts. Please try again in 2 seconds.',
        );
        // ...but once it has passed, the owner's right password opens the account.
        vi.setSystemTime(new Date(start.getTime() + 4_100));
        expect((await login(demoStaff.password, '10.0.1.1')).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it('answers 429 after 10 failures from one address, whichever accounts they named', async () => {
      for (let i = 0; i < 10; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: `nobody${i}@example.com`, password: 'x' },
          remoteAddress: '10.9.9.9',
        });
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
        remoteAddress: '10.9.9.9',
      });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
        remoteAddress: '10.9.9.8',
      });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('behind a trusted proxy, takes the address one hop from the right: a forged X-Forwarded-For does not escape the limit', async () => {
      const proxied = await startTestApp({ TRUST_PROXY: '1' });
      try {
        await seedIfEmpty(proxied.db, proxied.config);
        const attempt = (forged: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/auth/customer/login',
            payload: { username: `someone-${forged}@example.com`, password: 'x' },
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
          });
        for (let i = 0; i < 10; i++) expect((await attempt(`198.51.100.${i}`)).statusCode).toBe(401);
        expect((await attempt('192.0.2.99')).statusCode).toBe(429);
      } finally {
        await proxied.close();
      }
    });

    it('names the cookies __Host- over https (Secure, path /, no domain), and reads them back', async () => {
      const proxied = await startTestApp({ TRUST_PROXY: '1' });
      try {
        await seedIfEmpty(proxied.db, proxied.config);
        const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
        const login = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: demoMember.email, password: demoMember.password },
          headers: https,
        });
        expect(login.statusCode).toBe(200);
        const cookies = login.cookies;
        expect(cookies.map((cookie) => cookie.name).sort()).toEqual([
          '__Host-leisure_session',
          '__Host-leisure_xsrf',
        ]);
        for (const cookie of cookies) {
          expect(cookie).toMatchObject({ secure: true, path: '/' });
          expect(cookie.domain).toBeUndefined();
        }
        const session = cookies.find((cookie) => cookie.name === '__Host-leisure_session')?.value;
        const me = await proxied.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { ...https, cookie: `__Host-leisure_session=${session}` },
        });
        expect(me.statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });

    it('refuses a TRUST_PROXY that is neither hops nor addresses', async () => {
      await expect(startTestApp({ TRUST_PROXY: 'everything' })).rejects.toThrow(/TRUST_PROXY/);
    });

    it('limits password-reset requests too', async () => {
      let last: Reply | undefined;
      for (let i = 0; i < 11; i++) {
        last = await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/forgotten-password',
          payload: { email_or_reference: 'spam-target@example.com' },
          remoteAddress: `10.2.0.${i}`,
        });
      }
      expect(last?.statusCode).toBe(429);
    });
  });

  describe('register', () => {
    it('creates the account (201), signs it in, records the terms and sends the welcome email', async () => {
      const b = browser(t);
      const email = 'robin.hughes@example.com';
      const res = await b.request(
        'POST',
        '/api/auth/customer/register?onboarding_type=customer_account_online',
        {
          ...newCustomer(email),
          client_id: await clientId(t),
          terms: await registrationTermIds(t),
        },
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().token).toMatch(/^[\w-]{43}$/);
      const user = (await b.request('GET', '/api/auth/user')).json().data;
      expect(user).toMatchObject({
        email,
        first_name: 'Robin',
        last_name: 'Hughes',
        membership_user: { id: expect.any(Number) },
      });

      const form = (await b.request('GET', '/api/data-fields?onboarding_type=customer_account_online')).json()
        .data;
      const answers = Object.fromEntries(
        form.sections.flatMap((section: { section_fields: { name: string; answer: unknown }[] }) =>
          section.section_fields.map((field) => [field.name, field.answer]),
        ),
      );
      expect(answers).toMatchObject({
        interests: ['gym'],
        marketing_opt_in: true,
        visits_per_week: 3,
        date_of_birth: '1990-01-31',
      });

      const [welcome] = await t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email));
      expect(welcome?.subject).toBe('Welcome to Riverside Leisure');
      expect(welcome?.html).toContain('Robin');
      expect(welcome?.html).toContain(user.reference);
    });

    it('answers 422 on email for an address already in use, and changes nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: {
          ...newCustomer(demoMember.email.toUpperCase()),
          client_id: await clientId(t),
          terms: await registrationTermIds(t),
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.email).toEqual(['An account with this email address already exists.']);
    });

    it('needs every registration term accepted, the password rule, a matching confirmation and the required fields', async () => {
      const terms = await registrationTermIds(t);
      const noTerms = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: { ...newCustomer('a1@example.com'), client_id: await clientId(t), terms: terms.slice(0, 1) },
      });
      expect(noTerms.statusCode).toBe(422);
      expect(noTerms.json().errors.terms).toEqual(['You must accept the terms and conditions.']);

      const weak = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: {
          ...newCustomer('a2@example.com', { password: 'password', password_confirmation: 'password' }),
          client_id: await clientId(t),
          terms,
        },
      });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().errors.password).toEqual(
        expect.arrayContaining([
          'Must contain at least 1 uppercase letter',
          'Must contain at least 1 number',
          'Must contain at least 1 special character',
        ]),
      );

      const mismatch = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: {
          ...newCustomer('a3@example.com', { password_confirmation: 'Other-Pass-1' }),
          client_id: await clientId(t),
          terms,
        },
      });
      expect(mismatch.json().errors.password_confirmation).toEqual([
        'The password confirmation does not match.',
      ]);

      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: {
          ...newCustomer('a4@example.com', { first_name: '', date_of_birth: '2999-01-01' }),
          client_id: await clientId(t),
          terms,
        },
      });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toMatchObject({
        first_name: ['First name is required.'],
        date_of_birth: ['Date cannot be after today.'],
      });

      const cannotSet = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: {
          ...newCustomer('a5@example.com', { membership_card_number: 'FAKE' }),
          client_id: await clientId(t),
          terms,
        },
      });
      expect(cannotSet.json().errors.membership_card_number).toEqual(['This field cannot be changed.']);

      const created = await t.db
        .select()
        .from(outboundEmails)
        .where(sql`${outboundEmails.toAddress} like 'a_@example.com'`);
      expect(created).toHaveLength(0);
    });
  });

  describe('forgotten password and reset', () => {
    it("asks for the customer ID when an email is shared: 422 with a message starting 'Multiple'", async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/forgotten-password',
        payload: { email_or_reference: familyEmail },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/^Multiple/);
    });

    it('gives unknown addresses the same answer as known ones', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/forgotten-password',
        payload: { email_or_reference: 'nobody-here@example.com' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe(forgottenPasswordMessages.sent);
    });

    it('emails a one-time link that validates, sets the password, signs out every session and then stops working', async () => {
      const email = 'reset.me@example.com';
      const b = browser(t);
      await b.request('POST', '/api/auth/customer/register', {
        ...newCustomer(email),
        client_id: await clientId(t),
        terms: await registrationTermIds(t),
      });
      const oldSession = b.jar.get('leisure_session') as string;

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
      const token = /password-reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1] as string;
      expect(token).toBeTruthy();

      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/password-reset/validate',
            payload: { token: 'made-up' },
          })
        ).statusCode,
      ).toBe(403);
      const valid = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset/validate',
        payload: { token },
      });
      expect(valid.json()).toEqual({ status: 'valid', email });

      const weak = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password: 'short', password_confirmation: 'short' },
      });
      expect(weak.statusCode).toBe(422);
      const done = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password: 'Brand-New-9', password_confirmation: 'Brand-New-9' },
      });
      expect(done.statusCode).toBe(200);

      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(oldSession) }))
          .statusCode,
      ).toBe(401);
      const again = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password: 'Other-New-9', password_confirmation: 'Other-New-9' },
      });
      expect(again.statusCode).toBe(403);
      const oldPassword = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: email, password: 'Robin-Pass-1' },
      });
      expect(oldPassword.statusCode).toBe(401);
      const newPassword = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: email, password: 'Brand-New-9' },
      });
      expect(newPassword.statusCode).toBe(200);
    });
  });

  describe('update details', () => {
    it('saves non-empty answers, renews the token, and refuses a change to a field the customer may not set', async () => {
      const b = browser(t);
      const email = 'update.me@example.com';
      await b.request('POST', '/api/auth/customer/register', {
        ...newCustomer(email),
        client_id: await clientId(t),
        terms: await registrationTermIds(t),
      });
      const before = b.jar.get('leisure_session') as string;

      const res = await b.request(
        'PUT',
        '/api/my-account/user/update?onboarding_type=customer_account_online',
        { town: 'York', last_name: '', interests: ['swimming'] },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'success',
        message: 'Your account details have been updated',
      });
      expect(res.json().token).not.toBe(before);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(before) })).statusCode,
      ).toBe(401);
      const user = (await b.request('GET', '/api/auth/user')).json().data;
      // The empty last name was ignored, not saved.
      expect(user.last_name).toBe('Hughes');

      const refused = await b.request('PUT', '/api/my-account/user/update', {
        membership_card_number: 'SELF-SET',
        town: 'Hull',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.membership_card_number).toEqual(['This field cannot be changed.']);
      const form = (await b.request('GET', '/api/data-fields?onboarding_type=customer_account_online')).json()
        .data;
      const town = form.sections
        .flatMap((s: { section_fields: { name: string; answer: unknown }[] }) => s.section_fields)
        .find((f: { name: string }) => f.name === 'town');
      expect(town.answer).toBe('York');
    });

    it('changes the password only with the current one, and signs out other sessions', async () => {
      const email = 'password.change@example.com';
      const b = browser(t);
      await b.request('POST', '/api/auth/customer/register', {
        ...newCustomer(email),
        client_id: await clientId(t),
        terms: await registrationTermIds(t),
      });
      const other = (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: email, password: 'Robin-Pass-1' },
        })
      ).json().token;

      const wrong = await b.request('PUT', '/api/my-account/user/update', {
        current_password: 'nope',
        password: 'Changed-Pass-2',
        repeat_new_password: 'Changed-Pass-2',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual(['Your current password is incorrect.']);

      const ok = await b.request('PUT', '/api/my-account/user/update', {
        current_password: 'Robin-Pass-1',
        password: 'Changed-Pass-2',
        repeat_new_password: 'Changed-Pass-2',
      });
      expect(ok.statusCode).toBe(200);
      expect((await b.request('GET', '/api/auth/user')).statusCode).toBe(200);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(other) })).statusCode,
      ).toBe(401);
    });

    it('answers 401 without a session', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/my-account/user/update',
        payload: { town: 'Leeds' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('data fields', () => {
    it('serves both onboarding forms with every field type, required and unauthorised fields, and a checksum', async () => {
      for (const type of ['customer_account_online', 'membership_purchase']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/data-fields?onboarding_type=${type}` });
        expect(res.statusCode).toBe(200);
        const { sections, checksum } = res.json().data;
        expect(checksum).toMatch(/^[0-9a-f]{32}$/);
        const fields = sections.flatMap((s: { section_fields: object[] }) => s.section_fields);
        expect(new Set(fields.map((f: { type: string }) => f.type))).toEqual(
          new Set(['text', 'number', 'select', 'multi_select', 'date', 'checkbox']),
        );
        expect(fields.some((f: { is_required: boolean }) => f.is_required)).toBe(true);
        expect(fields.some((f: { is_authorised: boolean }) => !f.is_authorised)).toBe(true);
        expect(fields.every((f: { answer: unknown }) => f.answer === null)).toBe(true);
      }
      const bad = await t.app.inject({ method: 'GET', url: '/api/data-fields?onboarding_type=nonsense' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(['onboarding_type']);
    });

    it('tells a client that rendered an older form to reload (422 on checksum)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: {
          ...newCustomer('stale@example.com'),
          checksum: '0'.repeat(32),
          client_id: await clientId(t),
          terms: await registrationTermIds(t),
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.checksum).toBeDefined();
    });
  });
});
