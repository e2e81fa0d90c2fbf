import { and, count, eq, gte, inArray, lt, max, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { oldestUnlocked } from '../db/locks';
import { authAttempts, knownLoginAddresses } from '../db/schema';
import { hashToken } from './tokens';

/**
 * What is counted: login tries, password-reset emails sent, registrations, their notices to the
 * owners of addresses already in use, bank detail checks and members' uploads.
 */
export type AttemptKind =
  | 'login'
  | 'password_reset'
  | 'registration'
  | 'registration_notice'
  | 'direct_debit_validate'
  | 'upload'
  /** Wrong second factors of a staff sign-in (modules/staff), per account. */
  | 'staff_mfa';

// ---- Rate limiting -------------------------------------------------------------------------------

/** The two key spaces of the advisory locks below (pg_advisory_xact_lock(int, int)). */
const lockSpace = { address: 44_001, account: 44_002 } as const;

/**
 * Runs `fn` in a transaction holding advisory locks on the address and then the account key of
 * `kind`, so that counting the attempts and recording the one it lets in are one step for every
 * worker and replica: 40 tries at once can no longer all count 0 (issue 44). The locks are always
 * taken in that order, so two tries never wait on each other.
 */
export async function withAttemptLocks<T>(
  db: Database,
  kind: AttemptKind,
  keys: { ipAddress?: string; accountKey?: string },
  fn: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    if (keys.ipAddress !== undefined) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${lockSpace.address}::int, hashtext(${`${kind}:${keys.ipAddress}`}))`,
      );
    }
    if (keys.accountKey !== undefined) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${lockSpace.account}::int, hashtext(${`${kind}:${keys.accountKey}`}))`,
      );
    }
    return fn(tx);
  });
}

export async function recordAttempt(
  db: Database,
  values: { kind: AttemptKind; accountKey: string; ipAddress: string; succeeded: boolean; createdAt: Date },
): Promise<number> {
  const [row] = await db.insert(authAttempts).values(values).returning({ id: authAttempts.id });
  if (!row) throw new Error('auth_attempts insert returned no row');
  return row.id;
}

/** A login let in (recorded as a failure while its password was checked) that turned out right. */
export async function markAttemptSucceeded(db: Database, id: number): Promise<void> {
  await db.update(authAttempts).set({ succeeded: true }).where(eq(authAttempts.id, id));
}

/** Newer than the key's last success of this kind, from `ipAddress` when given (or from anywhere). */
function sinceLastSuccess(kind: AttemptKind, accountKey: string, ipAddress?: string): SQL {
  const fromAddress = ipAddress === undefined ? sql`` : sql` and ${authAttempts.ipAddress} = ${ipAddress}`;
  return sql`${authAttempts.createdAt} > coalesce((select max(${authAttempts.createdAt}) from ${authAttempts}
    where ${authAttempts.kind} = ${kind} and ${authAttempts.accountKey} = ${accountKey}
    and ${authAttempts.succeeded}${fromAddress}), '-infinity'::timestamptz)`;
}

/**
 * Failed attempts since `since`: for the address and account key together (since that pair's last
 * success), for the address whatever account it named, and for the account key from any address
 * (since its last success: a login, or a password reset by email), with its latest failure.
 */
export async function countFailures(
  db: Database,
  kind: AttemptKind,
  accountKey: string,
  ipAddress: string,
  since: Date,
): Promise<{ pair: number; account: number; address: number; lastAccountFailure: Date | null }> {
  const base = [
    eq(authAttempts.kind, kind),
    eq(authAttempts.succeeded, false),
    gte(authAttempts.createdAt, since),
  ];
  const [pair] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        ...base,
        eq(authAttempts.accountKey, accountKey),
        eq(authAttempts.ipAddress, ipAddress),
        sinceLastSuccess(kind, accountKey, ipAddress),
      ),
    );
  const [account] = await db
    .select({ n: count(), last: max(authAttempts.createdAt) })
    .from(authAttempts)
    .where(and(...base, eq(authAttempts.accountKey, accountKey), sinceLastSuccess(kind, accountKey)));
  const [address] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(and(...base, eq(authAttempts.ipAddress, ipAddress)));
  return {
    pair: pair?.n ?? 0,
    account: account?.n ?? 0,
    address: address?.n ?? 0,
    lastAccountFailure: account?.last ?? null,
  };
}

/** Attempts of `kind` since `since`, succeeded or not, for the account key or the address. */
export async function countAttempts(
  db: Database,
  kind: AttemptKind,
  by: { accountKey: string } | { ipAddress: string },
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.kind, kind),
        'accountKey' in by
          ? eq(authAttempts.accountKey, by.accountKey)
          : eq(authAttempts.ipAddress, by.ipAddress),
        gte(authAttempts.createdAt, since),
      ),
    );
  return row?.n ?? 0;
}

// ---- Known addresses -----------------------------------------------------------------------------

const knownKey = (userId: number, ipAddress: string) => hashToken(`${userId}|${ipAddress}`);

/** Whether `ipAddress` signed in to one of these accounts since `since`. */
export async function isKnownAddress(
  db: Database,
  userIds: number[],
  ipAddress: string,
  since: Date,
): Promise<boolean> {
  if (userIds.length === 0) return false;
  const [row] = await db
    .select({ n: count() })
    .from(knownLoginAddresses)
    .where(
      and(
        inArray(
          knownLoginAddresses.keyHash,
          userIds.map((id) => knownKey(id, ipAddress)),
        ),
        gte(knownLoginAddresses.lastSucceededAt, since),
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function rememberAddress(
  db: Database,
  userId: number,
  ipAddress: string,
  now: Date,
): Promise<void> {
  await db
    .insert(knownLoginAddresses)
    .values({ keyHash: knownKey(userId, ipAddress), userId, lastSucceededAt: now })
    .onConflictDoUpdate({ target: knownLoginAddresses.keyHash, set: { lastSucceededAt: now } });
}

/** Deletes up to `limit` attempts made before `before`; answers how many. */
export async function deleteAttemptsBefore(db: Database, before: Date, limit: number): Promise<number> {
  const deleted = await db
    .delete(authAttempts)
    .where(oldestUnlocked(authAttempts.id, authAttempts.createdAt, lt(authAttempts.createdAt, before), limit))
    .returning({ id: authAttempts.id });
  return deleted.length;
}

/** Deletes up to `limit` known addresses last used before `before`; answers how many. */
export async function deleteKnownAddressesBefore(db: Database, before: Date, limit: number): Promise<number> {
  const deleted = await db
    .delete(knownLoginAddresses)
    .where(
      oldestUnlocked(
        knownLoginAddresses.keyHash,
        knownLoginAddresses.lastSucceededAt,
        lt(knownLoginAddresses.lastSucceededAt, before),
        limit,
      ),
    )
    .returning({ keyHash: knownLoginAddresses.keyHash });
  return deleted.length;
}
