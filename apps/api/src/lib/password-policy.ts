import { passwordMessages } from '@leisure/contract/password';

/**
 * The server's password policy beyond the contract's length (docs/decisions/043-password-policy.md):
 * no common password and not one's own email address or name (NIST SP 800-63B 5.1.1.2).
 *
 * The list is zxcvbn-ts's `passwords-common` (about 49,000 of the most used passwords from breach
 * corpora, the list zxcvbn's estimator is built on; MIT, maintained). It is loaded on the first
 * password set, not at start nor on logins, and kept as one Set (about 8 MB) for the process's life.
 */
let commonPasswords: Promise<Set<string>> | undefined;

function loadCommonPasswords(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return commonPasswords;
}

/** The password as a guesser sees it: lower case, and without the digits and symbols tacked on the end. */
function guessableForms(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const base = lower.replace(/[^\p{L}]+$/u, '');
  return base && base !== lower ? [lower, base] : [lower];
}

export interface PasswordOwner {
  email?: string | null | undefined;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
}

/** Why the policy refuses this new password (field messages for `password`); empty when it may be used. */
export async function passwordPolicyProblems(password: string, owner: PasswordOwner): Promise<string[]> {
  const forms = guessableForms(password);
  const email = owner.email?.trim().toLowerCase();
  const personal = [
    email,
    email?.split('@')[0],
    owner.firstName,
    owner.lastName,
    owner.firstName && owner.lastName ? `${owner.firstName}${owner.lastName}` : undefined,
    owner.firstName && owner.lastName ? `${owner.firstName} ${owner.lastName}` : undefined,
  ]
    .filter((value): value is string => Boolean(value))
    .map((value) => value.normalize('NFKC').toLowerCase().trim());
  if (forms.some((form) => personal.includes(form))) return [passwordMessages.personal];
  const common = await loadCommonPasswords();
  if (forms.some((form) => common.has(form))) return [passwordMessages.common];
  return [];
}
