import { passwordMessages, passwordProblems } from '@leisure/contract/password-rules';
import { z } from 'zod';
import { addIssues } from './field-errors';

export interface PasswordErrors {
  password?: string[];
  confirmation?: string[];
}

/** The contract's password rule plus the matching confirmation (my-account.md 5). */
function checkNewPassword(
  password: string,
  confirmation: string,
  requiredMessage = 'Required',
): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!password) errors.password = [requiredMessage];
  else {
    const problems = passwordProblems(password);
    if (problems.length) errors.password = problems;
  }
  if (password && confirmation !== password) errors.confirmation = [passwordMessages.confirmation];
  return errors;
}

export interface NewPasswordValues {
  password: string;
  passwordConfirmation: string;
}

/** The new-password rule as issues of a form's zod schema, under `password` and `passwordConfirmation`. */
export function addNewPasswordIssues(
  ctx: z.RefinementCtx,
  values: NewPasswordValues,
  requiredMessage: string,
): void {
  const errors = checkNewPassword(values.password, values.passwordConfirmation, requiredMessage);
  addIssues(ctx, ['password'], errors.password);
  addIssues(ctx, ['passwordConfirmation'], errors.confirmation);
}

/** A form of just a new password and its confirmation (the password reset). */
export function newPasswordSchema(requiredMessage: string) {
  return z
    .object({ password: z.string(), passwordConfirmation: z.string() })
    .superRefine((values, ctx) => addNewPasswordIssues(ctx, values, requiredMessage));
}

/** A server message mentioning the confirmation belongs under the repeat field. */
export function isConfirmationMessage(message: string): boolean {
  return /password confirmation/i.test(message);
}
