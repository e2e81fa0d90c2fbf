import {
  detailsMessages,
  forgottenPasswordMessages,
  loginMessages,
  type OnboardingType,
  passwordResetMessages,
} from '@leisure/contract/auth';
import type { Answer, FieldErrors } from '@leisure/contract/data-fields';
import { isEmptyAnswer } from '@leisure/contract/data-fields';
import { passwordMessages } from '@leisure/contract/password';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import { type SiteUrls, siteUrlsAt } from '../../lib/public-urls';
import { assertNotRateLimited, recordAuthAttempt } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import {
  answersToCustomer,
  type CustomerRecord,
  checkAnswers,
  getDataFieldForm,
} from '../data-fields/data-fields.service';
import type { Mailer } from '../mail/mail.service';
import { passwordResetEmail, welcomeEmail } from '../mail/templates';
import { getCurrentClient, listTermsIn } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import { endUserSessions } from '../session/session';
import {
  consumeResetToken,
  emailTakenByOther,
  expireUserResetTokens,
  findCustomerIdByEmail,
  findLiveResetToken,
  findUserById,
  findUserByReference,
  findUsersByEmail,
  insertMembershipUser,
  insertResetToken,
  insertTermsAcceptances,
  insertUser,
  nextCustomerNumber,
  type UserRow,
  updateUser,
} from './auth.repository';

export type { UserRow } from './auth.repository';

export interface AuthDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  /**
   * The sub-sites' URLs for the request being served (lib/public-urls.ts): `links` for emails to the
   * requester, `trustedLinks` for one to an account someone asked for (a reset link must never follow
   * a forged Host). Unset: the settings, else the fallback origin.
   */
  links?: SiteUrls;
  trustedLinks?: SiteUrls;
}

const looksLikeEmail = (value: string) => value.includes('@');

/** A hash of a password nobody has, verified when no account matches so that timing reveals nothing. */
let decoyHash: Promise<string> | undefined;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(newToken());
  return decoyHash;
}

export function customerRecord(user: UserRow): CustomerRecord {
  return { ...user, extra: user.extra };
}

// ---- Login ---------------------------------------------------------------------------------------

/**
 * Finds the account a username (an email or a customer reference) and password open; several
 * family accounts may share an email, each with its own password. Throws 401 on bad credentials
 * (bookings-api.md), 429 when rate limited.
 */
export async function authenticate(
  deps: AuthDeps,
  credentials: { username: string; password: string },
  ipAddress: string,
): Promise<UserRow> {
  const { db, config } = deps;
  const client = await getCurrentClient(db, config);
  const accountKey = credentials.username.trim().toLowerCase();
  await assertNotRateLimited(db, 'login', accountKey, ipAddress);

  const candidates = looksLikeEmail(accountKey)
    ? await findUsersByEmail(db, client.id, accountKey)
    : [await findUserByReference(db, client.id, accountKey)].filter((user) => user !== undefined);
  let match: UserRow | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, credentials.password)) {
      match = candidate;
      break;
    }
  }
  if (candidates.length === 0) await verifyPassword(await decoy(), credentials.password);

  await recordAuthAttempt(db, { kind: 'login', accountKey, ipAddress, succeeded: match !== undefined });
  if (!match) throw new AppError('unauthenticated', loginMessages.invalid);
  return match;
}

// ---- Accounts ------------------------------------------------------------------------------------

export interface NewCustomer {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  title?: string | null;
  dateOfBirth?: string | null;
  gender?: string | null;
  mobileNumber?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  town?: string | null;
  postcode?: string | null;
  emergencyContactName?: string | null;
  emergencyContactNumber?: string | null;
  homeVenueId?: number | null;
  extra?: Record<string, unknown>;
  termsAcceptedAt?: Date | null;
}

/** Creates a customer with a new customer number and member record (register, the seed, tests). */
export async function createCustomer(
  db: Database,
  clientId: number,
  customer: NewCustomer,
): Promise<UserRow> {
  const { password, ...details } = customer;
  const number = await nextCustomerNumber(db);
  const user = await insertUser(db, {
    ...details,
    clientId,
    role: 'customer',
    email: customer.email.trim().toLowerCase(),
    reference: `RL${String(number).padStart(6, '0')}`,
    passwordHash: await hashPassword(password),
    extra: customer.extra ?? {},
  });
  await insertMembershipUser(db, user.id);
  return user;
}

/** Creates a front-of-house staff user (no customer number, no member record). */
export async function createStaffUser(
  db: Database,
  clientId: number,
  staff: { email: string; password: string; firstName: string; lastName: string; currency?: string },
): Promise<UserRow> {
  return insertUser(db, {
    clientId,
    role: 'staff',
    email: staff.email.trim().toLowerCase(),
    reference: null,
    passwordHash: await hashPassword(staff.password),
    firstName: staff.firstName,
    lastName: staff.lastName,
    currency: staff.currency ?? 'GBP',
  });
}

/** The operator's customer with this email (the oldest account, when several share it): the seed's lookup. */
export async function findCustomerId(
  db: Database,
  clientId: number,
  email: string,
): Promise<number | undefined> {
  return findCustomerIdByEmail(db, clientId, email);
}

export interface RegisterInput {
  clientId: number;
  password: string;
  passwordConfirmation: string;
  terms: number[];
  checksum: string | undefined;
  answers: Record<string, Answer>;
}

export const staleFormMessage =
  'The form has changed since you opened it. Please reload the page and try again.';

/** `POST api/auth/customer/register`: checks everything, then creates the account and welcomes it. */
export async function register(
  deps: AuthDeps,
  onboardingType: OnboardingType,
  input: RegisterInput,
): Promise<UserRow> {
  const { db, config } = deps;
  const client = await getCurrentClient(db, config);
  const form = await getDataFieldForm(db, client.id, onboardingType);
  const errors: FieldErrors = checkAnswers(form, input.answers, 'create');
  if (input.clientId !== client.id) errors.client_id = ['The selected client id is invalid.'];
  if (input.checksum !== undefined && input.checksum !== form.checksum) errors.checksum = [staleFormMessage];
  if (input.password !== input.passwordConfirmation)
    errors.password_confirmation = [passwordMessages.confirmation];

  const required = await listTermsIn(db, config, ['registration']);
  if (required.some((term) => !input.terms.includes(term.id))) errors.terms = [detailsMessages.termsRequired];

  const { columns, extra } = answersToCustomer(form, input.answers, {});
  const email = columns.email;
  if (!email) errors.email ??= ['Email is required.'];
  else if (await emailTakenByOther(db, client.id, email)) {
    errors.email = [...(errors.email ?? []), detailsMessages.emailTaken];
  }
  if (!columns.firstName && !errors.first_name) errors.first_name = ['First name is required.'];
  if (!columns.lastName && !errors.last_name) errors.last_name = ['Last name is required.'];
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);

  const user = await db.transaction(async (tx) => {
    const created = await createCustomer(tx, client.id, {
      ...columns,
      email: email as string,
      firstName: columns.firstName as string,
      lastName: columns.lastName as string,
      password: input.password,
      extra,
      termsAcceptedAt: new Date(),
    });
    await insertTermsAcceptances(
      tx,
      created.id,
      input.terms.filter((id) => required.some((term) => term.id === id)),
      'registration',
    );
    return created;
  });

  const brand = await getBrand(db, config);
  const welcome = welcomeEmail(
    brand,
    { firstName: user.firstName, reference: user.reference },
    `${(deps.links ?? siteUrlsAt(config.publicUrls)).account}/`,
  );
  await deps.mailer.send({ to: user.email, template: 'welcome', ...welcome });
  return user;
}

export interface UpdateInput {
  answers: Record<string, Answer>;
  currentPassword?: string | undefined;
  password?: string | undefined;
  repeatNewPassword?: string | undefined;
  terms?: number[] | undefined;
}

/**
 * `PUT api/my-account/user/update`: saves the non-empty answers the customer sent and, when asked,
 * a new password (which signs out every other session). The caller then rotates the session.
 */
export async function updateDetails(
  deps: AuthDeps,
  user: UserRow,
  onboardingType: OnboardingType,
  input: UpdateInput,
): Promise<{ passwordChanged: boolean }> {
  const { db } = deps;
  const form = await getDataFieldForm(db, user.clientId, onboardingType, customerRecord(user));
  const answers = Object.fromEntries(
    Object.entries(input.answers).filter(([, answer]) => !isEmptyAnswer(answer)),
  );
  const errors = checkAnswers(form, answers, 'update', customerRecord(user));
  const { columns, extra } = answersToCustomer(form, answers, user.extra);
  if (columns.email && (await emailTakenByOther(db, user.clientId, columns.email, user.id))) {
    errors.email = [...(errors.email ?? []), detailsMessages.emailTaken];
  }

  const changingPassword = Boolean(input.password);
  if (changingPassword) {
    if (!input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
      errors.current_password = [detailsMessages.currentPasswordWrong];
    }
    if (input.password !== input.repeatNewPassword)
      errors.repeat_new_password = [passwordMessages.confirmation];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);

  await db.transaction(async (tx) => {
    // Required columns are only ever set, never cleared: empty answers were dropped above.
    const { email, firstName, lastName, ...optional } = columns;
    await updateUser(tx, user.id, {
      ...optional,
      ...(email ? { email } : {}),
      ...(firstName ? { firstName } : {}),
      ...(lastName ? { lastName } : {}),
      extra,
      ...(changingPassword ? { passwordHash: await hashPassword(input.password as string) } : {}),
    });
    if (input.terms?.length) await insertTermsAcceptances(tx, user.id, input.terms, onboardingType);
    if (changingPassword) await endUserSessions(tx, user.id);
  });
  return { passwordChanged: changingPassword };
}

// ---- Forgotten password and reset ----------------------------------------------------------------

/**
 * `POST api/auth/customer/forgotten-password`: emails a one-time link. An address shared by several
 * accounts answers 422 with a message starting 'Multiple' so the client asks for the customer ID.
 * Unknown addresses get the same answer as known ones, so the form reveals nobody's account.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  emailOrReference: string,
  ipAddress: string,
): Promise<string> {
  const { db, config } = deps;
  const client = await getCurrentClient(db, config);
  const accountKey = emailOrReference.trim().toLowerCase();
  await assertNotRateLimited(db, 'password_reset', accountKey, ipAddress);
  // Every request counts towards the limit: each one can send an email.
  await recordAuthAttempt(db, { kind: 'password_reset', accountKey, ipAddress, succeeded: false });

  const matches = looksLikeEmail(accountKey)
    ? await findUsersByEmail(db, client.id, accountKey)
    : [await findUserByReference(db, client.id, accountKey)].filter((user) => user !== undefined);
  if (matches.length > 1) {
    throw AppError.validation(
      { email_or_reference: [forgottenPasswordMessages.multiple] },
      forgottenPasswordMessages.multiple,
    );
  }
  const user = matches[0];
  if (user) {
    const token = newToken();
    await insertResetToken(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.passwordResetTtlMinutes * 60_000),
    });
    const brand = await getBrand(db, config);
    const url = `${(deps.trustedLinks ?? siteUrlsAt(config.publicUrls)).account}/password-reset/${token}`;
    const email = passwordResetEmail(
      brand,
      { firstName: user.firstName },
      url,
      config.passwordResetTtlMinutes,
    );
    await deps.mailer.send({ to: user.email, template: 'password_reset', ...email });
  }
  return forgottenPasswordMessages.sent;
}

async function liveResetToken(deps: AuthDeps, token: string) {
  const row = await findLiveResetToken(deps.db, hashToken(token), new Date());
  if (!row) throw new AppError('forbidden', passwordResetMessages.invalid);
  const user = await findUserById(deps.db, row.userId);
  if (!user) throw new AppError('forbidden', passwordResetMessages.invalid);
  return { row, user };
}

/** `POST api/auth/password-reset/validate`: 403 when the link is unknown, used or expired. */
export async function validateResetToken(deps: AuthDeps, token: string): Promise<{ email: string }> {
  const { user } = await liveResetToken(deps, token);
  return { email: user.email };
}

/** `POST api/auth/password-reset`: sets the password once per link and signs out every session. */
export async function resetPassword(
  deps: AuthDeps,
  input: { token: string; password: string; passwordConfirmation: string },
): Promise<void> {
  const { db } = deps;
  const { row, user } = await liveResetToken(deps, input.token);
  if (input.password !== input.passwordConfirmation) {
    throw AppError.validation({ password_confirmation: [passwordMessages.confirmation] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, row.id, new Date()))) {
      throw new AppError('forbidden', passwordResetMessages.invalid);
    }
    await updateUser(tx, user.id, { passwordHash });
    await expireUserResetTokens(tx, user.id, new Date());
    await endUserSessions(tx, user.id);
  });
  // The owner proved the account by email: its login failures no longer slow it down.
  for (const accountKey of [user.email, user.reference]) {
    if (accountKey) {
      await recordAuthAttempt(db, {
        kind: 'login',
        accountKey: accountKey.toLowerCase(),
        ipAddress: '',
        succeeded: true,
      });
    }
  }
}

/** The retention job's part (jobs.ts): reset tokens used or run out are deleted. */
export { deleteSpentResetTokens } from './auth.repository';
