import { useEffect } from 'react';

/**
 * Rendered beside the page's screen, inside its Suspense boundary: its effect runs once the first
 * view is live (hydrated, or rendered in the browser). A server-rendered page holds the taps made
 * before then and gives them again now (sites/before-start.ts, which the server inlines).
 */
export function AppStarted() {
  useEffect(() => {
    (window as { leisureLive?: number }).leisureLive = Date.now();
  }, []);
  return null;
}
