// Outbound email (the outbox).

import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    /** `outbox` (no SMTP configured), `sent` or `failed`. */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbound_emails_created_idx').on(t.createdAt)],
);
