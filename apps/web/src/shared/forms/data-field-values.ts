import { type Answer, dataFieldProblems } from '@leisure/contract/data-fields';
import type { DataField } from '@leisure/contract/operator';
import { z } from 'zod';
import { formatNumericDate, parseNumericDate, todayInVenue } from '../format/dates';
import type { DataFieldData, DataFieldSectionData } from './api/get-data-fields';
import { addIssues } from './field-errors';

/**
 * What the form holds per field: text, number, select and date as the typed string (dates as
 * DD/MM/YYYY), checkboxes as booleans, multi-selects as lists of option values.
 */
export type DataFieldValue = string | boolean | string[];
export type DataFieldValues = Record<string, DataFieldValue>;

export function fieldsOf(sections: DataFieldSectionData[]): DataFieldData[] {
  return sections.flatMap((section) => section.sectionFields);
}

/** The form's starting values: the user's answers where there are any. */
export function initialValues(sections: DataFieldSectionData[]): DataFieldValues {
  const values: DataFieldValues = {};
  for (const field of fieldsOf(sections)) {
    const answer = field.answer;
    switch (field.type) {
      case 'checkbox':
        values[field.name] = answer === true;
        break;
      case 'multi_select':
        values[field.name] = Array.isArray(answer) ? answer : [];
        break;
      case 'date':
        values[field.name] = typeof answer === 'string' ? formatNumericDate(answer) : '';
        break;
      default:
        values[field.name] =
          answer === null || answer === undefined || typeof answer === 'boolean' || Array.isArray(answer)
            ? ''
            : String(answer);
    }
  }
  return values;
}

/** One form value as the wire answer: numbers as numbers, dates as YYYY-MM-DD, blanks as null. */
function toAnswer(field: DataFieldData, value: DataFieldValue | undefined): Answer {
  if (value === undefined) return null;
  switch (field.type) {
    case 'checkbox':
      return value === true;
    case 'multi_select':
      return Array.isArray(value) ? value : [];
    case 'date': {
      if (typeof value !== 'string' || value.trim() === '') return null;
      // A shape that is not a date is passed on as typed, so the rules call it invalid.
      return parseNumericDate(value) ?? value.trim();
    }
    case 'number': {
      if (typeof value !== 'string' || value.trim() === '') return null;
      const number = Number(value);
      return Number.isFinite(number) ? number : value;
    }
    default:
      return typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : null;
  }
}

/** The contract's field, for its shared rules. */
function toWireField(field: DataFieldData): DataField {
  return {
    name: field.name,
    path: field.path,
    label: field.label,
    type: field.type,
    is_required: field.isRequired,
    is_authorised: field.isAuthorised,
    options: field.options,
    placeholder: field.placeholder,
    metadata: field.metadata,
    html_attributes: field.htmlAttributes,
    answer: field.answer,
  };
}

/**
 * The client-side rules (the same ones the server applies, from the contract), keyed by field
 * name. Fields the user may not change are not checked: they are never sent.
 */
function validateDataFields(
  sections: DataFieldSectionData[],
  values: DataFieldValues,
  today: string = todayInVenue(),
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const field of fieldsOf(sections)) {
    if (!field.isAuthorised) continue;
    const value = values[field.name];
    const answer = toAnswer(field, value);
    const problems = dataFieldProblems(toWireField(field), answer, today);
    if (problems.length > 0) errors[field.name] = problems;
  }
  return errors;
}

/**
 * The answers of a form's `answers` group as a zod schema: the fields come from the server, so the
 * schema applies the contract's rules to each (validateDataFields) and reports them by field name.
 */
export function dataFieldAnswersSchema(sections: DataFieldSectionData[]) {
  return z
    .record(z.string(), z.union([z.string(), z.boolean(), z.array(z.string())]))
    .superRefine((answers, ctx) => {
      for (const [name, messages] of Object.entries(validateDataFields(sections, answers))) {
        addIssues(ctx, [name], messages);
      }
    });
}

/**
 * The answers to send: only fields the user may change and that hold something (the spec sends
 * non-empty fields only), keyed by field name.
 */
export function answersToSend(
  sections: DataFieldSectionData[],
  values: DataFieldValues,
): Record<string, Exclude<Answer, undefined | null>> {
  const answers: Record<string, Exclude<Answer, undefined | null>> = {};
  for (const field of fieldsOf(sections)) {
    if (!field.isAuthorised) continue;
    const answer = toAnswer(field, values[field.name]);
    if (answer === null || answer === undefined || answer === false) continue;
    if (Array.isArray(answer) && answer.length === 0) continue;
    answers[field.name] = answer;
  }
  return answers;
}
