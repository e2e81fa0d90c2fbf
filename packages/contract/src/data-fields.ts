import { isIsoDate } from './dates';
import type { DataField } from './operator';

export type Answer = string | number | boolean | string[] | null | undefined;
export type FieldErrors = Record<string, string[]>;

export const dataFieldMessages = {
  required: (label: string) => `${label} is required.`,
  invalidDate: 'Date must be valid.',
  futureDate: 'Date cannot be after today.',
  invalidNumber: 'Must be a number.',
  invalidOption: 'Select one of the options.',
  tooShort: (n: number) => `Must contain at least ${n} character${n === 1 ? '' : 's'}`,
  tooLong: (n: number) => `Must contain at most ${n} character${n === 1 ? '' : 's'}`,
  exactLength: (n: number) => `Must contain exactly ${n} character${n === 1 ? '' : 's'}`,
  invalidEmail: 'Enter a valid email address.',
} as const;

/** Empty means "no answer": null, undefined, '', whitespace, an empty list, or an unticked box. */
export function isEmptyAnswer(answer: Answer): boolean {
  if (answer === null || answer === undefined) return true;
  if (typeof answer === 'string') return answer.trim() === '';
  if (Array.isArray(answer)) return answer.length === 0;
  if (typeof answer === 'boolean') return answer === false;
  return false;
}

function numberAttribute(field: DataField, key: string): number | undefined {
  const value = field.html_attributes[key];
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : undefined;
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Problems with one answer, checked by the form in the browser and again by the server. */
export function dataFieldProblems(field: DataField, answer: Answer, today: string): string[] {
  if (isEmptyAnswer(answer)) return field.is_required ? [dataFieldMessages.required(field.label)] : [];
  const problems: string[] = [];
  switch (field.type) {
    case 'date':
      if (typeof answer !== 'string' || !isIsoDate(answer)) problems.push(dataFieldMessages.invalidDate);
      else if (answer > today) problems.push(dataFieldMessages.futureDate);
      break;
    case 'number':
      if (!Number.isFinite(typeof answer === 'string' ? Number(answer) : answer)) {
        problems.push(dataFieldMessages.invalidNumber);
      }
      break;
    case 'select':
      if (typeof answer !== 'string' || !field.options.some((option) => option.value === answer)) {
        problems.push(dataFieldMessages.invalidOption);
      }
      break;
    case 'multi_select':
      if (
        !Array.isArray(answer) ||
        answer.some((value) => !field.options.some((option) => option.value === value))
      ) {
        problems.push(dataFieldMessages.invalidOption);
      }
      break;
    case 'checkbox':
      if (typeof answer !== 'boolean') problems.push(dataFieldMessages.invalidOption);
      break;
    case 'text': {
      if (typeof answer !== 'string') {
        problems.push(dataFieldMessages.invalidOption);
        break;
      }
      const length = answer.trim().length;
      const min = numberAttribute(field, 'minlength');
      const max = numberAttribute(field, 'maxlength');
      if (min !== undefined && max !== undefined && min === max && length !== min) {
        problems.push(dataFieldMessages.exactLength(min));
      } else if (min !== undefined && length < min) problems.push(dataFieldMessages.tooShort(min));
      else if (max !== undefined && length > max) problems.push(dataFieldMessages.tooLong(max));
      if (field.html_attributes.type === 'email' && !emailPattern.test(answer.trim())) {
        problems.push(dataFieldMessages.invalidEmail);
      }
      break;
    }
  }
  return problems;
}

/** Checks answers (keyed by field name) against the fields; errors are keyed by field name. */
export function validateDataFieldAnswers(
  fields: DataField[],
  answers: Record<string, Answer>,
  today: string,
  options: { onlyPresent?: boolean } = {},
): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (options.onlyPresent && !(field.name in answers)) continue;
    const problems = dataFieldProblems(field, answers[field.name], today);
    if (problems.length > 0) errors[field.name] = problems;
  }
  return errors;
}
