import { and, asc, eq, gte, inArray, lt, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { firstUnlocked } from '../../db/locks';
import { anyOf, preparedPerDatabase } from '../../db/prepared';
import {
  directDebitBankDetails,
  directDebitCollections,
  directDebitMandates,
  directDebitSchedules,
  users,
} from '../../db/schema';

export type BankDetailsRow = typeof directDebitBankDetails.$inferSelect;
export type NewBankDetailsRow = typeof directDebitBankDetails.$inferInsert;
export type MandateRow = typeof directDebitMandates.$inferSelect;
export type NewMandateRow = typeof directDebitMandates.$inferInsert;
export type ScheduleRow = typeof directDebitSchedules.$inferSelect;
export type NewScheduleRow = typeof directDebitSchedules.$inferInsert;
export type CollectionRow = typeof directDebitCollections.$inferSelect;
export type NewCollectionRow = typeof directDebitCollections.$inferInsert;

/** Who a mandate is for, as the provider is told: the customer's reference and email. */
export async function findMandateCustomer(
  db: Database,
  userId: number,
): Promise<{ id: number; reference: string | null; email: string } | undefined> {
  const [row] = await db
    .select({ id: users.id, reference: users.reference, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Mandates that count as the customer's instruction. */
const liveMandateStatuses: MandateRow['status'][] = ['pending_submission', 'submitted', 'active'];

// ---- Rate limiting (the auth_attempts table, kind `direct_debit_validate`) ---------------------

// ---- Validated bank details --------------------------------------------------------------------

export async function insertBankDetails(db: Database, values: NewBankDetailsRow): Promise<BankDetailsRow> {
  const [row] = await db.insert(directDebitBankDetails).values(values).returning();
  if (!row) throw new Error('bank details not inserted');
  return row;
}

/** Forgets a customer's earlier validated details (only the latest can become a mandate). */
export async function deleteUserBankDetails(db: Database, userId: number): Promise<void> {
  await db.delete(directDebitBankDetails).where(eq(directDebitBankDetails.userId, userId));
}

export async function findLiveBankDetails(
  db: Database,
  tokenHash: string,
  userId: number,
  now: Date,
): Promise<BankDetailsRow | undefined> {
  const [row] = await db
    .select()
    .from(directDebitBankDetails)
    .where(
      and(
        eq(directDebitBankDetails.tokenHash, tokenHash),
        eq(directDebitBankDetails.userId, userId),
        gte(directDebitBankDetails.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Takes (deletes and answers) live details: of two concurrent takers only one gets the row. In a
 * transaction that later fails, the row comes back.
 */
export async function takeLiveBankDetails(
  db: Database,
  tokenHash: string,
  userId: number,
  now: Date,
): Promise<BankDetailsRow | undefined> {
  const [row] = await db
    .delete(directDebitBankDetails)
    .where(
      and(
        eq(directDebitBankDetails.tokenHash, tokenHash),
        eq(directDebitBankDetails.userId, userId),
        gte(directDebitBankDetails.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function deleteExpiredBankDetails(db: Database, now: Date): Promise<number> {
  const rows = await db
    .delete(directDebitBankDetails)
    .where(lt(directDebitBankDetails.expiresAt, now))
    .returning({ id: directDebitBankDetails.id });
  return rows.length;
}

// ---- Mandates ----------------------------------------------------------------------------------

export async function insertMandate(db: Database, values: NewMandateRow): Promise<MandateRow> {
  const [row] = await db.insert(directDebitMandates).values(values).returning();
  if (!row) throw new Error('mandate not inserted');
  return row;
}

// Prepared: GET auth/user asks on every dashboard load.
const liveMandateStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(directDebitMandates)
    .where(
      and(
        eq(directDebitMandates.userId, sql.placeholder('userId')),
        inArray(directDebitMandates.status, liveMandateStatuses),
      ),
    )
    .orderBy(sql`${directDebitMandates.id} desc`)
    .limit(1)
    .prepare('live_mandate_of_user'),
);

/** The customer's newest live mandate (their instruction), if any. */
export async function findLiveMandate(db: Database, userId: number): Promise<MandateRow | undefined> {
  const [row] = await liveMandateStatement(db).execute({ userId });
  return row;
}

/**
 * Mandates the bank is still processing, oldest first; those another replica is syncing are skipped
 * (a job's claim, decision 029).
 */
export async function listMandatesInProgress(db: Database, limit: number): Promise<MandateRow[]> {
  const inProgress = inArray(directDebitMandates.status, ['pending_submission', 'submitted']).inlineParams();
  return db
    .select()
    .from(directDebitMandates)
    .where(firstUnlocked(directDebitMandates.id, inProgress, limit))
    .orderBy(asc(directDebitMandates.id));
}

/** Moves a mandate on from `from` (a no-op when another replica already did). */
export async function updateMandateStatus(
  db: Database,
  id: number,
  from: MandateRow['status'],
  to: MandateRow['status'],
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(directDebitMandates)
    .set({ status: to, updatedAt: now, ...(to === 'cancelled' ? { cancelledAt: now } : {}) })
    .where(and(eq(directDebitMandates.id, id), eq(directDebitMandates.status, from)))
    .returning({ id: directDebitMandates.id });
  return rows.length > 0;
}

// ---- Schedules and collections -----------------------------------------------------------------

export async function insertSchedule(db: Database, values: NewScheduleRow): Promise<ScheduleRow> {
  const [row] = await db.insert(directDebitSchedules).values(values).returning();
  if (!row) throw new Error('schedule not inserted');
  return row;
}

export async function findActiveScheduleOfMembership(
  db: Database,
  membershipId: number,
): Promise<ScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(directDebitSchedules)
    .where(
      and(eq(directDebitSchedules.membershipId, membershipId), eq(directDebitSchedules.status, 'active')),
    )
    .limit(1);
  return row;
}

/** The billing day of the customer's active schedules on a live mandate (the newest), if any. */
export async function findBillingDay(db: Database, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ billingDay: directDebitSchedules.billingDay })
    .from(directDebitSchedules)
    .innerJoin(directDebitMandates, eq(directDebitMandates.id, directDebitSchedules.mandateId))
    .where(
      and(
        eq(directDebitSchedules.userId, userId),
        eq(directDebitSchedules.status, 'active'),
        inArray(directDebitMandates.status, liveMandateStatuses),
      ),
    )
    .orderBy(sql`${directDebitSchedules.id} desc`)
    .limit(1);
  return row?.billingDay;
}

export async function cancelSchedule(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(directDebitSchedules)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(eq(directDebitSchedules.id, id));
  await db
    .update(directDebitCollections)
    .set({ status: 'cancelled' })
    .where(and(eq(directDebitCollections.scheduleId, id), eq(directDebitCollections.status, 'scheduled')));
}

/**
 * A membership cancelled with notice: its schedule takes no collection after `lastChargeDate` (the
 * collections job inserts no later month) and scheduled collections after it are cancelled.
 */
export async function limitSchedulesOfMembership(
  db: Database,
  membershipId: number,
  lastChargeDate: string,
): Promise<void> {
  const schedules = await db
    .update(directDebitSchedules)
    .set({ lastChargeDate })
    .where(
      and(eq(directDebitSchedules.membershipId, membershipId), eq(directDebitSchedules.status, 'active')),
    )
    .returning({ id: directDebitSchedules.id });
  if (schedules.length === 0) return;
  await db
    .update(directDebitCollections)
    .set({ status: 'cancelled' })
    .where(
      and(
        inArray(
          directDebitCollections.scheduleId,
          schedules.map((row) => row.id),
        ),
        eq(directDebitCollections.status, 'scheduled'),
        sql`${directDebitCollections.chargeDate} > ${lastChargeDate}::date`,
      ),
    );
}

/** Adds a collection unless the schedule already has one on that date (a second job run). */
export async function insertCollection(
  db: Database,
  values: NewCollectionRow,
): Promise<CollectionRow | undefined> {
  const [row] = await db
    .insert(directDebitCollections)
    .values(values)
    .onConflictDoNothing({ target: [directDebitCollections.scheduleId, directDebitCollections.chargeDate] })
    .returning();
  return row;
}

export interface DueCollection {
  collection: CollectionRow;
  schedule: ScheduleRow;
  mandate: MandateRow;
}

/**
 * Locks one scheduled collection charged on or before `until` whose schedule is active, skipping
 * rows another replica has locked: run inside a transaction, it hands each due collection to one
 * job run only. Rows are taken oldest charge date first; `skipIds` are ones this run gave up on.
 */
export async function lockNextDueCollection(
  db: Database,
  until: string,
  skipIds: readonly number[] = [],
): Promise<DueCollection | undefined> {
  const [row] = await db
    .select({
      collection: directDebitCollections,
      schedule: directDebitSchedules,
      mandate: directDebitMandates,
    })
    .from(directDebitCollections)
    .innerJoin(directDebitSchedules, eq(directDebitSchedules.id, directDebitCollections.scheduleId))
    .innerJoin(directDebitMandates, eq(directDebitMandates.id, directDebitCollections.mandateId))
    .where(
      and(
        eq(directDebitCollections.status, 'scheduled'),
        lte(directDebitCollections.chargeDate, until),
        eq(directDebitSchedules.status, 'active'),
        skipIds.length > 0 ? notInArray(directDebitCollections.id, [...skipIds]) : undefined,
      ),
    )
    .orderBy(asc(directDebitCollections.chargeDate), asc(directDebitCollections.id))
    .limit(1)
    .for('update', { of: directDebitCollections, skipLocked: true });
  return row;
}

export async function updateCollection(
  db: Database,
  id: number,
  values: Partial<Pick<CollectionRow, 'status' | 'providerPaymentId' | 'failureReason' | 'submittedAt'>>,
): Promise<void> {
  await db.update(directDebitCollections).set(values).where(eq(directDebitCollections.id, id));
}

/** A schedule's collections not yet submitted, due on or after `from`, locked, latest first (issue 5: freezes). */
export async function lockScheduledCollectionsFrom(
  db: Database,
  scheduleId: number,
  from: string,
): Promise<CollectionRow[]> {
  return db
    .select()
    .from(directDebitCollections)
    .where(
      and(
        eq(directDebitCollections.scheduleId, scheduleId),
        eq(directDebitCollections.status, 'scheduled'),
        gte(directDebitCollections.chargeDate, from),
      ),
    )
    .orderBy(sql`${directDebitCollections.chargeDate} desc`)
    .for('update');
}

export async function moveCollection(db: Database, id: number, chargeDate: string): Promise<void> {
  await db.update(directDebitCollections).set({ chargeDate }).where(eq(directDebitCollections.id, id));
}

/** The next scheduled collection of each membership on an active schedule. */
export async function listNextCollections(
  db: Database,
  membershipIds: number[],
): Promise<{ membershipId: number; chargeDate: string; monthlyAmount: number }[]> {
  if (membershipIds.length === 0) return [];
  const rows = await nextCollectionsStatement(db).execute({ ids: membershipIds });
  return rows.map((row) => ({ ...row, monthlyAmount: Number(row.monthlyAmount) }));
}

// Prepared (ids as one array parameter): the memberships list reads these on every call.
const nextCollectionsStatement = preparedPerDatabase((db) =>
  db
    .select({
      membershipId: directDebitSchedules.membershipId,
      chargeDate: sql<string>`min(${directDebitCollections.chargeDate})`,
      // One active schedule per membership: its monthly amount (a scheduled price change sets it).
      monthlyAmount: sql<number>`max(${directDebitSchedules.amount})`,
    })
    .from(directDebitCollections)
    .innerJoin(directDebitSchedules, eq(directDebitSchedules.id, directDebitCollections.scheduleId))
    .where(
      and(
        anyOf(directDebitSchedules.membershipId, 'ids'),
        eq(directDebitSchedules.status, 'active'),
        eq(directDebitCollections.status, 'scheduled'),
      ),
    )
    .groupBy(directDebitSchedules.membershipId)
    .prepare('next_collections_of'),
);

/** Sets an active schedule's monthly amount (a scheduled price change). */
export async function setScheduleAmount(db: Database, scheduleId: number, amount: number): Promise<void> {
  await db.update(directDebitSchedules).set({ amount }).where(eq(directDebitSchedules.id, scheduleId));
}

/**
 * Sets the amount of a schedule's collections not yet submitted that fall on or after `from`, past
 * its promotion's reduced first collections. Answers how many changed.
 */
export async function setScheduledCollectionsAmountFrom(
  db: Database,
  scheduleId: number,
  from: string,
  afterSequence: number,
  amount: number,
): Promise<number> {
  const rows = await db
    .update(directDebitCollections)
    .set({ amount })
    .where(
      and(
        eq(directDebitCollections.scheduleId, scheduleId),
        eq(directDebitCollections.status, 'scheduled'),
        gte(directDebitCollections.chargeDate, from),
        gte(directDebitCollections.sequence, afterSequence),
      ),
    )
    .returning({ id: directDebitCollections.id });
  return rows.length;
}
