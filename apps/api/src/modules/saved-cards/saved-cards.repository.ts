import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type CardBilling, savedCards } from '../../db/schema';

export type SavedCardRow = typeof savedCards.$inferSelect;
export type NewSavedCardRow = typeof savedCards.$inferInsert;

// ---- Saved card ---------------------------------------------------------------------------------------

export async function findSavedCardOf(db: Database, userId: number): Promise<SavedCardRow | undefined> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.userId, userId)).limit(1);
  return row;
}

/** Saves the customer's card, replacing the one saved before. */
export async function upsertSavedCard(db: Database, values: NewSavedCardRow): Promise<void> {
  const { userId: _userId, ...update } = values;
  await db
    .insert(savedCards)
    .values(values)
    .onConflictDoUpdate({ target: savedCards.userId, set: { ...update, updatedAt: new Date() } });
}

/** Replaces the billing details of the customer's own card; answers the row, or undefined. */
export async function updateSavedCardBilling(
  db: Database,
  cardId: number,
  userId: number,
  billing: CardBilling,
): Promise<SavedCardRow | undefined> {
  const [row] = await db
    .update(savedCards)
    .set({ billing, updatedAt: new Date() })
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .returning();
  return row;
}

export async function deleteSavedCard(db: Database, cardId: number, userId: number): Promise<boolean> {
  const rows = await db
    .delete(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, userId)))
    .returning({ id: savedCards.id });
  return rows.length === 1;
}
