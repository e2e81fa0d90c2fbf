import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  activities,
  membershipBenefits,
  membershipCategories,
  membershipPaymentOptions,
  membershipPromotions,
  membershipQuestions,
  memberships,
  membershipTypeCategories,
  membershipTypes,
  membershipTypeVenues,
  users,
  venues,
} from '../../db/schema';

export type MembershipTypeRow = typeof membershipTypes.$inferSelect;
export type PaymentOptionRow = typeof membershipPaymentOptions.$inferSelect;
export type BenefitRow = typeof membershipBenefits.$inferSelect;
export type QuestionRow = typeof membershipQuestions.$inferSelect;
export type PromotionRow = typeof membershipPromotions.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;
export type VenueRow = typeof venues.$inferSelect;

export async function listVenuesOfClient(db: Database, clientId: number): Promise<VenueRow[]> {
  return db.select().from(venues).where(eq(venues.clientId, clientId)).orderBy(asc(venues.name));
}

export async function findVenueOfClient(db: Database, clientId: number, venueId: number) {
  const rows = await db
    .select()
    .from(venues)
    .where(and(eq(venues.clientId, clientId), eq(venues.id, venueId)))
    .limit(1);
  return rows[0];
}

/** Active types that can be bought at a venue (sold there), in display order. */
export async function listTypesSoldAt(
  db: Database,
  clientId: number,
  venueId: number,
): Promise<MembershipTypeRow[]> {
  return db
    .select({ type: membershipTypes })
    .from(membershipTypes)
    .innerJoin(membershipTypeVenues, eq(membershipTypeVenues.membershipTypeId, membershipTypes.id))
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        eq(membershipTypes.active, true),
        eq(membershipTypeVenues.venueId, venueId),
        eq(membershipTypeVenues.soldHere, true),
      ),
    )
    .orderBy(asc(membershipTypes.position), asc(membershipTypes.id))
    .then((rows) => rows.map((row) => row.type));
}

export async function findType(
  db: Database,
  clientId: number,
  typeId: number,
): Promise<MembershipTypeRow | undefined> {
  const rows = await db
    .select()
    .from(membershipTypes)
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        eq(membershipTypes.id, typeId),
        eq(membershipTypes.active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function isTypeSoldAt(db: Database, typeId: number, venueId: number): Promise<boolean> {
  const rows = await db
    .select({ venueId: membershipTypeVenues.venueId })
    .from(membershipTypeVenues)
    .where(
      and(
        eq(membershipTypeVenues.membershipTypeId, typeId),
        eq(membershipTypeVenues.venueId, venueId),
        eq(membershipTypeVenues.soldHere, true),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function listCategoriesOfTypes(db: Database, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  return db
    .select({
      typeId: membershipTypeCategories.membershipTypeId,
      id: membershipCategories.id,
      name: membershipCategories.name,
    })
    .from(membershipTypeCategories)
    .innerJoin(membershipCategories, eq(membershipCategories.id, membershipTypeCategories.categoryId))
    .where(inArray(membershipTypeCategories.membershipTypeId, typeIds))
    .orderBy(asc(membershipCategories.position), asc(membershipCategories.id));
}

export async function listAccessOfTypes(db: Database, typeIds: number[]) {
  if (typeIds.length === 0) return [];
  return db
    .select({ typeId: membershipTypeVenues.membershipTypeId, id: venues.id, name: venues.name })
    .from(membershipTypeVenues)
    .innerJoin(venues, eq(venues.id, membershipTypeVenues.venueId))
    .where(inArray(membershipTypeVenues.membershipTypeId, typeIds))
    .orderBy(asc(venues.name));
}

export async function listBenefitsOfTypes(db: Database, typeIds: number[]): Promise<BenefitRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(membershipBenefits)
    .where(inArray(membershipBenefits.membershipTypeId, typeIds))
    .orderBy(asc(membershipBenefits.position), asc(membershipBenefits.id));
}

export async function listOptionsOfTypes(db: Database, typeIds: number[]): Promise<PaymentOptionRow[]> {
  if (typeIds.length === 0) return [];
  return db
    .select()
    .from(membershipPaymentOptions)
    .where(
      and(
        inArray(membershipPaymentOptions.membershipTypeId, typeIds),
        eq(membershipPaymentOptions.active, true),
      ),
    )
    .orderBy(asc(membershipPaymentOptions.position), asc(membershipPaymentOptions.id));
}

/** An active option with its type, both of this operator. */
export async function findOption(db: Database, clientId: number, optionId: number) {
  const rows = await db
    .select({ option: membershipPaymentOptions, type: membershipTypes })
    .from(membershipPaymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, membershipPaymentOptions.membershipTypeId))
    .where(
      and(
        eq(membershipPaymentOptions.id, optionId),
        eq(membershipPaymentOptions.active, true),
        eq(membershipTypes.clientId, clientId),
        eq(membershipTypes.active, true),
      ),
    )
    .limit(1);
  return rows[0];
}

export async function listQuestionsOfType(db: Database, typeId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(membershipQuestions)
    .where(eq(membershipQuestions.membershipTypeId, typeId))
    .orderBy(asc(membershipQuestions.position), asc(membershipQuestions.id));
}

export async function findPromotionByCode(db: Database, clientId: number, code: string) {
  const rows = await db
    .select()
    .from(membershipPromotions)
    .where(
      and(
        eq(membershipPromotions.clientId, clientId),
        sql`upper(${membershipPromotions.code}) = upper(${code})`,
      ),
    )
    .limit(1);
  return rows[0];
}

export async function findPromotion(
  db: Database,
  clientId: number,
  id: number,
): Promise<PromotionRow | undefined> {
  const rows = await db
    .select()
    .from(membershipPromotions)
    .where(and(eq(membershipPromotions.clientId, clientId), eq(membershipPromotions.id, id)))
    .limit(1);
  return rows[0];
}

export async function listPromotionsOfClient(db: Database, clientId: number): Promise<PromotionRow[]> {
  return db.select().from(membershipPromotions).where(eq(membershipPromotions.clientId, clientId));
}

/**
 * Takes one use of a promotion if any are left (a conditional UPDATE: two replicas cannot both take
 * the last use). False when it is exhausted.
 */
export async function takePromotionUse(db: Database, promotionId: number): Promise<boolean> {
  const rows = await db
    .update(membershipPromotions)
    .set({ usedCount: sql`${membershipPromotions.usedCount} + 1` })
    .where(
      and(
        eq(membershipPromotions.id, promotionId),
        sql`(${membershipPromotions.usageLimit} is null or ${membershipPromotions.usedCount} < ${membershipPromotions.usageLimit})`,
      ),
    )
    .returning({ id: membershipPromotions.id });
  return rows.length > 0;
}

export async function listLiveMembershipsOfUser(db: Database, userId: number): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.status, ['pending', 'active'])))
    .orderBy(asc(memberships.id));
}

export async function findMembership(
  db: Database,
  clientId: number,
  id: number,
): Promise<MembershipRow | undefined> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.clientId, clientId), eq(memberships.id, id)))
    .limit(1);
  return rows[0];
}

export async function insertMembership(db: Database, values: NewMembershipRow): Promise<MembershipRow> {
  const rows = await db.insert(memberships).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('memberships insert returned no row');
  return row;
}

export async function updateMembership(
  db: Database,
  id: number,
  values: Partial<NewMembershipRow>,
): Promise<MembershipRow | undefined> {
  const rows = await db.update(memberships).set(values).where(eq(memberships.id, id)).returning();
  return rows[0];
}

// ---- Factories (seed and tests) -----------------------------------------------------------------------

export async function insertCategory(db: Database, values: typeof membershipCategories.$inferInsert) {
  const rows = await db.insert(membershipCategories).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_categories insert returned no row');
  return row;
}

export async function insertType(db: Database, values: typeof membershipTypes.$inferInsert) {
  const rows = await db.insert(membershipTypes).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_types insert returned no row');
  return row;
}

export async function insertTypeLinks(
  db: Database,
  categories: (typeof membershipTypeCategories.$inferInsert)[],
  access: (typeof membershipTypeVenues.$inferInsert)[],
) {
  if (categories.length > 0) await db.insert(membershipTypeCategories).values(categories);
  if (access.length > 0) await db.insert(membershipTypeVenues).values(access);
}

export async function insertBenefits(db: Database, values: (typeof membershipBenefits.$inferInsert)[]) {
  if (values.length > 0) await db.insert(membershipBenefits).values(values);
}

export async function insertOptions(db: Database, values: (typeof membershipPaymentOptions.$inferInsert)[]) {
  if (values.length === 0) return [];
  return db.insert(membershipPaymentOptions).values(values).returning();
}

export async function insertQuestions(db: Database, values: (typeof membershipQuestions.$inferInsert)[]) {
  if (values.length > 0) await db.insert(membershipQuestions).values(values);
}

export async function insertPromotion(db: Database, values: typeof membershipPromotions.$inferInsert) {
  const rows = await db.insert(membershipPromotions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_promotions insert returned no row');
  return row;
}

/** An activity of the operator by slug (benefits name the activities they make free or cheaper). */
export async function findActivityIdBySlug(
  db: Database,
  clientId: number,
  slug: string,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.clientId, clientId), eq(activities.slug, slug)))
    .limit(1);
  return rows[0]?.id;
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

export async function findPaymentOption(db: Database, id: number): Promise<PaymentOptionRow | undefined> {
  const rows = await db
    .select()
    .from(membershipPaymentOptions)
    .where(eq(membershipPaymentOptions.id, id))
    .limit(1);
  return rows[0];
}

export async function findTypeById(db: Database, id: number): Promise<MembershipTypeRow | undefined> {
  const rows = await db.select().from(membershipTypes).where(eq(membershipTypes.id, id)).limit(1);
  return rows[0];
}

export async function findUserById(db: Database, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

export async function findMembershipById(db: Database, id: number): Promise<MembershipRow | undefined> {
  const rows = await db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
  return rows[0];
}

export async function findPromotionById(db: Database, id: number): Promise<PromotionRow | undefined> {
  const rows = await db.select().from(membershipPromotions).where(eq(membershipPromotions.id, id)).limit(1);
  return rows[0];
}

/** Gives back a use of a promotion (its membership was replaced before it was paid). */
export async function returnPromotionUse(db: Database, promotionId: number): Promise<void> {
  await db
    .update(membershipPromotions)
    .set({ usedCount: sql`greatest(${membershipPromotions.usedCount} - 1, 0)` })
    .where(eq(membershipPromotions.id, promotionId));
}
