import type { LiveSessionUser } from './session.repository';

/**
 * Live sessions this process looked up a moment ago, by token hash, so that the reads of one page
 * load (the user, the theme, the dashboard's lists) ask the database for the session once, not each
 * time. It is a read cache only (docs/decisions/002-sessions-and-csrf.md):
 * - only safe methods (GET, HEAD, OPTIONS) are answered from it; a write always asks the database,
 *   so a revoked session can never change anything, and its CSRF token is always the current one;
 * - an entry is good for `SESSION_CACHE_MS` (2 s by default) and never past the session's expiry;
 * - a logout, a password change or any revocation in this process forgets the session (or every
 *   session of the user) at once; after a write by a user, that user's entries are forgotten too, so
 *   their next read sees what the write changed (a new name, a membership that became active);
 * - another replica's revocation is seen here within the time-to-live at most.
 * One store for the process: a token hash names one session of one database, and forgetting more
 * than needed (another app instance in the same process, as in tests) only costs a lookup.
 */
interface Entry {
  found: LiveSessionUser;
  cachedAt: number;
}

/** Oldest entries are dropped beyond this many, so memory stays bounded under any load. */
const maxEntries = 10_000;
const entries = new Map<string, Entry>();
/** The token hashes cached for each user, so forgetting a user does not walk every entry. */
const hashesOfUser = new Map<number, Set<string>>();
/**
 * When each user was last forgotten. For a time-to-live after that, none of the user's lookups is
 * kept: a read that raced the revocation (looked up before it, finished after it), or that ran before
 * the revoking transaction committed, cannot put the old session back.
 */
const forgottenAt = new Map<number, number>();
/** The longest time-to-live the settings allow (SESSION_CACHE_MS): older marks can go. */
const longestTtlMs = 10_000;

function markForgotten(userId: number): void {
  const now = Date.now();
  forgottenAt.delete(userId);
  forgottenAt.set(userId, now);
  if (forgottenAt.size > maxEntries) {
    for (const [id, at] of forgottenAt) {
      if (now - at < longestTtlMs) break;
      forgottenAt.delete(id);
    }
  }
}

function remove(tokenHash: string): void {
  const entry = entries.get(tokenHash);
  if (!entry) return;
  entries.delete(tokenHash);
  const hashes = hashesOfUser.get(entry.found.user.id);
  hashes?.delete(tokenHash);
  if (hashes?.size === 0) hashesOfUser.delete(entry.found.user.id);
}

export const sessionCache = {
  /** The cached lookup of `tokenHash` if it is younger than `ttlMs` and its session has not expired. */
  get(tokenHash: string, ttlMs: number, now: Date): LiveSessionUser | undefined {
    const entry = entries.get(tokenHash);
    if (!entry) return undefined;
    const at = now.getTime();
    if (at - entry.cachedAt >= ttlMs || at < entry.cachedAt || entry.found.session.expiresAt <= now) {
      remove(tokenHash);
      return undefined;
    }
    return entry.found;
  },

  /** Keeps a lookup made at `now`, unless its user was forgotten less than `ttlMs` ago. */
  set(tokenHash: string, found: LiveSessionUser, ttlMs: number, now: Date): void {
    const forgotten = forgottenAt.get(found.user.id);
    if (forgotten !== undefined && now.getTime() - forgotten < ttlMs + 1) return;
    remove(tokenHash);
    entries.set(tokenHash, { found, cachedAt: now.getTime() });
    const hashes = hashesOfUser.get(found.user.id) ?? new Set<string>();
    hashes.add(tokenHash);
    hashesOfUser.set(found.user.id, hashes);
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next();
      if (!oldest.done) remove(oldest.value);
    }
  },

  /** Forgets a token whose session the database no longer knows as live. */
  forgetToken(tokenHash: string): void {
    const entry = entries.get(tokenHash);
    if (entry) markForgotten(entry.found.user.id);
    remove(tokenHash);
  },

  /** Forgets one session of a user (a logout, a session handed a new CSRF token). */
  forgetSession(userId: number, sessionId: number): void {
    markForgotten(userId);
    for (const hash of [...(hashesOfUser.get(userId) ?? [])]) {
      if (entries.get(hash)?.found.session.id === sessionId) remove(hash);
    }
  },

  /** Forgets every session of a user (a password change, a write that changed what the lookup joins). */
  forgetUser(userId: number): void {
    markForgotten(userId);
    for (const hash of [...(hashesOfUser.get(userId) ?? [])]) remove(hash);
  },
};
