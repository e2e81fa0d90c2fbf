import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uploads, users, waiverSignatures, waivers } from '../../db/schema';

export type WaiverRow = typeof waivers.$inferSelect;
export type WaiverSignatureRow = typeof waiverSignatures.$inferSelect;
export type UploadRow = typeof uploads.$inferSelect;

// ---- Profile photo ----------------------------------------------------------------------------

/** The user's photo upload id, with the user row locked until the transaction ends. */
export async function lockUserPhoto(db: Database, userId: number): Promise<{ uploadId: number | null }> {
  const [row] = await db
    .select({ uploadId: users.profilePhotoUploadId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!row) throw new Error('user not found');
  return row;
}

export async function findPhotoUpload(db: Database, userId: number): Promise<UploadRow | null> {
  const [row] = await db
    .select({ upload: uploads })
    .from(users)
    .innerJoin(uploads, and(eq(uploads.id, users.profilePhotoUploadId), eq(uploads.userId, users.id)))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.upload ?? null;
}

// ---- Waivers ----------------------------------------------------------------------------------

export interface WaiverWithSignature {
  waiver: WaiverRow;
  signature: WaiverSignatureRow | null;
}

/** The operator's active waivers, each with this user's signature (if any). */
export async function listWaiversWithSignatures(
  db: Database,
  clientId: number,
  userId: number,
): Promise<WaiverWithSignature[]> {
  return db
    .select({ waiver: waivers, signature: waiverSignatures })
    .from(waivers)
    .leftJoin(
      waiverSignatures,
      and(eq(waiverSignatures.waiverId, waivers.id), eq(waiverSignatures.userId, userId)),
    )
    .where(and(eq(waivers.clientId, clientId), eq(waivers.active, true)))
    .orderBy(asc(waivers.restrictionType), asc(waivers.restrictionName), asc(waivers.title), asc(waivers.id));
}

export async function findWaiverWithSignature(
  db: Database,
  clientId: number,
  userId: number,
  slug: string,
): Promise<WaiverWithSignature | null> {
  const [row] = await db
    .select({ waiver: waivers, signature: waiverSignatures })
    .from(waivers)
    .leftJoin(
      waiverSignatures,
      and(eq(waiverSignatures.waiverId, waivers.id), eq(waiverSignatures.userId, userId)),
    )
    .where(and(eq(waivers.clientId, clientId), eq(waivers.slug, slug), eq(waivers.active, true)))
    .limit(1);
  return row ?? null;
}

export interface UserPhotoFields {
  role: string;
  clientId: number;
  profilePhotoUploadId: number | null;
  profilePhotoReminderDismissedAt: Date | null;
}

export async function findUserPhotoFields(db: Database, userId: number): Promise<UserPhotoFields | null> {
  const [row] = await db
    .select({
      role: users.role,
      clientId: users.clientId,
      profilePhotoUploadId: users.profilePhotoUploadId,
      profilePhotoReminderDismissedAt: users.profilePhotoReminderDismissedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}
