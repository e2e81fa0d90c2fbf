import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { waiverSignatures, waivers } from '../../db/schema';

export type WaiverRow = typeof waivers.$inferSelect;

export async function listActivityWaivers(db: Database, activityIds: number[]): Promise<WaiverRow[]> {
  if (activityIds.length === 0) return [];
  return db
    .select()
    .from(waivers)
    .where(and(inArray(waivers.activityId, activityIds), eq(waivers.active, true)))
    .orderBy(asc(waivers.id));
}

export async function listSignedWaivers(
  db: Database,
  userIds: number[],
  waiverIds: number[],
): Promise<{ waiverId: number; userId: number }[]> {
  if (userIds.length === 0 || waiverIds.length === 0) return [];
  return db
    .select({ waiverId: waiverSignatures.waiverId, userId: waiverSignatures.userId })
    .from(waiverSignatures)
    .where(
      and(
        inArray(waiverSignatures.userId, userIds),
        inArray(waiverSignatures.waiverId, waiverIds),
        // A signature that has run out must be given again (issue 5: waivers with a validity).
        sql`(${waiverSignatures.expiresAt} is null or ${waiverSignatures.expiresAt} > now())`,
      ),
    );
}

export async function insertWaiverSignatures(
  db: Database,
  rows: { waiverId: number; userId: number }[],
): Promise<void> {
  if (rows.length === 0) return;
  // Each lasts its waiver's validity from now; a signature that has run out is renewed, a live
  // one is kept as it is.
  await db
    .insert(waiverSignatures)
    .values(
      rows.map((row) => ({
        ...row,
        expiresAt: sql`(select now() + w.validity_days * interval '1 day' from waivers w where w.id = ${row.waiverId})`,
      })),
    )
    .onConflictDoUpdate({
      target: [waiverSignatures.waiverId, waiverSignatures.userId],
      set: { signedAt: sql`now()`, expiresAt: sql`excluded.expires_at`, answers: {} },
      setWhere: sql`${waiverSignatures.expiresAt} is not null and ${waiverSignatures.expiresAt} <= now()`,
    });
}

export async function insertWaiver(db: Database, values: typeof waivers.$inferInsert): Promise<WaiverRow> {
  const [row] = await db.insert(waivers).values(values).returning();
  if (!row) throw new Error('waiver insert returned no row');
  return row;
}

// ---- My-account signatures and the seed's waivers (documents/) ------------------------------------

/**
 * Records a signature, or renews one that has run out. A live signature is left as it is, so a
 * double click or a second tab keeps one live signature (the unique (waiver, user) index and the
 * conditional update decide, not a read before the write).
 */
export async function upsertSignature(
  db: Database,
  values: {
    waiverId: number;
    userId: number;
    signedAt: Date;
    expiresAt: Date | null;
    answers: Record<string, string>;
    attendeeName: string;
  },
): Promise<void> {
  await db
    .insert(waiverSignatures)
    .values(values)
    .onConflictDoUpdate({
      target: [waiverSignatures.waiverId, waiverSignatures.userId],
      set: {
        signedAt: values.signedAt,
        expiresAt: values.expiresAt,
        answers: values.answers,
        attendeeName: values.attendeeName,
      },
      setWhere: sql`${waiverSignatures.expiresAt} is not null and ${waiverSignatures.expiresAt} <= ${values.signedAt.toISOString()}::timestamptz`,
    });
}

export async function insertWaiverRow(db: Database, values: typeof waivers.$inferInsert): Promise<WaiverRow> {
  const [row] = await db.insert(waivers).values(values).returning();
  if (!row) throw new Error('waiver insert returned no row');
  return row;
}

export async function insertSignatureRow(
  db: Database,
  values: typeof waiverSignatures.$inferInsert,
): Promise<void> {
  await db.insert(waiverSignatures).values(values);
}
