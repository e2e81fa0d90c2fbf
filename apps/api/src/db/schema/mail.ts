// Outbound email (the outbox).

import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Every email the product sends; without SMTP this is the outbox the dev mailbox reads. */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: serial('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    template: text('template').notNull(),
    /**
     * Attachments (a booking's .ics, a guest pass's QR image as base64 with the `cid` its HTML
     * shows), kept so the dev mailbox can show them.
     */
    attachments: jsonb('attachments')
      .$type<
        { filename: string; contentType: string; content: string; encoding?: 'base64'; cid?: string }[]
      >()
      .notNull()
      .default([]),
    /**
     * `outbox` (no SMTP configured), `queued` (handed to SMTP, or to be tried again), `sent`, or
     * `failed` (refused for good, or still undelivered after its last try).
     */
    status: text('status').notNull(),
    error: text('error'),
    /** Deliveries tried so far. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When a queued email may next be tried: after a temporary failure, its back-off; while a
     * delivery runs, the time by which it has surely ended (so a process that died mid-delivery
     * leaves it to the retry job).
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * While a process delivers the email, until when it holds it (renewed as long as the delivery
     * runs): no other replica takes it before then, and a process that died lets it go at that time.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('outbound_emails_created_idx').on(t.createdAt),
    index('outbound_emails_queued_idx').on(t.nextAttemptAt).where(sql`status = 'queued'`),
    // Emails whose body the retention job has yet to erase (jobs.ts): erased ones leave the index.
    index('outbound_emails_body_kept_idx').on(t.createdAt).where(sql`html <> ''`),
  ],
);
