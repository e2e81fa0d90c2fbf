import { forgottenPasswordMessages } from '@leisure/contract/auth';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, users } from '../../db/schema';
import { registrationLimitedMessage } from '../../lib/rate-limit';
import { demoMember, familyEmail } from '../../seed/accounts';
import type { TestApp } from '../../test/harness';
import { registrationMessage } from './auth.service';
import {
  bearer,
  browser,
  clientId,
  newCustomer,
  registrationTermIds,
  signUp,
  startSeededApp,
} from './auth-test-fixtures';

/** The token of the verification link in a welcome email's text. */
function verificationToken(text: string | undefined): string {
  const token = /verify-email\/([\w-]+)/.exec(text ?? '')?.[1];
  if (!token) throw new Error('no verification link in the welcome email');
  return token;
}

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());

  describe('register', () => {
    it('creates the account (201) without signing it in, records the terms and sends the welcome email with a link that verifies the address', async () => {
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
      expect(res.json()).toEqual({ status: 'success', message: registrationMessage });
      expect(res.cookies.map((cookie) => cookie.name)).not.toContain('leisure_session');
      // The web app logs in next, with the address and password it just sent.
      const login = await b.request('POST', '/api/auth/customer/login', {
        username: email,
        password: 'Robin-Pass-1',
      });
      expect(login.statusCode, login.body).toBe(200);
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

      // The link verifies the address once: a second use, or a made-up token, is refused.
      const token = verificationToken(welcome?.text);
      const verifiedAt = async () =>
        (await t.db.select().from(users).where(eq(users.email, email)))[0]?.emailVerifiedAt ?? null;
      expect(await verifiedAt()).toBeNull();
      const verify = (value: string) =>
        t.app.inject({ method: 'POST', url: '/api/auth/email/verify', payload: { token: value } });
      const verified = await verify(token);
      expect(verified.statusCode, verified.body).toBe(200);
      expect(verified.json().message).toBe('Thank you: your email address is confirmed.');
      expect(await verifiedAt()).toBeInstanceOf(Date);
      expect((await verify(token)).statusCode).toBe(403);
      expect((await verify('made-up-token')).statusCode).toBe(403);
    });

    it('answers an address already in use exactly as a new one: no account, no session, and a notice to its owner', async () => {
      const payloadFor = async (email: string) => ({
        ...newCustomer(email, { first_name: 'Mallory' }),
        client_id: await clientId(t),
        terms: await registrationTermIds(t),
      });
      const taken = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: await payloadFor(demoMember.email.toUpperCase()),
        remoteAddress: '10.44.1.1',
      });
      const fresh = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: await payloadFor('brand.new@example.com'),
        remoteAddress: '10.44.1.2',
      });
      expect(taken.statusCode).toBe(201);
      expect(taken.statusCode).toBe(fresh.statusCode);
      expect(taken.body).toBe(fresh.body);
      expect(Object.keys(taken.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
      expect(taken.cookies).toEqual([]);
      expect(fresh.cookies).toEqual([]);

      const accounts = await t.db.select().from(users).where(eq(users.email, demoMember.email));
      expect(accounts).toHaveLength(1);
      // The owner's password is unchanged: the one just sent does not open the account.
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: 'Robin-Pass-1' },
        remoteAddress: '10.44.1.1',
      });
      expect(login.statusCode).toBe(401);

      const mails = await t.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, demoMember.email));
      const notice = mails.find((mail) => mail.template === 'registration_attempt');
      expect(notice?.text).toContain(
        'Someone tried to create a Riverside Leisure account with this email address',
      );
      expect(notice?.text).not.toContain('Mallory');
      // Its links come from the settings (or the fallback origin), not from the request.
      expect(notice?.text).toContain(`${t.config.publicUrls.fallbackOrigin}/account/login`);
    });

    it('builds the welcome link from the settings, never from a forged Host header', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        headers: { host: 'evil.example' },
        payload: {
          ...newCustomer('host.header@example.com'),
          client_id: await clientId(t),
          terms: await registrationTermIds(t),
        },
        remoteAddress: '10.44.2.1',
      });
      expect(res.statusCode, res.body).toBe(201);
      const [welcome] = await t.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, 'host.header@example.com'));
      expect(welcome?.text).not.toContain('evil.example');
      expect(welcome?.text).toContain(`${t.config.publicUrls.fallbackOrigin}/account/verify-email/`);
    });

    it('sends the owner of an address in use at most 3 notices a day, answering every registration the same', async () => {
      const email = 'notice.cap@example.com';
      const b = browser(t);
      await signUp(t, b, email);
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/register',
          payload: {
            ...newCustomer(email),
            client_id: await clientId(t),
            terms: await registrationTermIds(t),
          },
          remoteAddress: `10.44.3.${i}`,
        });
        expect(res.statusCode).toBe(201);
        expect(res.json().message).toBe(registrationMessage);
      }
      const notices = await t.db
        .select()
        .from(outboundEmails)
        .where(
          sql`${outboundEmails.toAddress} = ${email} and ${outboundEmails.template} = 'registration_attempt'`,
        );
      expect(notices).toHaveLength(3);
    });

    it('allows 20 registrations an hour from one address, then answers 429 there only', async () => {
      const payload = async (i: number) => ({
        ...newCustomer(`many.${i}@example.com`),
        client_id: await clientId(t),
        terms: await registrationTermIds(t),
      });
      for (let i = 0; i < 20; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/register',
          payload: await payload(i),
          remoteAddress: '10.44.4.1',
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const limited = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: await payload(20),
        remoteAddress: '10.44.4.1',
      });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toBe(registrationLimitedMessage);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register',
        payload: await payload(21),
        remoteAddress: '10.44.4.2',
      });
      expect(elsewhere.statusCode).toBe(201);
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
      // The policy is length plus a common-password list, not composition (decision 043-password-policy).
      expect(weak.json().errors.password).toEqual([
        'This password is too common and easy to guess. Please choose another.',
      ]);

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
      await signUp(t, b, email);
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
      await signUp(t, b, email);
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
      await signUp(t, b, email);
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
