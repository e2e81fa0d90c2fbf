import { and, count, eq, gte, max, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authAttempts } from '../db/schema';

export type AttemptKind = 'login' | 'password_reset' | 'direct_debit_validate' | 'upload';

// ---- Rate limiting -------------------------------------------------------------------------------

export async function recordAttempt(
  db: Database,
  values: { kind: AttemptKind; accountKey: string; ipAddress: string; succeeded: boolean; createdAt: Date },
): Promise<void> {
  await db.insert(authAttempts).values(values);
}

/**
 * Failed attempts since `since`, counted for the address, and for the account key since its last
 * success (a login, or a password reset by email), with the account's latest failure.
 */
export async function countFailures(
  db: Database,
  kind: AttemptKind,
  accountKey: string,
  ipAddress: string,
  since: Date,
): Promise<{ account: number; address: number; lastAccountFailure: Date | null }> {
  const base = [
    eq(authAttempts.kind, kind),
    eq(authAttempts.succeeded, false),
    gte(authAttempts.createdAt, since),
  ];
  const lastSuccess = sql`(select max(${authAttempts.createdAt}) from ${authAttempts}
    where ${authAttempts.kind} = ${kind} and ${authAttempts.accountKey} = ${accountKey} and ${authAttempts.succeeded})`;
  const [account] = await db
    .select({ n: count(), last: max(authAttempts.createdAt) })
    .from(authAttempts)
    .where(
      and(
        ...base,
        eq(authAttempts.accountKey, accountKey),
        sql`${authAttempts.createdAt} > coalesce(${lastSuccess}, '-infinity'::timestamptz)`,
      ),
    );
  const [address] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(...base, eq(authAttempts.ipAddress, ipAddress)));
  return { account: account?.n ?? 0, address: address?.n ?? 0, lastAccountFailure: account?.last ?? null };
}
