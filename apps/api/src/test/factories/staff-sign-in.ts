import { and, eq, ne } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';
import { totpCode } from '../../modules/staff/mfa-crypto';
import { demoStaff } from '../../seed/accounts';
import type { TestApp } from '../harness';

/**
 * Signs a staff user in to the console as an API client, password then a TOTP code from `secret`
 * (the demo staff's by default): answers the bearer headers of a session that gave its second factor.
 * Most tests need no second factor of their own: `createUser` (basket-fixtures.ts) makes staff
 * sessions that count as verified.
 */
export async function signInStaff(
  t: TestApp,
  account: { email: string; password: string; totpSecret: string } = demoStaff,
  at = new Date(),
): Promise<Record<string, string>> {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/admin/session',
    payload: { email: account.email, password: account.password },
  });
  if (signIn.statusCode !== 200) throw new Error(`staff sign-in: ${signIn.statusCode} ${signIn.body}`);
  const headers = { authorization: `Bearer ${signIn.json().token}` };
  // A code works once: when this step's was used (another sign-in a moment ago), the next step's
  // code is still accepted (the server allows one step of clock difference).
  let body = '';
  for (const offset of [0, 30_000]) {
    const verify = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/mfa/verify',
      headers,
      payload: { code: totpCode(account.totpSecret, new Date(at.getTime() + offset)) },
    });
    if (verify.statusCode === 200) return headers;
    body = `${verify.statusCode} ${verify.body}`;
  }
  throw new Error(`staff second factor: ${body}`);
}

/**
 * Bearer headers of a new session of a staff user (the demo's by default) that has given its second
 * factor, made directly in the database as `createUser` does: for tests about what staff may do, not
 * about signing in.
 */
export async function verifiedStaffHeaders(
  t: Pick<TestApp, 'db'>,
  email: string = demoStaff.email,
): Promise<{ authorization: string }> {
  const [user] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.role, 'customer')));
  if (!user) throw new Error(`no staff user ${email}`);
  const token = newToken();
  await t.db.insert(sessions).values({
    userId: user.id,
    tokenHash: hashToken(token),
    csrfHash: hashToken(newToken()),
    expiresAt: new Date(Date.now() + 3_600_000),
    mfaVerifiedAt: new Date(),
  });
  return { authorization: `Bearer ${token}` };
}
