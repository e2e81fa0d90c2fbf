import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema';
import type { TestApp } from '../../test/harness';
import { clientId, newCustomer, registrationTermIds, startSeededApp } from './auth-test-fixtures';

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
});
