import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { type AuditEventRow, type AuditQuery, findAuditEvents, insertAuditEvent } from './audit.repository';

/**
 * The audit log (decision 071): every change staff make is written here with who, when, what, and
 * the record before and after, in the same transaction as the change, so a change that rolls back
 * leaves no entry and one that commits cannot lose its entry. The table refuses updates and deletes.
 */

/** Who made a change: a staff user, or (null) the bootstrap command or the system. */
export interface AuditActor {
  clientId: number;
  userId: number | null;
  email: string | null;
}

export interface AuditChange {
  /** `<thing>.<verb>`: 'venue.create', 'timetable-entry.update', 'staff-user.disable'. */
  action: string;
  /** The kind of record: 'venue', 'activity', 'membership-type', ... */
  entityType: string;
  entityId?: string | number | null;
  /** The venue the record belongs to, where it belongs to one. */
  venueId?: number | null;
  before?: unknown;
  after?: unknown;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set once the request's route has written its own audit entry (the catch-all then writes none). */
    audited?: boolean;
  }
}

/** Keys whose values are never kept, whatever record they are in. */
const secretKey = /password|secret|token|recovery|totp|hash/i;

/** A record as the log keeps it: plain JSON, secrets replaced, nothing that cannot be serialised. */
export function auditable(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (key, inner: unknown) =>
      key && secretKey.test(key) && inner !== null && inner !== undefined ? '[hidden]' : inner,
    ),
  ) as unknown;
}

/** Writes one entry; call it inside the change's transaction. */
export async function recordChange(
  db: Database,
  actor: AuditActor,
  change: AuditChange,
  request?: FastifyRequest,
): Promise<void> {
  await insertAuditEvent(db, {
    clientId: actor.clientId,
    actorUserId: actor.userId,
    actorEmail: actor.email,
    action: change.action,
    entityType: change.entityType,
    entityId: change.entityId === undefined || change.entityId === null ? null : String(change.entityId),
    venueId: change.venueId ?? null,
    before: auditable(change.before),
    after: auditable(change.after),
    route: request ? routeOf(request) : null,
  });
  if (request) request.audited = true;
}

/** The actor of a signed-in user's request. */
export function actorOf(user: { id: number; clientId: number; email: string }): AuditActor {
  return { clientId: user.clientId, userId: user.id, email: user.email };
}

export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
}

export type { AuditEventRow };

export async function listAuditEvents(db: Database, query: AuditQuery): Promise<AuditEventRow[]> {
  return findAuditEvents(db, query);
}
