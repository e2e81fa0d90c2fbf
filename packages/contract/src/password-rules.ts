/**
 * The password policy as plain functions: no zod, so the web app can use it in its first load.
 *
 * The policy refuses on length alone (8 to 128 characters; NIST SP 800-63B 5.1.1.2), in the forms
 * and on the server, which also refuses common passwords and one's own email or name
 * (apps/api/src/lib/password-policy.ts). The spec's composition texts (my-account.md 5 and
 * joining-and-payments.md 2: "at least 8 characters, 1 lowercase, 1 uppercase, 1 number and 1 special
 * character") are the hint shown with the field (the web's `fields.passwordHint`), never refusals:
 * Password1! meets all of them and is among the first guesses of any attacker
 * (docs/decisions/043-password-policy.md).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export const passwordMessages = {
  min: `Must contain at least ${PASSWORD_MIN_LENGTH} characters`,
  max: `Must contain at most ${PASSWORD_MAX_LENGTH} characters`,
  confirmation: 'The password confirmation does not match.',
  common: 'This password is too common and easy to guess. Please choose another.',
  personal: 'Your password must not be your email address or your name.',
} as const;

/** What the policy refuses this password for (its length), in the order a user fixes it; empty when fine. */
export function passwordProblems(password: string): string[] {
  if (password.length < PASSWORD_MIN_LENGTH) return [passwordMessages.min];
  if (password.length > PASSWORD_MAX_LENGTH) return [passwordMessages.max];
  return [];
}
