import { loginMessages } from '@leisure/contract/auth';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import {
  type AttemptKind,
  countAttempts,
  countFailures,
  deleteAttemptsBefore,
  deleteKnownAddressesBefore,
  isKnownAddress,
  markAttemptSucceeded,
  recordAttempt,
  rememberAddress,
  withAttemptLocks,
} from './rate-limit.repository';

export type { AttemptKind } from './rate-limit.repository';

// ---- Logins (docs/decisions/047-login-limits-and-registration.md) ------------------------------------------

/**
 * Login limits, counted in the database (every worker and replica agrees), over a sliding window:
 * - 10 failures for one account from one address (since that address last got in) refuse that pair;
 * - 100 failures from one address, whatever accounts they named, refuse it for accounts it has not
 *   signed in to (a spray; a shared address such as a balancer, a centre's Wi-Fi or a carrier's
 *   NAT reaches it only with a hundred failures, not ten);
 * - past 10 failures of one account from anywhere, each try from an address that account has not
 *   signed in from waits a delay that doubles with each failure (1 s, 2 s, ... at most the window)
 *   after the last one: attackers on many addresses are slowed, and the account is never locked.
 * An address the account signed in from in the last 90 days (a known address) is refused only by its
 * own 10 failures for that account: never by other accounts' failures, nor this account's elsewhere.
 */
export const loginLimits = {
  windowMinutes: 15,
  perAddressAndAccount: 10,
  perAddress: 100,
  perAccount: 10,
  knownAddressDays: 90,
} as const;

export type LoginRefusal = 'address-and-account' | 'address' | 'account';

/**
 * Lets one login try in or refuses it (429). A try let in is recorded at once as a failure, in the
 * same locked step as the count, so tries at once cannot overrun the limits; `settleLogin` marks it
 * succeeded when the password was right. `accounts` are the users the username names (none when it
 * names nobody): an address one of them signed in from is known.
 */
export async function admitLogin(
  db: Database,
  try_: { accountKey: string; ipAddress: string; accounts: number[] },
  { now = new Date(), onRefused }: { now?: Date; onRefused?: (reason: LoginRefusal) => void } = {},
): Promise<number> {
  const { accountKey, ipAddress } = try_;
  const known = await isKnownAddress(
    db,
    try_.accounts,
    ipAddress,
    new Date(now.getTime() - loginLimits.knownAddressDays * 86_400_000),
  );
  const since = new Date(now.getTime() - loginLimits.windowMinutes * 60_000);
  const refusal = await withAttemptLocks(db, 'login', { ipAddress, accountKey }, async (tx) => {
    const failures = await countFailures(tx, 'login', accountKey, ipAddress, since);
    let refused: { reason: LoginRefusal; message: string } | undefined;
    if (failures.pair >= loginLimits.perAddressAndAccount) {
      refused = { reason: 'address-and-account', message: loginMessages.tooMany };
    } else if (!known && failures.address >= loginLimits.perAddress) {
      refused = { reason: 'address', message: loginMessages.tooMany };
    } else if (!known && failures.account >= loginLimits.perAccount && failures.lastAccountFailure) {
      const delaySeconds = Math.min(
        2 ** (failures.account - loginLimits.perAccount),
        loginLimits.windowMinutes * 60,
      );
      const waitMs = failures.lastAccountFailure.getTime() + delaySeconds * 1000 - now.getTime();
      if (waitMs > 0) refused = { reason: 'account', message: tooManyWait(waitMs) };
    }
    if (refused) return refused;
    return recordAttempt(tx, { kind: 'login', accountKey, ipAddress, succeeded: false, createdAt: now });
  });
  if (typeof refusal === 'number') return refusal;
  onRefused?.(refusal.reason);
  throw new AppError('too_many_requests', refusal.message);
}

/** The try `admitLogin` let in opened `userId`: its failure no longer counts, and the address is known. */
export async function settleLogin(
  db: Database,
  attemptId: number,
  userId: number,
  ipAddress: string,
  now = new Date(),
): Promise<void> {
  await markAttemptSucceeded(db, attemptId);
  await rememberAddress(db, userId, ipAddress, now);
}

function tooManyWait(waitMs: number): string {
  const seconds = Math.ceil(waitMs / 1000);
  if (seconds < 60)
    return `Too many attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

// ---- Emails anyone can make us send --------------------------------------------------------------

/**
 * Emails sent on an anonymous request (a reset link, a notice that someone registered with the
 * address) are capped per account and per address in a sliding window. The request is answered the
 * same either way; past a cap it simply sends nothing, so the answer tells nobody whether an account
 * exists, and nobody can fill a member's mailbox.
 */
export const emailLimits = {
  password_reset: { windowMinutes: 60, perAccount: 3, perAddress: 30 },
  registration_notice: { windowMinutes: 24 * 60, perAccount: 3, perAddress: 30 },
} as const;

/** Whether one more email of `kind` may go to `userId` on a request from `ipAddress`; if so, counts it. */
export async function admitEmail(
  db: Database,
  kind: keyof typeof emailLimits,
  userId: number,
  ipAddress: string,
  now = new Date(),
): Promise<boolean> {
  const limits = emailLimits[kind];
  const accountKey = `user:${userId}`;
  const since = new Date(now.getTime() - limits.windowMinutes * 60_000);
  return withAttemptLocks(db, kind, { ipAddress, accountKey }, async (tx) => {
    if ((await countAttempts(tx, kind, { accountKey }, since)) >= limits.perAccount) return false;
    if ((await countAttempts(tx, kind, { ipAddress }, since)) >= limits.perAddress) return false;
    await recordAttempt(tx, { kind, accountKey, ipAddress, succeeded: true, createdAt: now });
    return true;
  });
}

// ---- Registration --------------------------------------------------------------------------------

/** Registrations are counted per address over an hour (REGISTRATIONS_PER_ADDRESS_PER_HOUR, 20). */
const registrationWindowMinutes = 60;

export const registrationLimitedMessage =
  'Too many accounts have been created from this address. Please try again later.';

/** Counts one registration from `ipAddress`, or refuses it (429) past `perHour` in the last hour. */
export async function admitRegistration(
  db: Database,
  ipAddress: string,
  perHour: number,
  now = new Date(),
): Promise<void> {
  const since = new Date(now.getTime() - registrationWindowMinutes * 60_000);
  const admitted = await withAttemptLocks(db, 'registration', { ipAddress }, async (tx) => {
    if ((await countAttempts(tx, 'registration', { ipAddress }, since)) >= perHour) return false;
    await recordAttempt(tx, {
      kind: 'registration',
      accountKey: '',
      ipAddress,
      succeeded: true,
      createdAt: now,
    });
    return true;
  });
  if (!admitted) throw new AppError('too_many_requests', registrationLimitedMessage);
}

// ---- Other checks --------------------------------------------------------------------------------

/** Ten failures in fifteen minutes, per account and per address, then 429 (bank detail checks). */
const rateLimit = { maxFailures: 10, windowMinutes: 15 } as const;

/**
 * 429 after `rateLimit.maxFailures` failures of this kind in the window, per address, and per
 * account key: the bank detail check, which an attacker could use to test account numbers.
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
  if (failures.address >= rateLimit.maxFailures || failures.account >= rateLimit.maxFailures)
    throw new AppError('too_many_requests', message);
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
const attemptsKeptHours = 48;

/** The retention job's part (jobs.ts): deletes up to `limit` attempts past every window; answers how many. */
export async function deleteSpentAttempts(db: Database, now: Date, limit: number): Promise<number> {
  return deleteAttemptsBefore(db, new Date(now.getTime() - attemptsKeptHours * 60 * 60_000), limit);
}

/** The retention job's part: an address not signed in from for longer than it counts as known is forgotten. */
export async function deleteStaleKnownAddresses(db: Database, now: Date, limit: number): Promise<number> {
  return deleteKnownAddressesBefore(
    db,
    new Date(now.getTime() - loginLimits.knownAddressDays * 86_400_000),
    limit,
  );
}
