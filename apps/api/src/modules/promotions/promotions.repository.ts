import { and, count, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membershipPaymentOptions, membershipPromotions, membershipTypes } from '../../db/schema';
export type PromotionRow = typeof membershipPromotions.$inferSelect;

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

export async function findPromotionById(db: Database, id: number): Promise<PromotionRow | undefined> {
  const rows = await db.select().from(membershipPromotions).where(eq(membershipPromotions.id, id)).limit(1);
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

/** Gives back a use of a promotion (its membership was replaced before it was paid). */
export async function returnPromotionUse(db: Database, promotionId: number): Promise<void> {
  await db
    .update(membershipPromotions)
    .set({ usedCount: sql`greatest(${membershipPromotions.usedCount} - 1, 0)` })
    .where(eq(membershipPromotions.id, promotionId));
}

export async function insertPromotion(db: Database, values: typeof membershipPromotions.$inferInsert) {
  const rows = await db.insert(membershipPromotions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_promotions insert returned no row');
  return row;
}

/** An active payment option of an active type of this operator (what a code is checked against). */
export async function findActiveOptionOfClient(
  db: Database,
  clientId: number,
  optionId: number,
): Promise<
  { id: number; paymentType: 'recurring' | 'fixed'; joiningFee: number; baseFee: number } | undefined
> {
  const rows = await db
    .select({
      id: membershipPaymentOptions.id,
      paymentType: membershipPaymentOptions.paymentType,
      joiningFee: membershipPaymentOptions.joiningFee,
      baseFee: membershipPaymentOptions.baseFee,
    })
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

/** A page of the operator's promotions for the console, newest first, searched on code and name. */
export async function pagePromotionsOfClient(
  db: Database,
  clientId: number,
  query: { q?: string | undefined; limit: number; offset: number },
): Promise<{ rows: PromotionRow[]; total: number }> {
  const pattern = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    eq(membershipPromotions.clientId, clientId),
    pattern
      ? or(ilike(membershipPromotions.code, pattern), ilike(membershipPromotions.name, pattern))
      : undefined,
  );
  const rows = await db
    .select()
    .from(membershipPromotions)
    .where(where)
    .orderBy(desc(membershipPromotions.createdAt), desc(membershipPromotions.id))
    .limit(query.limit)
    .offset(query.offset);
  const totals = await db.select({ total: count() }).from(membershipPromotions).where(where);
  return { rows, total: Number(totals[0]?.total ?? 0) };
}

/** Changes a promotion's set-up (the console); answers the row after, or undefined when it is gone. */
export async function updatePromotion(
  db: Database,
  id: number,
  values: Partial<typeof membershipPromotions.$inferInsert>,
): Promise<PromotionRow | undefined> {
  const rows = await db
    .update(membershipPromotions)
    .set(values)
    .where(eq(membershipPromotions.id, id))
    .returning();
  return rows[0];
}

/** The promotion's row, locked for a change in this transaction. */
export async function lockPromotion(
  db: Database,
  clientId: number,
  id: number,
): Promise<PromotionRow | undefined> {
  const rows = await db
    .select()
    .from(membershipPromotions)
    .where(and(eq(membershipPromotions.clientId, clientId), eq(membershipPromotions.id, id)))
    .for('update')
    .limit(1);
  return rows[0];
}

/** The operator's active payment options of active types (what a promotion can be limited to). */
export async function listActiveOptionsOfClient(db: Database, clientId: number) {
  return db
    .select({
      id: membershipPaymentOptions.id,
      name: membershipPaymentOptions.name,
      membershipTypeName: membershipTypes.name,
      paymentType: membershipPaymentOptions.paymentType,
      baseFee: membershipPaymentOptions.baseFee,
      joiningFee: membershipPaymentOptions.joiningFee,
    })
    .from(membershipPaymentOptions)
    .innerJoin(membershipTypes, eq(membershipTypes.id, membershipPaymentOptions.membershipTypeId))
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        eq(membershipTypes.active, true),
        eq(membershipPaymentOptions.active, true),
      ),
    )
    .orderBy(
      membershipTypes.position,
      membershipTypes.id,
      membershipPaymentOptions.position,
      membershipPaymentOptions.id,
    );
}
