import { and, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oldestUnlocked } from '../../db/locks';
import { preparedPerDatabase } from '../../db/prepared';
import {
  creditTransactions,
  memberships,
  membershipUsers,
  sessionHandovers,
  sessions,
  staffVenues,
  users,
  venues,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface CustomerRow {
  user: UserRow;
  membershipUserId: number | null;
}

// ---- Sessions ------------------------------------------------------------------------------------

export async function insertSession(
  db: Database,
  values: {
    userId: number;
    tokenHash: string;
    csrfHash: string;
    expiresAt: Date;
    userAgent: string | null;
    mfaVerifiedAt?: Date | null;
  },
): Promise<SessionRow> {
  const [row] = await db.insert(sessions).values(values).returning();
  if (!row) throw new Error('insert into sessions returned nothing');
  return row;
}

/** What a customer's request needs to know of them before it reads more, read with them. */
export interface CustomerStanding {
  /** Holds an active membership: member prices and benefits apply. */
  isMember: boolean;
  /** Has ever been given credit: without, there is no balance to read (decision 024). */
  hasCredit: boolean;
}

export interface LiveSessionUser extends CustomerStanding {
  session: SessionRow;
  user: UserRow;
  membershipUserId: number | null;
  homeVenueSlug: string | null;
  /** The venues a venue-scoped staff role may change; absent for everyone else. */
  staffVenueIds?: readonly number[];
}

/**
 * A live session with its user, membership user and home venue in one query: every signed-in
 * request starts here, so it costs one round trip, not four.
 */
const liveSessionUserStatement = preparedPerDatabase((db) =>
  db
    .select({
      session: sessions,
      user: users,
      membershipUserId: membershipUsers.id,
      homeVenueSlug: venues.slug,
      isMember: sql<boolean>`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.status} = 'active')`,
      hasCredit: sql<boolean>`exists (select 1 from ${creditTransactions} where ${creditTransactions.userId} = ${users.id})`,
      staffVenueIds: sql<
        number[]
      >`array(select ${staffVenues.venueId} from ${staffVenues} where ${staffVenues.userId} = ${users.id} order by 1)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(membershipUsers, eq(membershipUsers.userId, users.id))
    .leftJoin(venues, eq(venues.id, users.homeVenueId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('live_session_user'),
);

export async function findLiveSessionUser(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<LiveSessionUser | undefined> {
  const [row] = await liveSessionUserStatement(db).execute({ tokenHash, now });
  return row;
}

export async function touchSession(db: Database, id: number, now: Date, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ lastUsedAt: now, expiresAt }).where(eq(sessions.id, id));
}

export async function markSessionMfaVerified(db: Database, id: number, now: Date): Promise<void> {
  await db.update(sessions).set({ mfaVerifiedAt: now }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Deletes up to `limit` sessions that ran out, and up to `limit` revoked, before `before`; answers
 * how many. Two statements, each along its own index.
 */
export async function deleteEndedSessions(db: Database, before: Date, limit: number): Promise<number> {
  let deleted = 0;
  for (const ended of [sessions.expiresAt, sessions.revokedAt]) {
    const rows = await db
      .delete(sessions)
      .where(oldestUnlocked(sessions.id, ended, lt(ended, before), limit))
      .returning({ id: sessions.id });
    deleted += rows.length;
  }
  return deleted;
}

/** Revokes every live session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  now: Date,
  keepSessionId?: number,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(...conditions));
}

// ---- Customers a staff user may act for ------------------------------------------------------------

export async function findUserOfClient(
  db: Database,
  clientId: number,
  userId: number,
): Promise<(CustomerRow & CustomerStanding) | undefined> {
  const [row] = await db
    .select({
      user: users,
      membershipUserId: membershipUsers.id,
      isMember: sql<boolean>`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id} and ${memberships.status} = 'active')`,
      hasCredit: sql<boolean>`exists (select 1 from ${creditTransactions} where ${creditTransactions.userId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(membershipUsers, eq(membershipUsers.userId, users.id))
    .where(and(eq(users.clientId, clientId), eq(users.id, userId)))
    .limit(1);
  return row;
}

// ---- Hand-over codes -----------------------------------------------------------------------------

export async function insertHandover(
  db: Database,
  values: { userId: number; codeHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(sessionHandovers).values(values);
}

/** The user of a live (unused, unexpired) hand-over code, without using it. */
export async function findLiveHandover(
  db: Database,
  codeHash: string,
  now: Date,
): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: sessionHandovers.id, userId: sessionHandovers.userId })
    .from(sessionHandovers)
    .where(
      and(
        eq(sessionHandovers.codeHash, codeHash),
        isNull(sessionHandovers.usedAt),
        gt(sessionHandovers.expiresAt, now),
      ),
    );
  return row;
}

/** Uses the code; false when another request used it first or it ran out meanwhile (once only). */
export async function consumeHandover(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(sessionHandovers)
    .set({ usedAt: now })
    .where(
      and(eq(sessionHandovers.id, id), isNull(sessionHandovers.usedAt), gt(sessionHandovers.expiresAt, now)),
    )
    .returning({ id: sessionHandovers.id });
  return rows.length === 1;
}

/** Deletes up to `limit` hand-over codes used or run out before `before` (one statement, by expiry). */
export async function deleteEndedHandovers(db: Database, before: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(sessionHandovers)
    .where(
      oldestUnlocked(
        sessionHandovers.id,
        sessionHandovers.expiresAt,
        lt(sessionHandovers.expiresAt, before),
        limit,
      ),
    )
    .returning({ id: sessionHandovers.id });
  return rows.length;
}

/** Replaces the venues a venue-scoped staff user may change. */
export async function replaceStaffVenues(
  db: Database,
  userId: number,
  venueIds: readonly number[],
): Promise<void> {
  await db.delete(staffVenues).where(eq(staffVenues.userId, userId));
  if (venueIds.length) {
    await db.insert(staffVenues).values([...new Set(venueIds)].map((venueId) => ({ userId, venueId })));
  }
}

/** The venues each of these staff users may change, by user id. */
export async function findStaffVenueIds(
  db: Database,
  userIds: readonly number[],
): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(staffVenues)
    .where(inArray(staffVenues.userId, [...userIds]))
    .orderBy(staffVenues.userId, staffVenues.venueId);
  for (const row of rows) byUser.get(row.userId)?.push(row.venueId);
  return byUser;
}
