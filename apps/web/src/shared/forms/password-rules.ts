import { passwordMessages, passwordProblems } from '@leisure/contract/password-rules';

export interface PasswordErrors {
  password?: string[];
  confirmation?: string[];
}

/** The contract's password rule plus the matching confirmation (my-account.md 5). */
export function checkNewPassword(
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

/** A server message mentioning the confirmation belongs under the repeat field. */
export function isConfirmationMessage(message: string): boolean {
  return /password confirmation/i.test(message);
}
