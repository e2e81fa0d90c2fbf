import { loginMessages } from '@leisure/contract/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema';
import { loginLimits } from '../../lib/rate-limit';
import { demoMember, demoStaff } from '../../seed/accounts';
import { seedIfEmpty } from '../../seed/seed';
import { startReplica, startTestApp, type TestApp } from '../../test/harness';

/**
 * The login and reset-email counts under concurrent requests, on PostgreSQL (PGlite is one
 * connection, so requests there never truly overlap): tries at once on two replicas must not
 * overrun the limits (issue 44: 11 of 40 wrong passwords were evaluated against a limit of 10).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('login-limits.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

describe('login limits under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let replica: Awaited<ReturnType<typeof startReplica>>;
  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    replica = await startReplica(t);
  }, 180_000);
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  it('evaluates at most 10 of 40 wrong passwords sent at once from one address, across two replicas', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? t.app : replica.app).inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: demoStaff.email, password: `wrong-${i}` },
          remoteAddress: '10.50.0.1',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    // Each 401 is a password that was checked: never more than the limit.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(
      loginLimits.perAddressAndAccount,
    );
    for (const answer of answers.filter((a) => a.statusCode === 429))
      expect(answer.json().message).toBe(loginMessages.tooMany);
    // And the right password is refused there now, as the limit says.
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demoStaff.email, password: demoStaff.password },
      remoteAddress: '10.50.0.1',
    });
    expect(right.statusCode).toBe(429);
  });

  it('sends an account at most 3 reset links when 20 requests for it arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? t.app : replica.app).inject({
          method: 'POST',
          url: '/api/auth/customer/forgotten-password',
          payload: { email_or_reference: demoMember.email },
          remoteAddress: `10.51.0.${i}`,
        }),
      ),
    );
    expect(new Set(answers.map((answer) => `${answer.statusCode} ${answer.body}`)).size).toBe(1);
    expect(answers[0]?.statusCode).toBe(200);
    const links = await t.db
      .select()
      .from(outboundEmails)
      .where(
        sql`${outboundEmails.toAddress} = ${demoMember.email} and ${outboundEmails.template} = 'password_reset'`,
      );
    expect(links).toHaveLength(3);
  });
});
