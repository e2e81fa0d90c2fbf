import { and, count, eq, gte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { authAttempts } from '../db/schema';

export type AttemptKind = 'login' | 'password_reset' | 'direct_debit_validate';

// ---- Rate limiting -------------------------------------------------------------------------------

export async function recordAttempt(
  db: Database,
  values: { kind: AttemptKind; accountKey: string; ipAddress: string; succeeded: boolean },
): Promise<void> {
  await db.insert(authAttempts).values(values);
}

/** Failed attempts since `since`, counted for the account key and for the address separately. */
export async function countFailures(
  db: Database,
  kind: AttemptKind,
  accountKey: string,
  ipAddress: string,
  since: Date,
): Promise<{ account: number; address: number }> {
  const base = [
    eq(authAttempts.kind, kind),
    eq(authAttempts.succeeded, false),
    gte(authAttempts.createdAt, since),
  ];
  const [account] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(...base, eq(authAttempts.accountKey, accountKey)));
  const [address] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(...base, eq(authAttempts.ipAddress, ipAddress)));
  return { account: account?.n ?? 0, address: address?.n ?? 0 };
}
