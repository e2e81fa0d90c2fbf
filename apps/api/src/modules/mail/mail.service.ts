import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  type EmailTransport,
  outboxOnlyTransport,
  smtpTransport,
} from '../../providers/email/email-transport';
import {
  findOutboundEmail,
  insertOutboundEmail,
  listOutboundEmails,
  markOutboundEmail,
} from './mail.repository';

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  encoding?: 'base64';
  cid?: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Which template made it, for the outbox and the logs (never the content). */
  template: string;
  /**
   * Small attachments, e.g. an iCalendar file of the booked sessions. Binary ones (a guest pass's QR
   * image) carry base64 `content` with `encoding: 'base64'`; a `cid` makes one an inline image the
   * HTML shows with `<img src="cid:...">`.
   */
  attachments?: EmailAttachment[];
}

export interface Mailer {
  /**
   * Records the email in the outbox and hands it to the transport in the background: a slow or
   * failing mail server never fails or delays the request that sent it. Resolves once recorded.
   */
  send(email: OutgoingEmail): Promise<void>;
  /** Resolves when every email handed over so far has been delivered or has failed. */
  settled(): Promise<void>;
  close(): void;
}

export function createMailer(db: Database, config: Config, log: FastifyBaseLogger): Mailer {
  const transport: EmailTransport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl)
    : outboxOnlyTransport();
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, email: OutgoingEmail): Promise<void> {
    try {
      await transport.send({
        from: config.mail.from,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.attachments ? { attachments: email.attachments } : {}),
      });
      await markOutboundEmail(db, id, { status: 'sent' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ emailId: id, template: email.template, err: message }, 'email delivery failed');
      await markOutboundEmail(db, id, { status: 'failed', error: message }).catch(() => {});
    }
  }

  return {
    async send(email) {
      const id = await insertOutboundEmail(db, {
        toAddress: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        template: email.template,
        attachments: email.attachments ?? [],
        status: transport.kind === 'outbox' ? 'outbox' : 'queued',
      });
      if (transport.kind === 'outbox') return;
      const delivery = deliver(id, email).finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async settled() {
      await Promise.all([...pending]);
    },
    close: () => transport.close(),
  };
}

export { findOutboundEmail, listOutboundEmails };
