import type { APIRequestContext } from '@playwright/test';
import { okJson } from './member-api';

/** The kiosk start-over prompt's grace before the joining form is cleared (issue 4: 5 s). */
export const kioskClearAfterPromptMs = 5_000;

/**
 * The operator's kiosk idle time (the spec's 90,000 ms). Journeys let it pass with `page.clock`
 * (installed before the page loads) instead of waiting for it.
 */
export async function kioskIdleMs(request: APIRequestContext): Promise<number> {
  const client = await okJson<{ data: { kiosk_idle_ms: number } }>(await request.get('/api/client'));
  return client.data.kiosk_idle_ms;
}
