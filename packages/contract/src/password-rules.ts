/** The password rule as plain functions: no zod, so the web app can use it in its first load. */
/** my-account.md 5: at least 8 characters, 1 lowercase, 1 uppercase, 1 number and 1 special character. */
export const PASSWORD_MIN_LENGTH = 8;

export const passwordMessages = {
  min: `Must contain at least ${PASSWORD_MIN_LENGTH} characters`,
  lowercase: 'Must contain at least 1 lowercase letter',
  uppercase: 'Must contain at least 1 uppercase letter',
  number: 'Must contain at least 1 number',
  special: 'Must contain at least 1 special character',
  confirmation: 'The password confirmation does not match.',
} as const;

/** Every rule the password breaks, in the order a user fixes them; empty when it is fine. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(passwordMessages.min);
  if (!/\p{Ll}/u.test(password)) problems.push(passwordMessages.lowercase);
  if (!/\p{Lu}/u.test(password)) problems.push(passwordMessages.uppercase);
  if (!/\p{Nd}/u.test(password)) problems.push(passwordMessages.number);
  if (!/[^\p{L}\p{Nd}\s]/u.test(password)) problems.push(passwordMessages.special);
  return problems;
}
