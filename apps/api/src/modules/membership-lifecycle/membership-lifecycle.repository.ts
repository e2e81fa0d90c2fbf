import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstUnlocked } from '../../db/locks';
import { anyOf, preparedPerDatabase } from '../../db/prepared';
import {
  clients,
  membershipFreezes,
  membershipPaymentOptions,
  memberships,
  membershipTypes,
  users,
  venues,
} from '../../db/schema';

export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;
export type FreezeRow = typeof membershipFreezes.$inferSelect;

export type MembershipTypeRow = typeof membershipTypes.$inferSelect;
export type PaymentOptionRow = typeof membershipPaymentOptions.$inferSelect;

const openFreezeStatuses: FreezeRow['status'][] = ['pending_approval', 'approved', 'active'];

/**
 * A draft (a membership being bought, docs/decisions/018) is not the member's membership: every read
 * here leaves drafts out, except activation's, which turns a paid draft into the membership.
 */
const notDraft = ne(memberships.status, 'draft');

export async function findMembershipById(db: Database, id: number): Promise<MembershipRow | undefined> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), notDraft))
    .limit(1);
  return rows[0];
}

/** A membership or a draft (activation: the draft its order paid for). */
export async function findMembershipOrDraftById(
  db: Database,
  id: number,
): Promise<MembershipRow | undefined> {
  const rows = await db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
  return rows[0];
}

/** The membership row, locked until the transaction ends (every state change takes this lock first). */
export async function lockMembership(db: Database, id: number): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), notDraft))
    .for('update');
  return row;
}

// ---- A membership with its type, payment option and home venue --------------------------------------------

/** A membership with its type, payment option and home venue. */
export interface MembershipDetailRow {
  membership: MembershipRow;
  type: MembershipTypeRow;
  option: PaymentOptionRow;
  venueName: string | null;
  /** Its home venue's time zone, or the operator's without one (decision 064). */
  timezone: string;
}

/** A membership's time zone: its home venue's, or the operator's without one (decision 064). */
const membershipZone = sql<string>`coalesce(${venues.timezone}, ${clients.timezone})`;

const detailColumns = {
  membership: memberships,
  type: membershipTypes,
  option: membershipPaymentOptions,
  venueName: venues.name,
  timezone: membershipZone,
};

function detailQuery(db: Database) {
  return db
    .select(detailColumns)
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.id, memberships.paymentOptionId))
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .leftJoin(venues, eq(venues.id, memberships.homeVenueId));
}

// Prepared: GET auth/user reads these on every dashboard load.
const membershipDetailsOfUserStatement = preparedPerDatabase((db) =>
  detailQuery(db)
    .where(and(eq(memberships.userId, sql.placeholder('userId')), notDraft))
    .orderBy(asc(memberships.id))
    .prepare('membership_details_of_user'),
);

export async function listMembershipDetailsOfUser(
  db: Database,
  userId: number,
): Promise<MembershipDetailRow[]> {
  return membershipDetailsOfUserStatement(db).execute({ userId });
}

export async function findMembershipDetail(
  db: Database,
  id: number,
): Promise<MembershipDetailRow | undefined> {
  const rows = await detailQuery(db)
    .where(and(eq(memberships.id, id), notDraft))
    .limit(1);
  return rows[0];
}

export async function findUserById(db: Database, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function updateMembership(
  db: Database,
  id: number,
  values: Partial<NewMembershipRow>,
): Promise<MembershipRow | undefined> {
  const rows = await db.update(memberships).set(values).where(eq(memberships.id, id)).returning();
  return rows[0];
}

/**
 * Marks a membership's checkout done, once: only a membership not yet activated is changed, so a
 * repeated completion finds nothing to do (undefined).
 */
export async function markMembershipPaid(
  db: Database,
  id: number,
  values: { status: MembershipRow['status']; orderId: number | null; activatedAt: Date },
): Promise<MembershipRow | undefined> {
  const rows = await db
    .update(memberships)
    .set({ ...values, directDebitToken: null })
    .where(and(eq(memberships.id, id), sql`${memberships.activatedAt} is null`))
    .returning();
  return rows[0];
}

// ---- What the member may do with each membership (membership-options.ts) -------------------------------

export interface MembershipFacts {
  membershipId: number;
  freezable: boolean;
  renewable: boolean;
  changeable: boolean;
  paymentType: 'recurring' | 'fixed';
  timezone: string;
}

// Prepared (ids as one array parameter): the memberships list reads these on every call.
const membershipFactsStatement = preparedPerDatabase((db) =>
  db
    .select({
      membershipId: memberships.id,
      freezable: membershipTypes.freezable,
      renewable: membershipTypes.renewable,
      changeable: membershipTypes.changeable,
      paymentType: membershipPaymentOptions.paymentType,
      timezone: membershipZone,
    })
    .from(memberships)
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.id, memberships.paymentOptionId))
    .innerJoin(clients, eq(clients.id, memberships.clientId))
    .leftJoin(venues, eq(venues.id, memberships.homeVenueId))
    .where(anyOf(memberships.id, 'ids'))
    .prepare('membership_facts'),
);

export async function listMembershipFacts(db: Database, membershipIds: number[]): Promise<MembershipFacts[]> {
  if (membershipIds.length === 0) return [];
  return membershipFactsStatement(db).execute({ ids: membershipIds });
}

const openFreezesStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(membershipFreezes)
    .where(
      and(
        anyOf(membershipFreezes.membershipId, 'ids'),
        inArray(membershipFreezes.status, openFreezeStatuses),
      ),
    )
    .prepare('open_freezes_of'),
);

/** The open (pending, approved or running) freeze of each membership: it decides the freeze and change flags. */
export async function listOpenFreezesOf(db: Database, membershipIds: number[]): Promise<FreezeRow[]> {
  if (membershipIds.length === 0) return [];
  return openFreezesStatement(db).execute({ ids: membershipIds });
}

const liveSuccessorsStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(memberships)
    .where(
      and(
        // Inline: the live successors' indexes are partial on it (decision 029).
        inArray(memberships.status, ['pending', 'active']).inlineParams(),
        sql`(${anyOf(memberships.renewsMembershipId, 'ids')} or ${anyOf(memberships.replacesMembershipId, 'ids')})`,
      ),
    )
    .prepare('live_successors_of'),
);

/** Live (pending or active) renewals and changes that follow on from these memberships. */
export async function listLiveSuccessorsOf(db: Database, membershipIds: number[]): Promise<MembershipRow[]> {
  if (membershipIds.length === 0) return [];
  return liveSuccessorsStatement(db).execute({ ids: membershipIds });
}

// ---- Replaced memberships end ----------------------------------------------------------------------------

/** Renewed or replaced memberships with a paid successor: they end (status expired) after their last day. */
export async function lockNextEndedReplaced(db: Database, today: string): Promise<MembershipRow | undefined> {
  const ended = and(
    // Inline: the ending memberships' index is partial on it (decision 029).
    inArray(memberships.status, ['active', 'frozen']).inlineParams(),
    sql`${memberships.endDate} < ${today}`,
    sql`exists (select 1 from ${memberships} as successor where (successor.replaces_membership_id = ${memberships.id} or successor.renews_membership_id = ${memberships.id}) and successor.status = 'active')`,
  );
  const [row] = await db
    .select()
    .from(memberships)
    .where(firstUnlocked(memberships.id, ended, 1));
  return row;
}

// ---- A membership's state as freezes, cancellations and proof of eligibility change it ---------------

/**
 * A cancellation's columns (state, dates, and the status once it ends), on the membership row the
 * caller has locked.
 */
export async function setCancellation(
  db: Database,
  id: number,
  values: Pick<
    Partial<MembershipRow>,
    | 'status'
    | 'cancellationState'
    | 'cancellationRequestedAt'
    | 'cancelledAt'
    | 'finalDay'
    | 'finalPaymentDate'
    | 'endDate'
  >,
): Promise<void> {
  await db.update(memberships).set(values).where(eq(memberships.id, id));
}

/** A freeze starting ('frozen', a fixed end date moved on) or ending ('active'): the caller holds the row lock. */
export async function setMembershipFrozen(
  db: Database,
  id: number,
  status: 'frozen' | 'active',
  values: Pick<Partial<MembershipRow>, 'endDate'> = {},
): Promise<void> {
  await db
    .update(memberships)
    .set({ ...values, status })
    .where(eq(memberships.id, id));
}

/**
 * The membership's proof state: approving a document clears `requiresDocument` (and may lift a
 * suspension or start a membership that waited); the overdue job suspends. The caller holds the row lock.
 */
export async function setMembershipProofState(
  db: Database,
  id: number,
  values: Pick<Partial<MembershipRow>, 'requiresDocument' | 'status' | 'suspendedForDocument'>,
): Promise<void> {
  await db.update(memberships).set(values).where(eq(memberships.id, id));
}

/** The live (active or frozen) memberships of a payment option, with their member's email and name. */
export async function listLiveMembersOfOption(
  db: Database,
  clientId: number,
  paymentOptionId: number,
): Promise<{ membershipId: number; userId: number; email: string; firstName: string }[]> {
  return db
    .select({
      membershipId: memberships.id,
      userId: memberships.userId,
      email: users.email,
      firstName: users.firstName,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.clientId, clientId),
        eq(memberships.paymentOptionId, paymentOptionId),
        inArray(memberships.status, ['active', 'frozen']),
      ),
    )
    .orderBy(asc(memberships.id));
}
