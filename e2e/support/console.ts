import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { TOTP } from 'otpauth';

/** The empty-database server's address (playwright.config.ts), where the console journey runs. */
export function emptyOperatorUrl(): string {
  return `http://localhost:${process.env.E2E_EMPTY_PORT}`;
}

/** The first administrator's one-time link, as the bootstrap command printed it. */
export function bootstrapLink(): string {
  const file = process.env.E2E_BOOTSTRAP_FILE;
  if (!file) throw new Error('E2E_BOOTSTRAP_FILE is not set: run the journeys through playwright.config.ts');
  const link = /https?:\/\/\S+/.exec(readFileSync(file, 'utf8'))?.[0];
  if (!link) throw new Error(`no link in the bootstrap command's output (${file})`);
  return link;
}

/** The code an authenticator app shows for this secret at `at` (RFC 6238, 30 s, 6 digits). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
}

/** The last 30 s step whose code this process gave, per secret (the journeys run in one worker). */
const lastStepGiven = new Map<string, number>();

/**
 * A code the server has not seen: a code works once (its step must be newer than the last one
 * used), so when this process already gave this step's code, or the step is about to end, this
 * waits for the next step rather than send a code that is refused (and counted as a wrong one).
 */
export async function unusedTotpCode(secret: string): Promise<string> {
  const stepMs = 30_000;
  let now = Date.now();
  let step = Math.floor(now / stepMs);
  if ((lastStepGiven.get(secret) ?? -1) >= step || (step + 1) * stepMs - now < 2_000) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * stepMs - now + 250));
    now = Date.now();
    step = Math.floor(now / stepMs);
  }
  lastStepGiven.set(secret, step);
  return totpCode(secret, now);
}

/** A console navigation entry. */
export async function openArea(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: label, exact: true })
    .click();
}
