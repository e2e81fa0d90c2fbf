import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboundEmails } from '../../db/schema';

export type OutboundEmailRow = typeof outboundEmails.$inferSelect;

export async function insertOutboundEmail(
  db: Database,
  values: typeof outboundEmails.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(outboundEmails).values(values).returning({ id: outboundEmails.id });
  if (!row) throw new Error('insert into outbound_emails returned nothing');
  return row.id;
}

export async function markOutboundEmail(
  db: Database,
  id: number,
  result: { status: 'sent' } | { status: 'failed'; error: string },
): Promise<void> {
  await db
    .update(outboundEmails)
    .set(
      result.status === 'sent'
        ? { status: 'sent', sentAt: new Date() }
        : { status: 'failed', error: result.error.slice(0, 500) },
    )
    .where(eq(outboundEmails.id, id));
}

export async function listOutboundEmails(db: Database, limit: number): Promise<OutboundEmailRow[]> {
  return db.select().from(outboundEmails).orderBy(desc(outboundEmails.id)).limit(limit);
}

export async function findOutboundEmail(db: Database, id: number): Promise<OutboundEmailRow | undefined> {
  const [row] = await db.select().from(outboundEmails).where(eq(outboundEmails.id, id));
  return row;
}
