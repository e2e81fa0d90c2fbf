import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
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

/** The code an authenticator app shows now for this secret (RFC 6238, 30 s, 6 digits). */
export function totpCode(secret: string): string {
  return new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

/**
 * The next code after the one last used: a code is accepted once, so a second sign-in within the
 * same 30 s waits for the next step rather than reusing it.
 */
export async function freshTotpCode(page: Page, secret: string, used?: string): Promise<string> {
  for (;;) {
    const code = totpCode(secret);
    if (code !== used) return code;
    await page.waitForTimeout(1_000);
  }
}

/** The console's sign-in: email and password, then the code from the authenticator. */
export async function signInToConsole(
  page: Page,
  account: { email: string; password: string; secret: string },
): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the console' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your verification code' })).toBeVisible();
  await page.getByLabel('Code from your authenticator app').fill(totpCode(account.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** A console navigation entry. */
export async function openArea(page: Page, label: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Console' })
    .getByRole('link', { name: label, exact: true })
    .click();
}
