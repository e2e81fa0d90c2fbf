import { afterEach, expect, it, vi } from 'vitest';
import { setTestCookie } from '../../test/mock-api';
import { getApiSettings } from '../api/client';
import { isEndedSession, reloadOnceForEndedSession } from './reload-once';
import { hasSessionCookie } from './session';

afterEach(() => {
  window.sessionStorage.clear();
  setTestCookie(getApiSettings().csrfCookie, null);
});

it('reloads once for a session that ended, however often its calls answer 401 after the reload', () => {
  const reload = vi.fn();
  expect(reloadOnceForEndedSession('csrf-of-session-1', reload)).toBe(true);
  // The page has reloaded (sessionStorage survives it) and its first call answers 401 again.
  expect(reloadOnceForEndedSession('csrf-of-session-1', reload)).toBe(false);
  expect(reloadOnceForEndedSession('csrf-of-session-1', reload)).toBe(false);
  expect(reload).toHaveBeenCalledTimes(1);

  // A later session (a new login, a new CSRF cookie) that ends reloads once again.
  expect(reloadOnceForEndedSession('csrf-of-session-2', reload)).toBe(true);
  expect(reload).toHaveBeenCalledTimes(2);
});

it("after the reload, the ended session's cookie no longer counts as signed in; a new one does", () => {
  setTestCookie(getApiSettings().csrfCookie, 'csrf-of-session-1');
  expect(hasSessionCookie()).toBe(true);
  reloadOnceForEndedSession('csrf-of-session-1', () => undefined);
  expect(isEndedSession('csrf-of-session-1')).toBe(true);
  expect(hasSessionCookie()).toBe(false);

  setTestCookie(getApiSettings().csrfCookie, 'csrf-of-session-2');
  expect(hasSessionCookie()).toBe(true);
});
