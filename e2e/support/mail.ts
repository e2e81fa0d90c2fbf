import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** One message captured by the SMTP sink (support/smtp-sink.mjs). */
export interface CapturedEmail {
  receivedAt: string;
  envelope: { from: string | null; to: string[] };
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  /** Attachments: `text` holds the content of text/* ones (an .ics), null for others. */
  attachments: CapturedAttachment[];
}

export interface CapturedAttachment {
  filename: string;
  contentType: string;
  size: number;
  text: string | null;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the journeys through playwright.config.ts');
  return dir;
}

function readAll(): CapturedEmail[] {
  return readdirSync(mailDir())
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(path.join(mailDir(), name), 'utf8')) as CapturedEmail);
}

function isFor(message: CapturedEmail, to: string): boolean {
  const address = to.toLowerCase();
  return message.envelope.to.includes(address) || message.to.includes(address);
}

/** Every message received so far for an address, oldest first. */
function emailsTo(to: string): CapturedEmail[] {
  return readAll().filter((message) => isFor(message, to));
}

/**
 * Waits for an email to `to` whose subject matches, delivered over SMTP to the sink. Fails with
 * the subjects that did arrive for that address, so a wrong subject is easy to see.
 */
export async function waitForEmail(
  to: string,
  subject: RegExp | string,
  { timeout = 15_000 }: { timeout?: number } = {},
): Promise<CapturedEmail> {
  const matches = (message: CapturedEmail) =>
    typeof subject === 'string' ? message.subject.includes(subject) : subject.test(message.subject);
  // Polls the sink's folder; a failure shows the subjects that did arrive.
  await expect
    .poll(() => (emailsTo(to).some(matches) ? 'arrived' : emailsTo(to).map((message) => message.subject)), {
      timeout,
      message: `an email to ${to} with subject ${String(subject)}`,
    })
    .toBe('arrived');
  const found = emailsTo(to).find(matches);
  if (!found) throw new Error(`the email to ${to} went from the sink's folder`);
  return found;
}

/** The one link of a message that matches, e.g. the password-reset link. */
export function linkIn(message: CapturedEmail, pattern: RegExp): string {
  const link = message.links.find((candidate) => pattern.test(candidate));
  if (!link) {
    throw new Error(
      `No link matching ${pattern} in "${message.subject}": ${message.links.join(', ') || 'none'}`,
    );
  }
  return link;
}
