import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import {
  type EmailTransport,
  outboxOnlyTransport,
  smtpTransport,
} from '../../providers/email/email-transport';
import {
  claimNextDueEmail,
  type DeliveryResult,
  type EmailAlong,
  eraseEmailBodiesBefore,
  findOutboundEmail,
  insertOutboundEmail,
  insertOutboundEmailAlong,
  listOutboundEmails,
  markOutboundEmail,
  outboxRecordValues,
  renewEmailLease,
} from './mail.repository';

export { type EmailAlong, emailAlong, outboxRecord, outboxRecordValues } from './mail.repository';

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
  /**
   * Records the email and makes a change of the caller's (`emailAlong`) in one statement, outside
   * any transaction: both are kept, or neither. Once it resolves, the caller hands the email to the
   * transport with `deliver`.
   */
  recordAlong(
    db: Database,
    email: OutgoingEmail,
    along: EmailAlong,
    alongValues: Record<string, unknown>,
  ): Promise<RecordedEmail>;
  /**
   * An email for a statement of the caller's to record (mail's `outboxRecord` among its expressions,
   * run with `values`): kept with that statement's writes, or not at all. Once the statement has run,
   * `recorded` with the id it answered hands the email to the transport with `deliver`.
   */
  toRecord(email: OutgoingEmail): EmailToRecord;
  /**
   * One run of the email retries job (jobs.ts) with a chosen `now` (tests call it directly): queued
   * emails whose next try is due are delivered again. Answers what became of them.
   */
  retryDue(now: Date): Promise<RetryRun>;
  /** Resolves when every email handed over so far has been delivered or has failed. */
  settled(): Promise<void>;
  close(): void;
}

export interface EmailToRecord {
  values: Record<string, unknown>;
  recorded(id: number): RecordedEmail;
}

export interface RecordedEmail {
  /** Hands the committed email to the transport in the background (nothing, for the outbox alone). */
  deliver(): void;
}

export interface RetryRun {
  sent: number;
  /** Still undelivered, to be tried again later. */
  queued: number;
  failed: number;
}

/**
 * How long a process holds the email it delivers (`lease_until`), renewed every third of it while
 * the delivery runs, however slow the mail server: an email whose lease has run out was being
 * delivered by a process that died, and is the retry job's.
 */
const deliveryLeaseMs = 2 * 60_000;
const leaseRenewalMs = deliveryLeaseMs / 3;
/**
 * Templates whose emails hold a live link (a password reset; an address check; a reset offered to
 * the owner of an address someone registered with): in production their body is erased as soon as
 * it is delivered (only the dev mailbox, in development, shows bodies).
 */
const liveLinkTemplates = new Set(['password_reset', 'registration_attempt', 'welcome']);

/** Emails one run of the retry job delivers at most, one after another. */
const retryBatch = 50;
/** Waits after the first, second, ... temporary failure; after the last, the email has failed. */
const retryBackoffMs = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000, 4 * 60 * 60_000];
/** Emails older than this are not tried again: a day-old confirmation or reset link misleads. */
const retryWindowMs = 24 * 60 * 60_000;

/**
 * What a failed delivery means: a 5xx answer is the server refusing the email for good (no such
 * mailbox); anything else (a 4xx, a connection refused or timed out) is worth another try, until
 * the back-off runs out.
 */
function afterFailure(error: unknown, attempts: number, now: Date): DeliveryResult {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  const wait = retryBackoffMs[attempts - 1];
  if ((typeof code === 'number' && code >= 500) || wait === undefined) {
    return { status: 'failed', error: message };
  }
  return { status: 'queued', error: message, nextAttemptAt: new Date(now.getTime() + wait) };
}

export function createMailer(db: Database, config: Config, log: FastifyBaseLogger): Mailer {
  const transport: EmailTransport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl)
    : outboxOnlyTransport();
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, email: OutgoingEmail, attempts: number): Promise<DeliveryResult> {
    let result: DeliveryResult;
    const renewal = setInterval(() => {
      renewEmailLease(db, id, deliveryLeaseMs / 1000).catch((error) =>
        log.warn({ emailId: id, err: error }, "could not renew an email delivery's lease"),
      );
    }, leaseRenewalMs);
    renewal.unref();
    try {
      await transport.send({
        from: config.mail.from,
        to: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        ...(email.attachments ? { attachments: email.attachments } : {}),
      });
      result = { status: 'sent' };
    } catch (error) {
      result = afterFailure(error, attempts, new Date());
      log.warn(
        {
          emailId: id,
          template: email.template,
          err: error instanceof Error ? error.message : String(error),
          attempts,
        },
        result.status === 'queued'
          ? 'email delivery failed; it will be tried again'
          : 'email delivery failed',
      );
    } finally {
      clearInterval(renewal);
    }
    const eraseBody = config.isProduction && liveLinkTemplates.has(email.template);
    await markOutboundEmail(db, id, result, { eraseBody }).catch((error) =>
      log.error({ emailId: id, err: error }, 'could not record an email delivery'),
    );
    return result;
  }

  const queued = transport.kind !== 'outbox';
  const rowOf = (email: OutgoingEmail) => ({
    toAddress: email.to,
    subject: email.subject,
    html: email.html,
    text: email.text,
    template: email.template,
    attachments: email.attachments ?? [],
    status: queued ? 'queued' : 'outbox',
    attempts: queued ? 1 : 0,
    // Handed to the transport at once: leased by this process from the start.
    nextAttemptAt: queued ? new Date(Date.now() + deliveryLeaseMs) : null,
    leaseUntil: queued ? new Date(Date.now() + deliveryLeaseMs) : null,
  });

  function recorded(id: number, email: OutgoingEmail): RecordedEmail {
    return {
      deliver() {
        if (!queued) return;
        const delivery = deliver(id, email, 1)
          .then(() => undefined)
          .finally(() => pending.delete(delivery));
        pending.add(delivery);
      },
    };
  }

  return {
    async send(email) {
      recorded(await insertOutboundEmail(db, rowOf(email)), email).deliver();
    },
    async recordAlong(on, email, along, alongValues) {
      return recorded(await insertOutboundEmailAlong(on, rowOf(email), along, alongValues), email);
    },
    toRecord(email) {
      return { values: outboxRecordValues(rowOf(email)), recorded: (id) => recorded(id, email) };
    },
    async retryDue(now) {
      const run: RetryRun = { sent: 0, queued: 0, failed: 0 };
      if (transport.kind === 'outbox') return run;
      // Each email is leased as it is taken, just before it is sent, never a batch ahead of it.
      for (let taken = 0; taken < retryBatch; taken++) {
        const row = await claimNextDueEmail(
          db,
          now,
          new Date(now.getTime() - retryWindowMs),
          deliveryLeaseMs / 1000,
        );
        if (!row) break;
        const email: OutgoingEmail = {
          to: row.toAddress,
          subject: row.subject,
          html: row.html,
          text: row.text,
          template: row.template,
          attachments: row.attachments,
        };
        const result = await deliver(row.id, email, row.attempts);
        run[result.status] += 1;
      }
      return run;
    },
    async settled() {
      await Promise.all([...pending]);
    },
    close: () => transport.close(),
  };
}

export { findOutboundEmail, listOutboundEmails };

/**
 * The retention job's part (jobs.ts): erases the body of up to `limit` emails written more than
 * `bodyDays` days before `now` (their links and personal details); answers how many.
 */
export async function eraseOldEmailBodies(
  db: Database,
  now: Date,
  bodyDays: number,
  limit: number,
): Promise<number> {
  return eraseEmailBodiesBefore(db, new Date(now.getTime() - bodyDays * 24 * 60 * 60_000), limit);
}
