import { createHash } from 'node:crypto';
import type { OnboardingType } from '@leisure/contract/auth';
import { detailsMessages } from '@leisure/contract/auth';
import type { Answer, FieldErrors } from '@leisure/contract/data-fields';
import { dataFieldMessages, isEmptyAnswer, validateDataFieldAnswers } from '@leisure/contract/data-fields';
import type { DataField } from '@leisure/contract/operator';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  type DataFieldRow,
  findForm,
  insertFields,
  insertForm,
  insertSection,
} from './data-fields.repository';

/**
 * Data-field forms: the operator decides which customer details each onboarding asks for. A field's
 * `path` says where its answer lives: a customer column (`first_name`) or `extra.<key>`.
 */

/** The customer columns a field may write, by wire name. */
const userColumnPaths = {
  title: 'title',
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  date_of_birth: 'dateOfBirth',
  gender: 'gender',
  mobile_number: 'mobileNumber',
  address_line_1: 'addressLine1',
  address_line_2: 'addressLine2',
  town: 'town',
  postcode: 'postcode',
  emergency_contact_name: 'emergencyContactName',
  emergency_contact_number: 'emergencyContactNumber',
  reference: 'reference',
} as const;
export type UserColumnPath = keyof typeof userColumnPaths;
export type UserColumn = (typeof userColumnPaths)[UserColumnPath];

/** What a form reads answers from and writes them to. */
export type CustomerRecord = { [K in UserColumn]: string | null } & { extra: Record<string, unknown> };

export interface DataFieldForm {
  sections: { section_name: string; section_reference: string; section_fields: DataField[] }[];
  checksum: string;
  fields: DataField[];
}

function toWire(row: DataFieldRow, answer: Answer): DataField {
  return {
    name: row.name,
    path: row.path,
    label: row.label,
    type: row.type as DataField['type'],
    is_required: row.isRequired,
    is_authorised: row.isAuthorised,
    options: row.options,
    placeholder: row.placeholder,
    metadata: { description: row.description },
    html_attributes: row.htmlAttributes,
    answer: answer ?? null,
  };
}

function readAnswer(path: string, customer: CustomerRecord | undefined): Answer {
  if (!customer) return null;
  if (path.startsWith('extra.')) {
    const value = customer.extra[path.slice('extra.'.length)];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
    return null;
  }
  const column = userColumnPaths[path as UserColumnPath];
  return column ? customer[column] : null;
}

/** A fingerprint of the form's questions: a client that rendered an older form is told to reload. */
function checksumOf(fields: DataField[]): string {
  const shape = fields.map((field) => [
    field.name,
    field.type,
    field.is_required,
    field.is_authorised,
    field.options.map((option) => option.value),
  ]);
  return createHash('sha256').update(JSON.stringify(shape)).digest('hex').slice(0, 32);
}

/** The client's form for an onboarding type, with the customer's answers when one is given. */
export async function getDataFieldForm(
  db: Database,
  clientId: number,
  onboardingType: OnboardingType,
  customer?: CustomerRecord,
): Promise<DataFieldForm> {
  const rows = await findForm(db, clientId, onboardingType);
  if (!rows) throw AppError.notFound();
  const sections = rows.sections.map(({ section, fields }) => ({
    section_name: section.name,
    section_reference: section.reference,
    section_fields: fields.map((field) => toWire(field, readAnswer(field.path, customer))),
  }));
  const fields = sections.flatMap((section) => section.section_fields);
  return { sections, checksum: checksumOf(fields.map((field) => ({ ...field, answer: null }))), fields };
}

/**
 * Checks answers (keyed by field name) against a form. `create`: every required field must be
 * answered and fields the customer may not set must be left empty. `update`: only the answers sent
 * are checked, and an unauthorised field may only be sent unchanged. Date answers cannot be after
 * `today` (the operator's date, decision 064).
 */
export function checkAnswers(
  form: DataFieldForm,
  answers: Record<string, Answer>,
  mode: 'create' | 'update',
  today: string,
  customer?: CustomerRecord,
): FieldErrors {
  const authorised = form.fields.filter((field) => field.is_authorised);
  const errors = validateDataFieldAnswers(authorised, answers, today, {
    onlyPresent: mode === 'update',
  });
  for (const field of form.fields) {
    if (field.is_authorised || !(field.name in answers)) continue;
    const sent = answers[field.name];
    if (isEmptyAnswer(sent)) continue;
    const current = readAnswer(field.path, customer);
    if (mode === 'create' || JSON.stringify(sent) !== JSON.stringify(current)) {
      errors[field.name] = [detailsMessages.notAuthorised];
    }
  }
  return errors;
}

/**
 * The required questions of a form the customer may answer but has not, keyed by field name: what
 * they must save before the form's purpose goes ahead (joining's 'Your details' before a membership is
 * submitted). A client without such a form asks nothing.
 */
export async function unansweredRequiredFields(
  db: Database,
  clientId: number,
  onboardingType: OnboardingType,
  customer: CustomerRecord,
): Promise<FieldErrors> {
  if (!(await findForm(db, clientId, onboardingType))) return {};
  const form = await getDataFieldForm(db, clientId, onboardingType, customer);
  const errors: FieldErrors = {};
  for (const field of form.fields) {
    if (field.is_required && field.is_authorised && isEmptyAnswer(field.answer)) {
      errors[field.name] = [dataFieldMessages.required(field.label)];
    }
  }
  return errors;
}

/** The column values and `extra` entries that the answers set (unauthorised fields are skipped). */
export function answersToCustomer(
  form: DataFieldForm,
  answers: Record<string, Answer>,
  extra: Record<string, unknown>,
): { columns: Partial<Record<UserColumn, string | null>>; extra: Record<string, unknown> } {
  const columns: Partial<Record<UserColumn, string | null>> = {};
  const nextExtra = { ...extra };
  for (const field of form.fields) {
    if (!field.is_authorised || !(field.name in answers)) continue;
    const answer = answers[field.name];
    if (field.path.startsWith('extra.')) {
      nextExtra[field.path.slice('extra.'.length)] = answer ?? null;
      continue;
    }
    const column = userColumnPaths[field.path as UserColumnPath];
    if (!column || column === 'reference') continue;
    const text = isEmptyAnswer(answer) ? null : String(answer).trim();
    columns[column] = column === 'email' && text ? text.toLowerCase() : text;
  }
  return { columns, extra: nextExtra };
}

// ---- Factory: how forms are created, by the seed and by tests alike ------------------------------

export interface NewDataField {
  name: string;
  path: string;
  label: string;
  type: DataField['type'];
  isRequired?: boolean;
  isAuthorised?: boolean;
  options?: { value: string; label: string }[];
  placeholder?: string;
  description?: string;
  htmlAttributes?: Record<string, string | number | boolean>;
}

export interface NewDataFieldSection {
  name: string;
  reference: string;
  fields: NewDataField[];
}

export async function createDataFieldForm(
  db: Database,
  clientId: number,
  onboardingType: OnboardingType,
  sections: NewDataFieldSection[],
): Promise<void> {
  const formId = await insertForm(db, clientId, onboardingType);
  for (const [position, section] of sections.entries()) {
    const sectionId = await insertSection(db, {
      formId,
      name: section.name,
      reference: section.reference,
      position,
    });
    await insertFields(
      db,
      section.fields.map((field, index) => ({
        sectionId,
        name: field.name,
        path: field.path,
        label: field.label,
        type: field.type,
        isRequired: field.isRequired ?? false,
        isAuthorised: field.isAuthorised ?? true,
        options: field.options ?? [],
        placeholder: field.placeholder ?? null,
        description: field.description ?? null,
        htmlAttributes: field.htmlAttributes ?? {},
        position: index,
      })),
    );
  }
}
