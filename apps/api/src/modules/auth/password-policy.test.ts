import { passwordMessages } from '@leisure/contract/password';
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

/**
 * The password policy (docs/decisions/043-password-policy.md): 8 to 128 characters, not a
 * common password, not one's own email or name; the spec's composition texts refuse nothing.
 */
describe('the password policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());

  let sequence = 0;
  async function register(password: string, overrides: Record<string, unknown> = {}) {
    sequence += 1;
    const email = `policy-${sequence}@example.com`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/register?onboarding_type=customer_account_online',
      payload: {
        ...newCustomer(email, { password, password_confirmation: password, ...overrides }),
        client_id: await clientId(t),
        terms: await registrationTermIds(t),
      },
    });
    return { res, email };
  }

  it('refuses Password1! and other common passwords with a tail of digits and symbols, at registration', async () => {
    for (const password of ['Password1!', 'Qwerty123!', 'Summer2024!', 'LETMEIN!!', 'iloveyou']) {
      const { res } = await register(password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors.password).toEqual([passwordMessages.common]);
    }
  });

  it("refuses one's own email address or name", async () => {
    const own = 'harbourlights@example.com';
    for (const password of [own, 'HarbourLights!', 'RobinHughes', 'Robin Hughes']) {
      const { res } = await register(password, { email: own });
      expect(res.statusCode, password).toBe(422);
      expect(res.json().errors.password).toEqual([passwordMessages.personal]);
    }
  });

  it('accepts a long passphrase with no capital, digit or symbol, and refuses fewer than 8 or more than 128 characters', async () => {
    expect((await register('correct horse battery staple')).res.statusCode).toBe(201);
    const short = await register('Aa1!aaa');
    expect(short.res.statusCode).toBe(422);
    expect(short.res.json().errors.password).toEqual([passwordMessages.min]);
    const long = await register(`Aa1!${'a'.repeat(125)}`);
    expect(long.res.statusCode).toBe(422);
    expect(long.res.json().errors.password).toEqual([passwordMessages.max]);
  });

  it('applies to a password change and a reset too; a refused reset leaves its link working', async () => {
    const { res, email } = await register('Robin-Pass-1');
    expect(res.statusCode, res.body).toBe(201);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/my-account/user/update?onboarding_type=customer_account_online',
      headers: bearer(await logInToken(t, email)),
      payload: {
        current_password: 'Robin-Pass-1',
        password: 'Password1!',
        repeat_new_password: 'Password1!',
      },
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().errors.password).toEqual([passwordMessages.common]);

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: email },
    });
    const [mail] = await t.db
      .select()
      .from(outboundEmails)
      .where(and(eq(outboundEmails.toAddress, email), eq(outboundEmails.template, 'password_reset')))
      .orderBy(desc(outboundEmails.id));
    const token = /password-reset\/([\w-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password-reset',
        payload: { token, password, password_confirmation: password },
      });
    const refused = await reset('Password1!');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.password).toEqual([passwordMessages.common]);
    expect((await reset('lantern by the weir')).statusCode).toBe(200);
  });
});
