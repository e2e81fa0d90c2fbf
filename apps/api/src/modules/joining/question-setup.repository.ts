import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membershipQuestions } from '../../db/schema';
import type { QuestionRow } from './joining.repository';

// The console's writes of the additional questions asked when joining a type (issue 47).

export type NewQuestionRow = typeof membershipQuestions.$inferInsert;

export async function findQuestion(db: Database, id: number): Promise<QuestionRow | undefined> {
  const rows = await db.select().from(membershipQuestions).where(eq(membershipQuestions.id, id)).limit(1);
  return rows[0];
}

export async function findQuestionByReference(db: Database, typeId: number, reference: string) {
  const rows = await db
    .select({ id: membershipQuestions.id })
    .from(membershipQuestions)
    .where(
      and(eq(membershipQuestions.membershipTypeId, typeId), eq(membershipQuestions.reference, reference)),
    )
    .limit(1);
  return rows[0];
}

export async function insertQuestion(db: Database, values: NewQuestionRow): Promise<QuestionRow> {
  const rows = await db.insert(membershipQuestions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('membership_questions insert returned no row');
  return row;
}

export async function updateQuestion(db: Database, id: number, values: Partial<NewQuestionRow>) {
  const rows = await db
    .update(membershipQuestions)
    .set(values)
    .where(eq(membershipQuestions.id, id))
    .returning();
  return rows[0];
}

export async function deleteQuestion(db: Database, id: number): Promise<void> {
  await db.delete(membershipQuestions).where(eq(membershipQuestions.id, id));
}
