import { afterAll, afterEach, beforeAll } from 'vitest';
import { server } from '../mocks/node';
import { getApiSettings, writeCookie } from '../shared/api/client';

/** Sets (or, with null, clears) a cookie of the test page. */
export function setTestCookie(name: string, value: string | null): void {
  writeCookie(value === null ? `${name}=; path=/; max-age=0` : `${name}=${value}; path=/`);
}

/** Clears the mock session (the readable CSRF cookie the mock login sets). */
function clearMockSession(): void {
  setTestCookie(getApiSettings().csrfCookie, null);
}

/** Signs the test browser in for the mock API (as a login would). */
export function startMockSession(): void {
  setTestCookie(getApiSettings().csrfCookie, 'mock-csrf');
}

/**
 * Installs the mock API (src/mocks/handlers.ts) for the test file; an unhandled request fails the
 * test. Override one call with `server.use(http.get(...))` inside a test.
 */
export function installMockApi() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    clearMockSession();
  });
  afterAll(() => server.close());
  return server;
}
