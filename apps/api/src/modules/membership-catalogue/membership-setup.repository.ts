import { and, asc, count, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activities,
  membershipBenefits,
  membershipCategories,
  membershipPaymentOptions,
  memberships,
  membershipTypeCategories,
  membershipTypes,
  membershipTypeVenues,
  venues,
} from '../../db/schema';
import type { BenefitRow, MembershipTypeRow, PaymentOptionRow } from './membership-catalogue.repository';

// The console's writes and reads of the membership catalogue (issue 47): categories, types with their
// links and benefits, payment options.

export type CategoryRow = typeof membershipCategories.$inferSelect;
export type NewBenefit = Omit<typeof membershipBenefits.$inferInsert, 'membershipTypeId' | 'position'>;

/** `%text%` for ILIKE with the pattern characters taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- Categories -------------------------------------------------------------------------------

export async function pageCategories(
  db: Database,
  clientId: number,
  query: { q?: string; limit: number; offset: number },
) {
  const where = and(
    eq(membershipCategories.clientId, clientId),
    query.q ? ilike(membershipCategories.name, containing(query.q)) : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(membershipCategories)
      .where(where)
      .orderBy(asc(membershipCategories.position), asc(membershipCategories.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(membershipCategories).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

export async function findCategory(
  db: Database,
  clientId: number,
  id: number,
): Promise<CategoryRow | undefined> {
  const rows = await db
    .select()
    .from(membershipCategories)
    .where(and(eq(membershipCategories.clientId, clientId), eq(membershipCategories.id, id)))
    .limit(1);
  return rows[0];
}

export async function findCategoryByName(db: Database, clientId: number, name: string) {
  const rows = await db
    .select()
    .from(membershipCategories)
    .where(
      and(
        eq(membershipCategories.clientId, clientId),
        sql`lower(${membershipCategories.name}) = lower(${name})`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function countCategories(db: Database, clientId: number): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(membershipCategories)
    .where(eq(membershipCategories.clientId, clientId));
  return rows[0]?.total ?? 0;
}

export async function updateCategory(db: Database, id: number, values: Partial<CategoryRow>) {
  const rows = await db
    .update(membershipCategories)
    .set(values)
    .where(eq(membershipCategories.id, id))
    .returning();
  return rows[0];
}

export async function deleteCategory(db: Database, id: number): Promise<void> {
  await db.delete(membershipCategories).where(eq(membershipCategories.id, id));
}

export async function countCategoriesOfClient(
  db: Database,
  clientId: number,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ total: count() })
    .from(membershipCategories)
    .where(and(eq(membershipCategories.clientId, clientId), inArray(membershipCategories.id, ids)));
  return rows[0]?.total ?? 0;
}

// ---- Types ------------------------------------------------------------------------------------

export async function pageTypes(
  db: Database,
  clientId: number,
  query: { q?: string; limit: number; offset: number },
) {
  const where = and(
    eq(membershipTypes.clientId, clientId),
    query.q
      ? or(ilike(membershipTypes.name, containing(query.q)), ilike(membershipTypes.slug, containing(query.q)))
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        type: membershipTypes,
        categories: sql<
          string[]
        >`coalesce((select array_agg(${membershipCategories.name} order by ${membershipCategories.position}, ${membershipCategories.id})
          from ${membershipTypeCategories} inner join ${membershipCategories} on ${membershipCategories.id} = ${membershipTypeCategories.categoryId}
          where ${membershipTypeCategories.membershipTypeId} = "membership_types"."id"), '{}')`,
        optionCount: sql<number>`(select count(*) from ${membershipPaymentOptions}
          where ${membershipPaymentOptions.membershipTypeId} = "membership_types"."id" and ${membershipPaymentOptions.active})::int`,
      })
      .from(membershipTypes)
      .where(where)
      .orderBy(asc(membershipTypes.position), asc(membershipTypes.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ total: count() }).from(membershipTypes).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** A type of the operator, active or archived. */
export async function findTypeOfClient(
  db: Database,
  clientId: number,
  id: number,
): Promise<MembershipTypeRow | undefined> {
  const rows = await db
    .select()
    .from(membershipTypes)
    .where(and(eq(membershipTypes.clientId, clientId), eq(membershipTypes.id, id)))
    .limit(1);
  return rows[0];
}

export async function findTypeBySlug(db: Database, clientId: number, slug: string) {
  const rows = await db
    .select({ id: membershipTypes.id })
    .from(membershipTypes)
    .where(and(eq(membershipTypes.clientId, clientId), eq(membershipTypes.slug, slug)))
    .limit(1);
  return rows[0];
}

export async function insertTypeRow(db: Database, values: typeof membershipTypes.$inferInsert) {
  const rows = await db.insert(membershipTypes).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_types insert returned no row');
  return row;
}

export async function updateTypeRow(
  db: Database,
  id: number,
  values: Partial<typeof membershipTypes.$inferInsert>,
) {
  const rows = await db.update(membershipTypes).set(values).where(eq(membershipTypes.id, id)).returning();
  return rows[0];
}

export interface TypeLinks {
  categoryIds: number[];
  soldAt: number[];
  accessOnly: number[];
  benefits: BenefitRow[];
}

export async function findTypeLinks(db: Database, typeId: number): Promise<TypeLinks> {
  const [categories, access, benefits] = await Promise.all([
    db
      .select({ id: membershipTypeCategories.categoryId })
      .from(membershipTypeCategories)
      .innerJoin(membershipCategories, eq(membershipCategories.id, membershipTypeCategories.categoryId))
      .where(eq(membershipTypeCategories.membershipTypeId, typeId))
      .orderBy(asc(membershipCategories.position), asc(membershipCategories.id)),
    db
      .select()
      .from(membershipTypeVenues)
      .where(eq(membershipTypeVenues.membershipTypeId, typeId))
      .orderBy(asc(membershipTypeVenues.venueId)),
    db
      .select()
      .from(membershipBenefits)
      .where(eq(membershipBenefits.membershipTypeId, typeId))
      .orderBy(asc(membershipBenefits.position), asc(membershipBenefits.id)),
  ]);
  return {
    categoryIds: categories.map((c) => c.id),
    soldAt: access.filter((a) => a.soldHere).map((a) => a.venueId),
    accessOnly: access.filter((a) => !a.soldHere).map((a) => a.venueId),
    benefits,
  };
}

export async function replaceTypeCategories(db: Database, typeId: number, categoryIds: number[]) {
  await db.delete(membershipTypeCategories).where(eq(membershipTypeCategories.membershipTypeId, typeId));
  if (categoryIds.length > 0) {
    await db
      .insert(membershipTypeCategories)
      .values(categoryIds.map((categoryId) => ({ membershipTypeId: typeId, categoryId })));
  }
}

export async function replaceTypeVenues(
  db: Database,
  typeId: number,
  soldAt: number[],
  accessOnly: number[],
) {
  await db.delete(membershipTypeVenues).where(eq(membershipTypeVenues.membershipTypeId, typeId));
  const rows = [
    ...soldAt.map((venueId) => ({ membershipTypeId: typeId, venueId, soldHere: true })),
    ...accessOnly
      .filter((id) => !soldAt.includes(id))
      .map((venueId) => ({ membershipTypeId: typeId, venueId, soldHere: false })),
  ];
  if (rows.length > 0) await db.insert(membershipTypeVenues).values(rows);
}

/**
 * Replaces a type's benefits, keeping the ids of those at the same place (members' benefit standings
 * are kept by benefit id): the first n rows are updated in order, the rest inserted or deleted.
 */
export async function replaceTypeBenefits(db: Database, typeId: number, benefits: NewBenefit[]) {
  const existing = await db
    .select({ id: membershipBenefits.id })
    .from(membershipBenefits)
    .where(eq(membershipBenefits.membershipTypeId, typeId))
    .orderBy(asc(membershipBenefits.position), asc(membershipBenefits.id));
  for (const [position, benefit] of benefits.entries()) {
    const keep = existing[position];
    if (keep)
      await db
        .update(membershipBenefits)
        .set({ ...benefit, position })
        .where(eq(membershipBenefits.id, keep.id));
    else await db.insert(membershipBenefits).values({ ...benefit, membershipTypeId: typeId, position });
  }
  const gone = existing.slice(benefits.length).map((row) => row.id);
  if (gone.length > 0) await db.delete(membershipBenefits).where(inArray(membershipBenefits.id, gone));
}

export async function countVenuesOfClient(db: Database, clientId: number, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ total: count() })
    .from(venues)
    .where(and(eq(venues.clientId, clientId), inArray(venues.id, ids)));
  return rows[0]?.total ?? 0;
}

export async function countActivitiesOfClient(
  db: Database,
  clientId: number,
  ids: number[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .select({ total: count() })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), inArray(activities.id, ids)));
  return rows[0]?.total ?? 0;
}

// ---- Payment options --------------------------------------------------------------------------

export async function listOptionsOfType(db: Database, typeId: number): Promise<PaymentOptionRow[]> {
  return db
    .select()
    .from(membershipPaymentOptions)
    .where(eq(membershipPaymentOptions.membershipTypeId, typeId))
    .orderBy(asc(membershipPaymentOptions.position), asc(membershipPaymentOptions.id));
}

/** A payment option with its type, of the operator (active or not). */
export async function findOptionOfClient(db: Database, clientId: number, id: number) {
  const rows = await db
    .select({ option: membershipPaymentOptions, type: membershipTypes })
    .from(membershipPaymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, membershipPaymentOptions.membershipTypeId))
    .where(and(eq(membershipPaymentOptions.id, id), eq(membershipTypes.clientId, clientId)))
    .limit(1);
  return rows[0];
}

export async function insertOptionRow(db: Database, values: typeof membershipPaymentOptions.$inferInsert) {
  const rows = await db.insert(membershipPaymentOptions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_payment_options insert returned no row');
  return row;
}

export async function updateOptionRow(
  db: Database,
  id: number,
  values: Partial<typeof membershipPaymentOptions.$inferInsert>,
) {
  const rows = await db
    .update(membershipPaymentOptions)
    .set(values)
    .where(eq(membershipPaymentOptions.id, id))
    .returning();
  return rows[0];
}

/** Memberships (any state) bought with a payment option. */
export async function countMembershipsOfOption(db: Database, optionId: number): Promise<number> {
  const rows = await db
    .select({ total: count() })
    .from(memberships)
    .where(eq(memberships.paymentOptionId, optionId));
  return rows[0]?.total ?? 0;
}
