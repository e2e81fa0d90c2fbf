import { and, asc, count, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { oldestUnlocked } from '../../db/locks';
import {
  emailVerificationTokens,
  membershipUsers,
  passwordResetTokens,
  type sessions,
  termsAcceptances,
  users,
} from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type SessionRow = typeof sessions.$inferSelect;
export type AttemptKind = 'login' | 'password_reset' | 'direct_debit_validate';

// ---- Users ---------------------------------------------------------------------------------------

export async function insertUser(db: Database, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned nothing');
  return row;
}

export async function updateUser(db: Database, id: number, values: Partial<NewUserRow>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished during an update`);
  return row;
}

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

/** Every account of the client with this email, oldest first (family accounts may share one). */
export async function findUsersByEmail(db: Database, clientId: number, email: string): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .orderBy(asc(users.id));
}

/** The operator's oldest customer account with this email. */
export async function findCustomerIdByEmail(
  db: Database,
  clientId: number,
  email: string,
): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.clientId, clientId), eq(users.email, email.toLowerCase()), eq(users.role, 'customer')),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return row?.id;
}

export async function findUserByReference(
  db: Database,
  clientId: number,
  reference: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), sql`upper(${users.reference}) = ${reference.toUpperCase()}`));
  return row;
}

/** True when another account of the client already uses this email. */
export async function emailTakenByOther(
  db: Database,
  clientId: number,
  email: string,
  exceptUserId?: number,
): Promise<boolean> {
  const conditions = [eq(users.clientId, clientId), sql`lower(${users.email}) = ${email.toLowerCase()}`];
  if (exceptUserId !== undefined) conditions.push(ne(users.id, exceptUserId));
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(...conditions));
  return (row?.n ?? 0) > 0;
}

/** The next customer number, e.g. RL000124: the database sequence keeps replicas from colliding. */
/**
 * Holds, until the transaction ends, the right to create an account with this address, so that
 * two registrations of one new address at once create one account.
 */
export async function lockEmailForRegistration(db: Database, clientId: number, email: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(44003, hashtext(${`${clientId}:${email}`}))`);
}

export async function nextCustomerNumber(db: Database): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`select nextval('customer_reference_seq') as n`);
  const rows = Array.isArray(result) ? result : (result as { rows: { n: string }[] }).rows;
  return Number(rows[0]?.n);
}

export async function insertMembershipUser(db: Database, userId: number): Promise<{ id: number }> {
  const [row] = await db.insert(membershipUsers).values({ userId }).returning({ id: membershipUsers.id });
  if (!row) throw new Error('insert into membership_users returned nothing');
  return row;
}

export async function insertTermsAcceptances(
  db: Database,
  userId: number,
  termIds: number[],
  context: string,
): Promise<void> {
  if (termIds.length === 0) return;
  await db.insert(termsAcceptances).values(termIds.map((termId) => ({ userId, termId, context })));
}

/** Whether anyone has accepted these terms (the console then keeps their text as it was: issue 47). */
export async function anyTermsAcceptance(db: Database, termId: number): Promise<boolean> {
  const rows = await db
    .select({ id: termsAcceptances.id })
    .from(termsAcceptances)
    .where(eq(termsAcceptances.termId, termId))
    .limit(1);
  return rows.length > 0;
}

// ---- Password reset tokens -----------------------------------------------------------------------

export async function insertResetToken(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

export async function findLiveResetToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    );
  return row;
}

/** Marks the token used; false when another request used it first (the link works once). */
export async function consumeResetToken(db: Database, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** A new password makes every other outstanding link for the user useless. */
export async function expireUserResetTokens(db: Database, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

// ---- Production start-up audit -------------------------------------------------------------------

/**
 * The accounts that could still carry a demo password: every staff user, and every user at the
 * demo's reserved domain (example.com, which no real person's address uses).
 */
export async function findAccountsToAuditForDemoPasswords(
  db: Database,
): Promise<{ id: number; role: string; passwordHash: string }[]> {
  return db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash })
    .from(users)
    .where(sql`${users.role} <> 'customer' or lower(${users.email}) like '%@example.com'`);
}

// ---- Email verification --------------------------------------------------------------------------

export async function insertEmailVerificationToken(
  db: Database,
  values: { userId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailVerificationTokens).values(values);
}

/**
 * Uses a live verification token (unused, unexpired) and stamps its account's `email_verified_at`
 * (kept when already set), in one step; the user id, or undefined when the link is unknown, used or
 * expired.
 */
export async function useEmailVerificationToken(
  db: Database,
  tokenHash: string,
  now: Date,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, tokenHash),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!row) return undefined;
    await tx
      .update(users)
      .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})` })
      .where(eq(users.id, row.userId));
    return row.userId;
  });
}

/** Deletes up to `limit` reset tokens used, or run out before `now` (neither opens anything again). */
export async function deleteSpentResetTokens(db: Database, now: Date, limit: number): Promise<number> {
  let deleted = 0;
  // Two statements, each along its own index.
  for (const [by, spent] of [
    [passwordResetTokens.usedAt, isNotNull(passwordResetTokens.usedAt)],
    [passwordResetTokens.expiresAt, lt(passwordResetTokens.expiresAt, now)],
  ] as const) {
    const rows = await db
      .delete(passwordResetTokens)
      .where(oldestUnlocked(passwordResetTokens.id, by, spent, limit))
      .returning({ id: passwordResetTokens.id });
    deleted += rows.length;
  }
  return deleted;
}

/** Deletes up to `limit` email verification links run out before `now` (used ones run out too). */
export async function deleteSpentVerificationTokens(db: Database, now: Date, limit: number): Promise<number> {
  const rows = await db
    .delete(emailVerificationTokens)
    .where(
      oldestUnlocked(
        emailVerificationTokens.id,
        emailVerificationTokens.expiresAt,
        lt(emailVerificationTokens.expiresAt, now),
        limit,
      ),
    )
    .returning({ id: emailVerificationTokens.id });
  return rows.length;
}

// ---- The member's photo (my-account documents) ---------------------------------------------------

export async function setUserPhoto(db: Database, userId: number, uploadId: number | null): Promise<void> {
  await db.update(users).set({ profilePhotoUploadId: uploadId }).where(eq(users.id, userId));
}

export async function setPhotoReminderDismissed(db: Database, userId: number, at: Date): Promise<void> {
  await db.update(users).set({ profilePhotoReminderDismissedAt: at }).where(eq(users.id, userId));
}

// ---- Staff accounts (the console's staff users, modules/staff) ------------------------------------

/** A page of the operator's staff users (every role but customer), searched by name or email, by id. */
export async function findStaffUsersPage(
  db: Database,
  clientId: number,
  query: { search?: string; limit: number; offset: number },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions = [eq(users.clientId, clientId), ne(users.role, 'customer')];
  for (const word of (query.search ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const pattern = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(${users.email} ilike ${pattern} or ${users.firstName} ilike ${pattern} or ${users.lastName} ilike ${pattern})`,
    );
  }
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db.select().from(users).where(where).orderBy(asc(users.id)).limit(query.limit).offset(query.offset),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The active (not disabled, not merely invited) administrators of the operator, locked for the change. */
export async function lockActiveAdministrators(db: Database, clientId: number): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.role, 'administrator'),
        isNull(users.disabledAt),
        isNull(users.invitedAt),
      ),
    )
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** A user of the operator locked for a change (staff user changes run one at a time per user). */
export async function lockUserOfClient(
  db: Database,
  clientId: number,
  id: number,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.id, id)))
    .for('update');
  return row;
}
