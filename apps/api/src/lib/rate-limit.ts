import { loginMessages } from '@leisure/contract/auth';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { type AttemptKind, countFailures, recordAttempt } from './rate-limit.repository';

export type { AttemptKind } from './rate-limit.repository';

/** Ten failures in fifteen minutes, per account and per address, then 429 (issue 2). */
export const rateLimit = { maxFailures: 10, windowMinutes: 15 } as const;

/**
 * 429 after `rateLimit.maxFailures` failures of this kind in the window, per account key and per
 * address (counted in the database, so every replica agrees). Logins, reset requests and bank
 * detail checks share it.
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
  if (failures.account >= rateLimit.maxFailures || failures.address >= rateLimit.maxFailures) {
    throw new AppError('too_many_requests', message);
  }
}

/** Records an attempt that `assertNotRateLimited` counts when it failed. */
export async function recordAuthAttempt(
  db: Database,
  values: { kind: AttemptKind; accountKey: string; ipAddress: string; succeeded: boolean },
): Promise<void> {
  await recordAttempt(db, values);
}
