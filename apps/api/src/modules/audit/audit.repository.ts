import { and, desc, eq, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents } from '../../db/schema';

export type AuditEventRow = typeof auditEvents.$inferSelect;
export type NewAuditEventRow = typeof auditEvents.$inferInsert;

export async function insertAuditEvent(db: Database, values: NewAuditEventRow): Promise<void> {
  await db.insert(auditEvents).values(values);
}

export interface AuditQuery {
  clientId: number;
  /** Words matched against the action, the record's kind and id, and the actor's email. */
  search?: string;
  entityType?: string;
  entityId?: string;
  /** Only these venues' records (a venue manager's view); undefined: all. */
  venueIds?: readonly number[];
  /** Rows older than this id (the next page of a newest-first list). */
  beforeId?: number;
  limit: number;
}

/** The newest audit events matching the query, newest first. */
export async function findAuditEvents(db: Database, query: AuditQuery): Promise<AuditEventRow[]> {
  const conditions: SQL[] = [eq(auditEvents.clientId, query.clientId)];
  if (query.entityType) conditions.push(eq(auditEvents.entityType, query.entityType));
  if (query.entityId) conditions.push(eq(auditEvents.entityId, query.entityId));
  if (query.beforeId) conditions.push(lt(auditEvents.id, query.beforeId));
  if (query.venueIds) {
    conditions.push(
      query.venueIds.length
        ? sql`${auditEvents.venueId} in (${sql.join(
            query.venueIds.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matches = or(
      ilike(auditEvents.action, pattern),
      ilike(auditEvents.entityType, pattern),
      ilike(auditEvents.entityId, pattern),
      ilike(auditEvents.actorEmail, pattern),
    );
    if (matches) conditions.push(matches);
  }
  return db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(query.limit);
}
