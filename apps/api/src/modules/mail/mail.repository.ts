import { and, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstUnlocked, oldestUnlocked } from '../../db/locks';
import {
  type PreparedSql,
  placeholdersOf,
  preparedPerDatabase,
  preparedSql,
  timeOrNull,
} from '../../db/prepared';
import { rawRowsOf } from '../../db/raw-rows';
import { outboundEmails } from '../../db/schema';

export type OutboundEmailRow = typeof outboundEmails.$inferSelect;

const outboundEmailColumns = [
  'toAddress',
  'subject',
  'html',
  'text',
  'template',
  'attachments',
  'status',
  'attempts',
  'nextAttemptAt',
  'leaseUntil',
] as const;

/** An email as recorded: every column its sender decides (the rest start as the table's defaults). */
export type NewOutboundEmail = Required<
  Pick<typeof outboundEmails.$inferInsert, (typeof outboundEmailColumns)[number]>
>;

// Every order's confirmation records one: prepared (db/prepared.ts), built once.
const insertOutboundEmailStatement = preparedPerDatabase((db) =>
  db
    .insert(outboundEmails)
    .values({
      ...placeholdersOf(outboundEmailColumns),
      nextAttemptAt: timeOrNull('nextAttemptAt'),
      leaseUntil: timeOrNull('leaseUntil'),
    } as never)
    .returning({ id: outboundEmails.id })
    .prepare('outbound_email_insert'),
);

export async function insertOutboundEmail(db: Database, values: NewOutboundEmail): Promise<number> {
  const [row] = await insertOutboundEmailStatement(db).execute(values);
  if (!row) throw new Error('insert into outbound_emails returned nothing');
  return row.id;
}

/**
 * A change of a caller's made by the statement that records an email (a data-modifying common
 * table expression, run whatever the insert reads of it), so that the two are kept together or not
 * at all without a transaction of their own: one statement where a transaction took four.
 */
export interface EmailAlong {
  /** Built once per database: the caller's change, then the outbox's insert. */
  statement: (db: Database) => PreparedSql;
}

/** `change`: SQL with placeholders of its own, none named as an outbox column. */
export function emailAlong(change: SQL): EmailAlong {
  return {
    statement: preparedSql(sql`with along as (${change})
      insert into outbound_emails (to_address, subject, html, text, template, attachments, status, attempts,
        next_attempt_at, lease_until)
      values (${sql.placeholder('toAddress')}, ${sql.placeholder('subject')}, ${sql.placeholder('html')},
        ${sql.placeholder('text')}, ${sql.placeholder('template')}, ${sql.placeholder('attachments')}::jsonb,
        ${sql.placeholder('status')}, ${sql.placeholder('attempts')}::int, ${timeOrNull('nextAttemptAt')},
        ${timeOrNull('leaseUntil')})
      returning id`),
  };
}

/**
 * An email recorded by a statement of another module's, as one of its common table expressions
 * (`emailed`, answering the record's id): kept with that statement's writes, or not at all. Recorded
 * only when `gate` holds and an email is given (`outboxRecordValues(null)` records none).
 * Placeholders: `outboxRecordValues`' names, each starting with `email`.
 */
export function outboxRecord(gate: SQL): SQL {
  return sql`emailed as (
      insert into outbound_emails (to_address, subject, html, text, template, attachments, status, attempts,
        next_attempt_at, lease_until)
      select ${sql.placeholder('emailToAddress')}::text, ${sql.placeholder('emailSubject')}::text,
        ${sql.placeholder('emailHtml')}::text, ${sql.placeholder('emailText')}::text,
        ${sql.placeholder('emailTemplate')}::text, ${sql.placeholder('emailAttachments')}::jsonb,
        ${sql.placeholder('emailStatus')}::text, ${sql.placeholder('emailAttempts')}::int,
        ${sql.placeholder('emailNextAttemptAt')}::timestamptz, ${sql.placeholder('emailLeaseUntil')}::timestamptz
      where ${gate} and ${sql.placeholder('emailToAddress')}::text is not null
      returning id
    )`;
}

/** The values of `outboxRecord`'s placeholders: the email's record, or none. */
export function outboxRecordValues(values: NewOutboundEmail | null): Record<string, unknown> {
  return {
    emailToAddress: values?.toAddress ?? null,
    emailSubject: values?.subject ?? null,
    emailHtml: values?.html ?? null,
    emailText: values?.text ?? null,
    emailTemplate: values?.template ?? null,
    // Raw statements' values go to the driver as given.
    emailAttachments: values ? JSON.stringify(values.attachments) : null,
    emailStatus: values?.status ?? null,
    emailAttempts: values?.attempts ?? null,
    emailNextAttemptAt: values?.nextAttemptAt?.toISOString() ?? null,
    emailLeaseUntil: values?.leaseUntil?.toISOString() ?? null,
  };
}

/** Records the email and makes `along`'s change, in one statement. */
export async function insertOutboundEmailAlong(
  db: Database,
  values: NewOutboundEmail,
  along: EmailAlong,
  alongValues: Record<string, unknown>,
): Promise<number> {
  const result = await along.statement(db).execute({
    ...alongValues,
    ...values,
    // Raw statements' values go to the driver as given.
    attachments: JSON.stringify(values.attachments),
  });
  const id = rawRowsOf<{ id: number }>(result)[0]?.id;
  if (id === undefined) throw new Error('insert into outbound_emails returned nothing');
  return Number(id);
}

/** How a delivery ended: sent, refused for good, or to be tried again at `nextAttemptAt`. */
export type DeliveryResult =
  | { status: 'sent' }
  | { status: 'failed'; error: string }
  | { status: 'queued'; error: string; nextAttemptAt: Date };

/** What an erased email keeps of its body: nothing. */
const erasedBody = { html: '', text: '', attachments: [] };

/**
 * Records how a delivery ended and lets the email's lease go; `eraseBody` erases the body of an
 * email sent or refused for good at once (one holding a live link, in production); one to be tried
 * again keeps it.
 */
export async function markOutboundEmail(
  db: Database,
  id: number,
  result: DeliveryResult,
  { eraseBody = false }: { eraseBody?: boolean } = {},
): Promise<void> {
  await db
    .update(outboundEmails)
    .set(
      result.status === 'sent'
        ? {
            status: 'sent',
            sentAt: new Date(),
            nextAttemptAt: null,
            leaseUntil: null,
            ...(eraseBody ? erasedBody : {}),
          }
        : {
            status: result.status,
            error: result.error.slice(0, 500),
            nextAttemptAt: result.status === 'queued' ? result.nextAttemptAt : null,
            leaseUntil: null,
            // Refused for good: never sent, so its body serves no one either.
            ...(eraseBody && result.status === 'failed' ? erasedBody : {}),
          },
    )
    .where(eq(outboundEmails.id, id));
}

/**
 * Takes the next queued email whose try is due (`nextAttemptAt` before `now`: its back-off has
 * passed, or the process that first delivered it died), written after `writtenAfter`, that no
 * process holds: its try counted, and leased for `leaseSeconds` by the database's clock, which
 * every replica shares. One at a time, as it is sent: a lease taken for a batch ran out while a slow
 * mail server was still busy with the batch's first emails, and another replica sent the rest again.
 */
export async function claimNextDueEmail(
  db: Database,
  now: Date,
  writtenAfter: Date,
  leaseSeconds: number,
): Promise<OutboundEmailRow | undefined> {
  const due = and(
    // Inline: the queue's index is partial on it (decision 029).
    eq(outboundEmails.status, 'queued').inlineParams(),
    lt(outboundEmails.nextAttemptAt, now),
    gt(outboundEmails.createdAt, writtenAfter),
    or(isNull(outboundEmails.leaseUntil), lt(outboundEmails.leaseUntil, sql`now()`)),
  );
  const [claimed] = await db
    .update(outboundEmails)
    .set({
      attempts: sql`${outboundEmails.attempts} + 1`,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(firstUnlocked(outboundEmails.id, due, 1))
    .returning();
  return claimed;
}

/** Holds a delivery's email for `leaseSeconds` more, while it is still queued (its delivery runs). */
export async function renewEmailLease(db: Database, id: number, leaseSeconds: number): Promise<void> {
  await db
    .update(outboundEmails)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(and(eq(outboundEmails.id, id), eq(outboundEmails.status, 'queued')));
}

/**
 * Erases the body (HTML, text, attachments) of up to `limit` emails written before `before`; the
 * address, subject, template and status stay. Answers how many.
 */
export async function eraseEmailBodiesBefore(db: Database, before: Date, limit: number): Promise<number> {
  // The body test inline, as the partial index of bodies still kept has it.
  const kept = and(lt(outboundEmails.createdAt, before), sql`${outboundEmails.html} <> ''`);
  const erased = await db
    .update(outboundEmails)
    .set(erasedBody)
    .where(oldestUnlocked(outboundEmails.id, outboundEmails.createdAt, kept, limit))
    .returning({ id: outboundEmails.id });
  return erased.length;
}

export async function listOutboundEmails(db: Database, limit: number): Promise<OutboundEmailRow[]> {
  return db.select().from(outboundEmails).orderBy(desc(outboundEmails.id)).limit(limit);
}

export async function findOutboundEmail(db: Database, id: number): Promise<OutboundEmailRow | undefined> {
  const [row] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
  return row;
}
