import { detailsMessages } from '@leisure/contract/auth';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import {
  bearer,
  clientId,
  logInToken,
  newCustomer,
  registrationTermIds,
  startSeededApp,
} from './auth-test-fixtures';

/** The newest email of this kind to this address (its text), or undefined. */
async function lastEmail(t: TestApp, to: string, template: string) {
  const [mail] = await t.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, to), eq(outboundEmails.template, template)))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  return mail;
}

describe("the account's emails", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());

  it('link the welcome to the configured account site, never to a Host or X-Forwarded-Host', async () => {
    const fallback = t.config.publicUrls.fallbackOrigin;
    const hostile = [
      { host: 'evil.example' },
      { host: 'localhost:3000', 'x-forwarded-host': 'evil.example' },
    ];
    for (const [index, headers] of hostile.entries()) {
      const email = `welcome-${index}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/register?onboarding_type=customer_account_online',
        headers,
        payload: { ...newCustomer(email), client_id: await clientId(t), terms: await registrationTermIds(t) },
      });
      expect(res.statusCode, res.body).toBe(201);
      const welcome = await lastEmail(t, email, 'welcome');
      expect(welcome?.text).toContain(`${fallback}/account/`);
      expect(`${welcome?.text}${welcome?.html}`).not.toContain('evil.example');
    }
  });

  let sequence = 0;
  /** A new customer (password Robin-Pass-1), signed in as an API client: its email and bearer headers. */
  async function customer() {
    sequence += 1;
    const email = `changes-${sequence}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=customer_account_online',
      payload: { ...newCustomer(email), client_id: await clientId(t), terms: await registrationTermIds(t) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { email, headers: bearer(await logInToken(t, email)) };
  }
  const update = (headers: Record<string, string>, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/my-account/user/update?onboarding_type=customer_account_online',
      headers,
      payload,
    });
  const me = async (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
  /** Asks for a reset link and answers its token, read from the email. */
  async function resetToken(email: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: email },
    });
    expect(res.statusCode, res.body).toBe(200);
    const text = (await lastEmail(t, email, 'password_reset'))?.text ?? '';
    return /password-reset\/([\w-]+)/.exec(text)?.[1] ?? '';
  }
  const resetLinkWorks = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/validate', payload: { token } }))
      .statusCode === 200;

  describe('a change of email address', () => {
    it('needs the current password: 422 with a field message when it is missing or wrong', async () => {
      const { email, headers } = await customer();
      const missing = await update(headers, { email: 'taken-over@example.com' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.current_password).toEqual([detailsMessages.currentPasswordForEmail]);
      const wrong = await update(headers, {
        email: 'taken-over@example.com',
        current_password: 'Not-It-123',
      });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.current_password).toEqual([detailsMessages.currentPasswordWrong]);
      expect((await me(headers)).json().data.email).toBe(email);
      // Other details still save with the session alone.
      expect((await update(headers, { town: 'York' })).statusCode).toBe(200);
    });

    it('tells the old address, links to the configured site, and voids outstanding reset links', async () => {
      const { email, headers } = await customer();
      const token = await resetToken(email);
      expect(await resetLinkWorks(token)).toBe(true);
      const res = await update(
        { ...headers, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
        { email: `new-${email}`, current_password: 'Robin-Pass-1' },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await me(bearer(res.json().token))).json().data.email).toBe(`new-${email}`);
      const notice = await lastEmail(t, email, 'account_email_changed');
      expect(notice?.subject).toMatch(/email address .* was changed/);
      expect(notice?.text).toContain(`${t.config.publicUrls.fallbackOrigin}/account/`);
      expect(`${notice?.text}${notice?.html}`).not.toContain('evil.example');
      expect(await resetLinkWorks(token)).toBe(false);
    });
  });

  describe('a change of password', () => {
    it('sends a notice, signs out the other sessions and voids outstanding reset links', async () => {
      const { email, headers } = await customer();
      const other = bearer(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/auth/customer/login',
            payload: { username: email, password: 'Robin-Pass-1' },
          })
        ).json().token,
      );
      const token = await resetToken(email);
      const res = await update(
        { ...headers, host: 'evil.example' },
        {
          current_password: 'Robin-Pass-1',
          password: 'Quiet-Harbour-Lamp-7',
          repeat_new_password: 'Quiet-Harbour-Lamp-7',
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      expect((await me(other)).statusCode).toBe(401);
      expect((await me(bearer(res.json().token))).statusCode).toBe(200);
      const notice = await lastEmail(t, email, 'account_password_changed');
      expect(notice?.subject).toMatch(/password was changed/);
      expect(`${notice?.text}${notice?.html}`).not.toContain('evil.example');
      expect(await resetLinkWorks(token)).toBe(false);
    });

    it('sends a notice after a password reset, and the other links of the account stop working', async () => {
      const { email } = await customer();
      const first = await resetToken(email);
      const second = await resetToken(email);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        headers: { host: 'evil.example' },
        payload: {
          token: second,
          password: 'Quiet-Harbour-Lamp-7',
          password_confirmation: 'Quiet-Harbour-Lamp-7',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const notice = await lastEmail(t, email, 'account_password_reset');
      expect(notice?.subject).toMatch(/password was reset/);
      expect(notice?.text).toContain(`${t.config.publicUrls.fallbackOrigin}/account/`);
      expect(await resetLinkWorks(first)).toBe(false);
    });
  });
});
