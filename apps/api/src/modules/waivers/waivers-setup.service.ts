import type { AdminWaiver, CreateWaiverRequest, UpdateWaiverRequest } from '@leisure/contract/admin/operator';
import type { Database } from '../../db/client';
import type { WaiverQuestionDefinition } from '../../db/schema';
import { AppError, type FieldErrors } from '../../errors';
import { type AuditActor, recordChange } from '../audit/audit.service';
import { requireNoVenueScope, type StaffViewer } from '../session/access';
import {
  findWaiverOfClient,
  insertSetupWaiver,
  listWaiversPage,
  updateWaiverRow,
  type WaiverRow,
  waiverSlugTaken,
} from './waivers-setup.repository';

/**
 * The console's waivers (issue 47): their text, questions, how long a signature lasts and the group
 * (restriction) they are listed in. Operator-wide records: a venue-scoped role may not change them.
 * A waiver is deactivated, never deleted (its signatures stay).
 */

/** Who changes (null viewer: the seed) and who the audit log names. */
export interface WaiverActor {
  viewer: StaffViewer | null;
  audit: AuditActor;
}

function present(row: WaiverRow): AdminWaiver {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    html: row.html,
    active: row.active,
    activity_id: row.activityId,
    validity_days: row.validityDays,
    restriction_name: row.restrictionName,
    restriction_type: row.restrictionType,
    questions: row.questions.map((question) => ({ ...question, answers: question.answers ?? [] })),
  };
}

/** A radio question needs answers; references and answer ids are unique. */
function checkQuestions(questions: WaiverQuestionDefinition[] | undefined): void {
  if (!questions) return;
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  questions.forEach((question, index) => {
    if (seen.has(question.reference))
      errors[`questions.${index}.reference`] = ['Each question needs its own reference.'];
    seen.add(question.reference);
    if (question.type === 'radio' && question.answers.length < 2) {
      errors[`questions.${index}.answers`] = ['A choice question needs at least two answers.'];
    }
    if (new Set(question.answers.map((answer) => answer.id)).size !== question.answers.length) {
      errors[`questions.${index}.answers`] = ['Each answer needs its own id.'];
    }
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

function questionsOf(questions: CreateWaiverRequest['questions']): WaiverQuestionDefinition[] {
  return questions.map((question) => ({
    reference: question.reference,
    label: question.label,
    type: question.type,
    required: question.required,
    answers: question.type === 'radio' ? question.answers : [],
  }));
}

export async function listAdminWaivers(
  db: Database,
  clientId: number,
  query: { q?: string | undefined; page: number; per_page: number },
): Promise<{ data: AdminWaiver[]; meta: { page: number; per_page: number; total: number } }> {
  const { rows, total } = await listWaiversPage(db, clientId, {
    q: query.q || undefined,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(present), meta: { page: query.page, per_page: query.per_page, total } };
}

export async function readAdminWaiver(
  db: Database,
  clientId: number,
  waiverId: number,
): Promise<AdminWaiver> {
  const row = await findWaiverOfClient(db, clientId, waiverId);
  if (!row) throw AppError.notFound();
  return present(row);
}

export async function addWaiver(
  db: Database,
  clientId: number,
  actor: WaiverActor,
  input: CreateWaiverRequest,
): Promise<AdminWaiver> {
  if (actor.viewer) requireNoVenueScope(actor.viewer);
  const questions = questionsOf(input.questions);
  checkQuestions(questions);
  return db.transaction(async (tx) => {
    const taken = () => AppError.validation({ slug: ['Another waiver has this slug.'] });
    if (await waiverSlugTaken(tx, clientId, input.slug)) throw taken();
    const row = await insertSetupWaiver(tx, {
      clientId,
      slug: input.slug,
      title: input.title,
      html: input.html,
      active: input.active,
      validityDays: input.validity_days,
      restrictionName: input.restriction_name,
      restrictionType: input.restriction_type,
      questions,
    });
    if (!row) throw taken();
    await recordChange(tx, actor.audit, {
      action: 'waiver.create',
      entityType: 'waiver',
      entityId: row.id,
      after: present(row),
    });
    return present(row);
  });
}

export async function changeWaiver(
  db: Database,
  clientId: number,
  actor: WaiverActor,
  waiverId: number,
  patch: UpdateWaiverRequest,
): Promise<AdminWaiver> {
  if (actor.viewer) requireNoVenueScope(actor.viewer);
  const questions = patch.questions ? questionsOf(patch.questions) : undefined;
  checkQuestions(questions);
  return db.transaction(async (tx) => {
    const before = await findWaiverOfClient(tx, clientId, waiverId, true);
    if (!before) throw AppError.notFound();
    const values: Parameters<typeof updateWaiverRow>[2] = {};
    if (patch.title !== undefined) values.title = patch.title;
    if (patch.html !== undefined) values.html = patch.html;
    if (patch.active !== undefined) values.active = patch.active;
    if (patch.validity_days !== undefined) values.validityDays = patch.validity_days;
    if (patch.restriction_name !== undefined) values.restrictionName = patch.restriction_name;
    if (patch.restriction_type !== undefined) values.restrictionType = patch.restriction_type;
    if (questions) values.questions = questions;
    if (Object.keys(values).length === 0) return present(before);
    const after = await updateWaiverRow(tx, waiverId, values);
    await recordChange(tx, actor.audit, {
      action: patch.active === false && before.active ? 'waiver.deactivate' : 'waiver.update',
      entityType: 'waiver',
      entityId: waiverId,
      before: present(before),
      after: present(after),
    });
    return present(after);
  });
}
