import type { AdminQuestionRequest } from '@leisure/contract/admin/memberships';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { getMembershipType } from '../membership-catalogue/membership-setup.service';
import { auditSetup, requireOperatorWide, type SetupChanger } from '../membership-catalogue/setup-changer';
import { listQuestionsOfType, type QuestionRow } from './joining.repository';
import {
  deleteQuestion,
  findQuestion,
  findQuestionByReference,
  insertQuestion,
  updateQuestion,
} from './question-setup.repository';

// The additional questions a type asks when joining (issue 47; joining-and-payments.md "Additional
// questions"). The joining pages read them on every request, so a change shows on the next page load.
// Removing a question is safe: members' answers are kept on their memberships with the question's id.

export type QuestionInput = Required<Omit<AdminQuestionRequest, 'options'>> & {
  options: { value: string; label: string }[];
};

export async function listQuestionsForSetup(db: Database, clientId: number, typeId: number) {
  await getMembershipType(db, clientId, typeId);
  return listQuestionsOfType(db, typeId);
}

async function getQuestion(db: Database, clientId: number, id: number): Promise<QuestionRow> {
  const row = await findQuestion(db, id);
  if (row) {
    try {
      await getMembershipType(db, clientId, row.membershipTypeId);
      return row;
    } catch {
      // another operator's: not found
    }
  }
  throw AppError.notFound('Question not found.');
}

function columnsOf(input: QuestionInput) {
  const choice = input.type === 'select' || input.type === 'multi_select';
  return {
    reference: input.reference,
    label: input.label,
    type: input.type,
    options: choice ? input.options : [],
    placeholder: input.placeholder,
    defaultValue: input.default_value,
    isRequired: input.is_required,
    position: input.position,
  };
}

export async function addMembershipQuestion(
  db: Database,
  changer: SetupChanger,
  typeId: number,
  input: QuestionInput,
): Promise<QuestionRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    await getMembershipType(tx, changer.clientId, typeId);
    if (await findQuestionByReference(tx, typeId, input.reference)) {
      throw AppError.validation({ reference: ['This type asks a question with this reference already'] });
    }
    const row = await insertQuestion(tx, { ...columnsOf(input), membershipTypeId: typeId });
    await auditSetup(tx, changer, {
      action: 'membership-question.create',
      entityType: 'membership-question',
      entityId: row.id,
      after: row,
    });
    return row;
  });
}

/** Replaces a question's fields (the form sends them all). */
export async function changeMembershipQuestion(
  db: Database,
  changer: SetupChanger,
  id: number,
  input: QuestionInput,
): Promise<QuestionRow> {
  requireOperatorWide(changer);
  return db.transaction(async (tx) => {
    const before = await getQuestion(tx, changer.clientId, id);
    const same = await findQuestionByReference(tx, before.membershipTypeId, input.reference);
    if (same && same.id !== id) {
      throw AppError.validation({ reference: ['This type asks a question with this reference already'] });
    }
    const after = (await updateQuestion(tx, id, columnsOf(input))) ?? before;
    await auditSetup(tx, changer, {
      action: 'membership-question.update',
      entityType: 'membership-question',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

export async function removeMembershipQuestion(
  db: Database,
  changer: SetupChanger,
  id: number,
): Promise<void> {
  requireOperatorWide(changer);
  await db.transaction(async (tx) => {
    const before = await getQuestion(tx, changer.clientId, id);
    await deleteQuestion(tx, id);
    await auditSetup(tx, changer, {
      action: 'membership-question.delete',
      entityType: 'membership-question',
      entityId: id,
      before,
    });
  });
}
