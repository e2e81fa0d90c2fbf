import { and, eq, gt, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { staffInvitations, staffMfa, staffRecoveryCodes } from '../../db/schema';

export type StaffMfaRow = typeof staffMfa.$inferSelect;

// ---- The second factor -----------------------------------------------------------------------

export async function findStaffMfa(db: Database, userId: number): Promise<StaffMfaRow | undefined> {
  const [row] = await db.select().from(staffMfa).where(eq(staffMfa.userId, userId));
  return row;
}

/** The users among these whose authenticator is confirmed. */
export async function findEnrolledUserIds(db: Database, userIds: readonly number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: staffMfa.userId })
    .from(staffMfa)
    .where(and(inArray(staffMfa.userId, [...userIds]), isNotNull(staffMfa.secretEncrypted)));
  return new Set(rows.map((row) => row.userId));
}

/** Offers a new secret at enrolment (the confirmed one, if any, stays until the new one is confirmed). */
export async function savePendingSecret(db: Database, userId: number, encrypted: string): Promise<void> {
  await db
    .insert(staffMfa)
    .values({ userId, pendingSecretEncrypted: encrypted })
    .onConflictDoUpdate({
      target: staffMfa.userId,
      set: { pendingSecretEncrypted: encrypted, updatedAt: new Date() },
    });
}

/** The pending secret becomes the user's authenticator; false if another request confirmed it first. */
export async function confirmPendingSecret(
  db: Database,
  userId: number,
  encrypted: string,
  step: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffMfa)
    .set({
      secretEncrypted: encrypted,
      pendingSecretEncrypted: null,
      enrolledAt: now,
      lastUsedStep: step,
      updatedAt: now,
    })
    .where(and(eq(staffMfa.userId, userId), eq(staffMfa.pendingSecretEncrypted, encrypted)))
    .returning({ userId: staffMfa.userId });
  return rows.length === 1;
}

/**
 * Accepts a code of `step`: only when no code of this step or a later one was accepted before (a
 * code works once, and never after a newer one). One statement, so two requests cannot both use it.
 */
export async function useStep(db: Database, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(staffMfa)
    .set({ lastUsedStep: step, updatedAt: new Date() })
    .where(
      and(
        eq(staffMfa.userId, userId),
        isNotNull(staffMfa.secretEncrypted),
        or(isNull(staffMfa.lastUsedStep), lt(staffMfa.lastUsedStep, step)),
      ),
    )
    .returning({ userId: staffMfa.userId });
  return rows.length === 1;
}

/** Forgets the user's authenticator and recovery codes: they enrol again at their next sign-in. */
export async function deleteStaffMfa(db: Database, userId: number): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  await db.delete(staffMfa).where(eq(staffMfa.userId, userId));
}

export async function replaceRecoveryCodes(
  db: Database,
  userId: number,
  codeHashes: readonly string[],
): Promise<void> {
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, userId));
  if (codeHashes.length) {
    await db.insert(staffRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }
}

/** Uses one unused recovery code of the user; false when none matches. */
export async function useRecoveryCode(
  db: Database,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(staffRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffRecoveryCodes.userId, userId),
        eq(staffRecoveryCodes.codeHash, codeHash),
        isNull(staffRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return rows.length > 0;
}

// ---- Invitations -----------------------------------------------------------------------------

export async function insertInvitation(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(staffInvitations).values(values);
}

/** Uses a live invitation (unused, unexpired) once: its user, or undefined. */
export async function consumeInvitation(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(
      and(
        eq(staffInvitations.tokenHash, tokenHash),
        isNull(staffInvitations.usedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning({ userId: staffInvitations.userId });
  return row;
}

/** Ends the user's other invitations (a newer one replaces them; an accepted one ends them all). */
export async function expireInvitations(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(staffInvitations)
    .set({ usedAt: now })
    .where(and(eq(staffInvitations.userId, userId), isNull(staffInvitations.usedAt)));
}
