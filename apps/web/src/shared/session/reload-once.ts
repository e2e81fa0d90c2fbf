/**
 * The spec's "any 401 clears the token and reloads the page" (shell-session-basket.md 4), at most
 * once per session: a page whose first call answers 401 again after the reload would otherwise
 * reload forever. The tab remembers (sessionStorage, which survives the reload) which session it
 * reloaded for, by a fingerprint of that session's CSRF cookie: after the reload that cookie, if the
 * browser still holds it, no longer counts as a session. A new login brings a new CSRF cookie, so
 * the end of that session reloads once again.
 */

const storageKey = 'leisure.endedSession';

function tabStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Storage can be refused (privacy settings).
    return undefined;
  }
}

/** FNV-1a: the tab keeps a fingerprint of the cookie, not the cookie itself. */
function fingerprint(csrf: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < csrf.length; index += 1) {
    hash ^= csrf.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/** Whether this CSRF cookie belongs to a session this tab has seen end (and reloaded for). */
export function isEndedSession(csrf: string): boolean {
  return tabStorage()?.getItem(storageKey) === fingerprint(csrf);
}

/**
 * The session whose CSRF cookie is `csrf` has ended (a 401): reloads the page unless this tab
 * already reloaded for it, and answers whether it did. Without storage nothing can be remembered,
 * so nothing is reloaded (the page shows the user signed out instead).
 */
export function reloadOnceForEndedSession(
  csrf: string,
  reload: () => void = () => window.location.reload(),
): boolean {
  const storage = tabStorage();
  const ended = fingerprint(csrf);
  if (!storage || storage.getItem(storageKey) === ended) return false;
  storage.setItem(storageKey, ended);
  reload();
  return true;
}
