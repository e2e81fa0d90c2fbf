import nodemailer from 'nodemailer';

export interface EmailMessage {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: {
    filename: string;
    content: Buffer | string;
    contentType: string;
    /** `base64` when `content` is base64 text of binary data. */
    encoding?: 'base64';
    /** Content id of an inline image. */
    cid?: string;
  }[];
}

/** Delivers an email, or throws (a refused address, an unreachable server). */
export interface EmailTransport {
  readonly kind: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/** SMTP (any server: a relay, a provider's SMTP endpoint, or a test sink). */
export function smtpTransport(url: string): EmailTransport {
  const timeouts = new URL(url);
  // A mail server that hangs must not hold deliveries for nodemailer's default of minutes.
  for (const [key, ms] of [
    ['connectionTimeout', 10_000],
    ['greetingTimeout', 10_000],
    ['socketTimeout', 20_000],
  ] as const) {
    if (!timeouts.searchParams.has(key)) timeouts.searchParams.set(key, String(ms));
  }
  const transporter = nodemailer.createTransport(timeouts.toString());
  return {
    kind: 'smtp',
    async send(message) {
      await transporter.sendMail(message);
    },
    close: () => transporter.close(),
  };
}

/**
 * No SMTP configured (a fresh clone): emails stay in the outbox table, where the dev mailbox at
 * /dev/mailbox shows them.
 */
export function outboxOnlyTransport(): EmailTransport {
  return { kind: 'outbox', send: async () => {}, close: () => {} };
}
