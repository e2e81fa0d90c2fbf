import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, orderItems, users } from '../../db/schema';
export type MembershipRow = typeof memberships.$inferSelect;
export type NewMembershipRow = typeof memberships.$inferInsert;

export async function findMembershipById(db: Database, id: number): Promise<MembershipRow | undefined> {
  const rows = await db.select().from(memberships).where(eq(memberships.id, id)).limit(1);
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

/** The memberships whose first payment an order holds. */
export async function listOrderedMembershipIds(db: Database, orderId: number): Promise<number[]> {
  const rows = await db
    .select({ membershipId: orderItems.membershipId })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.cartableType, 'membership')));
  return rows.flatMap((row) => (row.membershipId === null ? [] : [row.membershipId]));
}
