import { loginMessages } from '@leisure/contract/auth';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import {
  type AttemptKind,
  countFailures,
  deleteAttemptsBefore,
  recordAttempt,
} from './rate-limit.repository';

export type { AttemptKind } from './rate-limit.repository';

/** Ten failures in fifteen minutes, per account and per address, then 429 (issue 2). */
export const rateLimit = { maxFailures: 10, windowMinutes: 15 } as const;

/**
 * 429 after `rateLimit.maxFailures` failures of this kind in the window, per address, and per
 * account key (counted in the database, so every replica agrees). Logins, reset requests and bank
 * detail checks share it.
 *
 * For logins an account is not locked (which let anyone lock a member out from any address, issue
 * 12): past the limit, each further try waits a delay that doubles with every failure (1 s, 2 s, ...
 * at most 15 minutes) after the last one. The right password works again once the delay has passed,
 * and a password reset by email (a success) starts the count again.
 */
export async function assertNotRateLimited(
  db: Database,
  kind: AttemptKind,
  accountKey: string,
  ipAddress: string,
  { now = new Date(), message = loginMessages.tooMany }: { now?: Date; message?: string } = {},
): Promise<void> {
  const since = new Date(now.getTime() - rateLimit.windowMinutes * 60_000);
  const failures = await countFailures(db, kind, accountKey, ipAddress, since);
  if (failures.address >= rateLimit.maxFailures) throw new AppError('too_many_requests', message);
  if (failures.account < rateLimit.maxFailures) return;
  if (kind !== 'login' || failures.lastAccountFailure === null)
    throw new AppError('too_many_requests', message);
  const delaySeconds = Math.min(
    2 ** (failures.account - rateLimit.maxFailures),
    rateLimit.windowMinutes * 60,
  );
  const waitMs = failures.lastAccountFailure.getTime() + delaySeconds * 1000 - now.getTime();
  if (waitMs > 0) throw new AppError('too_many_requests', tooManyWait(waitMs));
}

function tooManyWait(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds < 60)
    return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/**
 * Records an attempt that `assertNotRateLimited` counts when it failed, stamped with the app's clock
 * (the one the limits are checked against), not the database's.
 */
export async function recordAuthAttempt(
  db: Database,
  values: { kind: AttemptKind; accountKey: string; ipAddress: string; succeeded: boolean },
  now = new Date(),
): Promise<void> {
  await recordAttempt(db, { ...values, createdAt: now });
}

/**
 * How long attempts are kept: longer than any limit's window looks back (the longest is a day), so
 * deleting older ones changes no count.
 */
export const attemptsKeptHours = 48;

/** The retention job's part (jobs.ts): deletes up to `limit` attempts past every window; answers how many. */
export async function deleteSpentAttempts(db: Database, now: Date, limit: number): Promise<number> {
  return deleteAttemptsBefore(db, new Date(now.getTime() - attemptsKeptHours * 60 * 60_000), limit);
}
