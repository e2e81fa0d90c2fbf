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
import { localDateOf } from '../../lib/dates';
import { hashPassword, verifyPassword } from '../../lib/password-hash';
import { passwordPolicyProblems } from '../../lib/password-policy';
import { emailSiteUrls } from '../../lib/public-urls';
import {
  admitEmail,
  admitLogin,
  admitRegistration,
  recordAuthAttempt,
  settleLogin,
} from '../../lib/rate-limit';
import type { SecurityEventFields, SecurityEventName } from '../../lib/security-events';
import { hashToken, newToken } from '../../lib/tokens';
import {
  answersToCustomer,
  type CustomerRecord,
  checkAnswers,
  getDataFieldForm,
} from '../data-fields/data-fields.service';
import type { Mailer } from '../mail/mail.service';
import { accountChangeNoticeEmail, passwordResetEmail } from '../mail/templates';
import { getCurrentClient, listTermsIn } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import type { StaffRole } from '../session/permissions';
import { endUserSessions } from '../session/session';
import {
  anyTermsAcceptance,
  consumeResetToken,
  emailTakenByOther,
  expireUserResetTokens,
  findCustomerIdByEmail,
  findLiveResetToken,
  findUserById,
  findUserByReference,
  findUsersByEmail,
  insertEmailVerificationToken,
  insertMembershipUser,
  insertResetToken,
  insertTermsAcceptances,
  insertUser,
  lockEmailForRegistration,
  nextCustomerNumber,
  setPhotoReminderDismissed,
  setUserPhoto,
  type UserRow,
  updateUser,
  useEmailVerificationToken,
} from './auth.repository';
import { registrationAttemptEmail, welcomeVerifyEmail } from './auth-emails';

export type { UserRow } from './auth.repository';

export interface AuthDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** Writes a security event line for the request being served (lib/security-events.ts). */
  securityEvent?: (event: SecurityEventName, fields?: SecurityEventFields) => void;
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

/** The accounts a username names: those sharing an email (family accounts), or one customer number. */
async function accountsNamed(db: Database, clientId: number, accountKey: string): Promise<UserRow[]> {
  return looksLikeEmail(accountKey)
    ? findUsersByEmail(db, clientId, accountKey)
    : [await findUserByReference(db, clientId, accountKey)].filter((user) => user !== undefined);
}

/**
 * Finds the account a username (an email or a customer reference) and password open; several
 * family accounts may share an email, each with its own password. Throws 401 on bad credentials
 * (bookings-api.md), 429 when rate limited (lib/rate-limit.ts `loginLimits`).
 */
export async function authenticate(
  deps: AuthDeps,
  credentials: { username: string; password: string },
  ipAddress: string,
): Promise<UserRow> {
  const { db, config } = deps;
  const client = await getCurrentClient(db, config);
  const accountKey = credentials.username.trim().toLowerCase();
  const candidates = await accountsNamed(db, client.id, accountKey);
  // An address is named in the events only by the request fields; the account only by its id.
  const named = candidates.length === 1 ? candidates[0]?.id : undefined;
  const attemptId = await admitLogin(
    db,
    { accountKey, ipAddress, accounts: candidates.map((user) => user.id) },
    { onRefused: (reason) => deps.securityEvent?.('login.limited', { userId: named, reason }) },
  );

  let match: UserRow | undefined;
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, credentials.password)) {
      match = candidate;
      break;
    }
  }
  if (candidates.length === 0) await verifyPassword(await decoy(), credentials.password);

  if (!match) {
    deps.securityEvent?.('login.failed', {
      userId: named,
      reason: candidates.length === 0 ? 'unknown-account' : 'bad-password',
    });
    throw new AppError('unauthenticated', loginMessages.invalid);
  }
  await settleLogin(db, attemptId, match.id, ipAddress);
  deps.securityEvent?.('login.succeeded', { userId: match.id });
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
  return createCustomerWithHash(db, clientId, { ...details, passwordHash: await hashPassword(password) });
}

async function createCustomerWithHash(
  db: Database,
  clientId: number,
  customer: Omit<NewCustomer, 'password'> & { passwordHash: string },
): Promise<UserRow> {
  const number = await nextCustomerNumber(db);
  const user = await insertUser(db, {
    ...customer,
    clientId,
    role: 'customer',
    email: customer.email.trim().toLowerCase(),
    reference: `RL${String(number).padStart(6, '0')}`,
    extra: customer.extra ?? {},
  });
  await insertMembershipUser(db, user.id);
  return user;
}

/** Creates a staff user in one of the staff roles (no customer number, no member record). */
export async function createStaffUser(
  db: Database,
  clientId: number,
  staff: {
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    role?: StaffRole;
    currency?: string;
    /** Invited: they set their own password from the invitation (the given one is random and thrown away). */
    invited?: boolean;
  },
): Promise<UserRow> {
  return insertUser(db, {
    invitedAt: staff.invited ? new Date() : null,
    clientId,
    role: staff.role ?? 'administrator',
    email: staff.email.trim().toLowerCase(),
    reference: null,
    passwordHash: await hashPassword(staff.password),
    firstName: staff.firstName,
    lastName: staff.lastName,
    currency: staff.currency ?? 'GBP',
  });
}

// ---- Staff accounts: what the console's staff users (modules/staff) change of a user ------------

export { findStaffUsersPage, lockActiveAdministrators, lockUserOfClient } from './auth.repository';

/** The operator's accounts named by an email (staff sign-in looks among them for a staff one). */
export async function findAccountsByEmail(db: Database, clientId: number, email: string): Promise<UserRow[]> {
  return findUsersByEmail(db, clientId, email.trim().toLowerCase());
}

/** Changes a staff user's account (names, role, disabled, invited, last sign-in); never a customer's. */
export async function updateStaffAccount(
  db: Database,
  id: number,
  values: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'role' | 'disabledAt' | 'invitedAt' | 'lastSignedInAt'>
  >,
): Promise<UserRow> {
  return updateUser(db, id, values);
}

/** Sets a staff user's own password (from their invitation); their invitation is done. */
export async function setStaffPassword(db: Database, id: number, password: string): Promise<UserRow> {
  return updateUser(db, id, { passwordHash: await hashPassword(password), invitedAt: null });
}

/** Checks a password against the policy (its strength, not being the account's details); 422 otherwise. */
export async function checkNewPassword(
  user: Parameters<typeof passwordPolicyProblems>[1],
  password: string,
): Promise<void> {
  const errors: FieldErrors = {};
  await addPasswordPolicyErrors(errors, 'password', password, user);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/** Whether the password opens the account (a decoy is checked when there is none, so timing says nothing). */
export async function passwordOpens(user: UserRow | undefined, password: string): Promise<boolean> {
  if (!user) {
    await verifyPassword(await decoy(), password);
    return false;
  }
  return verifyPassword(user.passwordHash, password);
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

/** Registration's one answer, for a new address or one in use alike. */
export const registrationMessage =
  'Thank you for registering. We have sent you an email: please check your inbox.';

const staleFormMessage = 'The form has changed since you opened it. Please reload the page and try again.';

/**
 * `POST api/auth/customer/register`: checks everything, then creates the account and sends its
 * welcome with a link that verifies the address. An address already in use gets the same answer,
 * no account, and its owner a notice instead (no oracle: docs/decisions/047-login-limits-and-registration.md);
 * undefined then. Rate limited per address (429).
 */
export async function register(
  deps: AuthDeps,
  onboardingType: OnboardingType,
  input: RegisterInput,
  ipAddress: string,
): Promise<UserRow | undefined> {
  const { db, config } = deps;
  const client = await getCurrentClient(db, config);
  const form = await getDataFieldForm(db, client.id, onboardingType);
  const errors: FieldErrors = checkAnswers(
    form,
    input.answers,
    'create',
    localDateOf(new Date(), client.timezone),
  );
  if (input.clientId !== client.id) errors.client_id = ['The selected client id is invalid.'];
  if (input.checksum !== undefined && input.checksum !== form.checksum) errors.checksum = [staleFormMessage];
  if (input.password !== input.passwordConfirmation)
    errors.password_confirmation = [passwordMessages.confirmation];

  const required = await listTermsIn(db, config, ['registration']);
  if (required.some((term) => !input.terms.includes(term.id))) errors.terms = [detailsMessages.termsRequired];

  const { columns, extra } = answersToCustomer(form, input.answers, {});
  const email = columns.email?.trim().toLowerCase();
  if (!email) errors.email ??= ['Email is required.'];
  if (!columns.firstName && !errors.first_name) errors.first_name = ['First name is required.'];
  if (!columns.lastName && !errors.last_name) errors.last_name = ['Last name is required.'];
  await addPasswordPolicyErrors(errors, 'password', input.password, {
    email,
    firstName: columns.firstName,
    lastName: columns.lastName,
  });
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  await admitRegistration(db, ipAddress, config.registration.perAddressPerHour);

  // Hashed before we know whether the address is in use, so both answers take the same work.
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    // Two registrations of one new address at once: the second waits, then finds the first.
    await lockEmailForRegistration(tx, client.id, email as string);
    if (await emailTakenByOther(tx, client.id, email as string)) return undefined;
    const created = await createCustomerWithHash(tx, client.id, {
      ...columns,
      email: email as string,
      firstName: columns.firstName as string,
      lastName: columns.lastName as string,
      passwordHash,
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

  // Links from the settings (or the fallback origin), never from the request's Host header.
  const account = emailSiteUrls(config.publicUrls).account;
  const brand = await getBrand(db, config);
  if (!user) {
    const [owner] = await findUsersByEmail(db, client.id, email as string);
    if (owner && (await admitEmail(db, 'registration_notice', owner.id, ipAddress))) {
      const notice = registrationAttemptEmail(
        brand,
        { firstName: owner.firstName },
        { login: `${account}/login`, forgottenPassword: `${account}/login?showForgotPassword=1` },
      );
      await deps.mailer.send({ to: owner.email, template: 'registration_attempt', ...notice });
    }
    deps.securityEvent?.('registration', { userId: owner?.id, reason: 'email-in-use' });
    return undefined;
  }

  const token = newToken();
  const ttlHours = config.registration.emailVerificationTtlHours;
  await insertEmailVerificationToken(db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
  const welcome = welcomeVerifyEmail(
    brand,
    { firstName: user.firstName, reference: user.reference },
    `${account}/verify-email/${token}`,
    ttlHours,
  );
  await deps.mailer.send({ to: user.email, template: 'welcome', ...welcome });
  deps.securityEvent?.('registration', { userId: user.id, reason: 'created' });
  return user;
}

/**
 * `POST api/auth/email/verify`: the welcome email's link, once, before it expires; the account's
 * `email_verified_at` is set. 403 when the link is unknown, used or expired.
 */
export async function verifyEmail(deps: AuthDeps, token: string): Promise<void> {
  const userId = await useEmailVerificationToken(deps.db, hashToken(token), new Date());
  if (userId === undefined) throw new AppError('forbidden', emailVerificationMessages.invalid);
  deps.securityEvent?.('email.verified', { userId });
}

export const emailVerificationMessages = {
  verified: 'Thank you: your email address is confirmed.',
  invalid: 'This link is invalid or has expired.',
} as const;

export interface UpdateInput {
  answers: Record<string, Answer>;
  currentPassword?: string | undefined;
  password?: string | undefined;
  repeatNewPassword?: string | undefined;
  terms?: number[] | undefined;
}

/**
 * `PUT api/my-account/user/update`: saves the non-empty answers the customer sent and, when asked,
 * a new password (which signs out every other session). A new password or a new email address needs
 * the current password; either change voids outstanding reset links and is announced to the address
 * the account had (issue 44). The caller then rotates the session.
 */
export async function updateDetails(
  deps: AuthDeps,
  user: UserRow,
  onboardingType: OnboardingType,
  input: UpdateInput,
): Promise<{ passwordChanged: boolean; emailChanged: boolean }> {
  const { db } = deps;
  const form = await getDataFieldForm(db, user.clientId, onboardingType, customerRecord(user));
  const today = localDateOf(new Date(), (await getCurrentClient(db, deps.config)).timezone);
  const answers = Object.fromEntries(
    Object.entries(input.answers).filter(([, answer]) => !isEmptyAnswer(answer)),
  );
  const errors = checkAnswers(form, answers, 'update', today, customerRecord(user));
  const { columns, extra } = answersToCustomer(form, answers, user.extra);
  if (columns.email && (await emailTakenByOther(db, user.clientId, columns.email, user.id))) {
    errors.email = [...(errors.email ?? []), detailsMessages.emailTaken];
  }

  const changingPassword = Boolean(input.password);
  const changingEmail = Boolean(columns.email) && columns.email?.toLowerCase() !== user.email.toLowerCase();
  const currentPasswordError = await checkCurrentPassword(user, input.currentPassword, {
    changingPassword,
    changingEmail,
  });
  if (currentPasswordError) errors.current_password = [currentPasswordError];
  if (changingPassword && input.password !== input.repeatNewPassword)
    errors.repeat_new_password = [passwordMessages.confirmation];
  if (changingPassword) {
    await addPasswordPolicyErrors(errors, 'password', input.password as string, {
      email: columns.email ?? user.email,
      firstName: columns.firstName ?? user.firstName,
      lastName: columns.lastName ?? user.lastName,
    });
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
    // A reset link sent before must not undo the change (or reach a mailbox the account has left).
    if (changingPassword || changingEmail) await expireUserResetTokens(tx, user.id, new Date());
  });
  // To the address the account had: its owner hears of a change they did not make.
  if (changingEmail) await sendAccountNotice(deps, user, 'email_changed');
  if (changingPassword) {
    await sendAccountNotice(deps, { ...user, email: columns.email ?? user.email }, 'password_changed');
  }
  return { passwordChanged: changingPassword, emailChanged: changingEmail };
}

/**
 * Adds the server's password policy (common passwords, one's own email or name: lib/password-policy.ts)
 * to a new password's field errors; the contract has checked its length.
 */
async function addPasswordPolicyErrors(
  errors: FieldErrors,
  field: string,
  password: string,
  owner: Parameters<typeof passwordPolicyProblems>[1],
): Promise<void> {
  const problems = await passwordPolicyProblems(password, owner);
  if (problems.length > 0) errors[field] = [...(errors[field] ?? []), ...problems];
}

/**
 * The current password's field message, or undefined when none is needed or it is right: a new
 * password or a new email address needs it (so a session alone cannot take the account over).
 */
async function checkCurrentPassword(
  user: UserRow,
  currentPassword: string | undefined,
  changing: { changingPassword: boolean; changingEmail: boolean },
): Promise<string | undefined> {
  if (!changing.changingPassword && !changing.changingEmail) return undefined;
  if (!currentPassword) {
    return changing.changingPassword
      ? detailsMessages.currentPasswordWrong
      : detailsMessages.currentPasswordForEmail;
  }
  return (await verifyPassword(user.passwordHash, currentPassword))
    ? undefined
    : detailsMessages.currentPasswordWrong;
}

/** Emails the account's owner that its password or email address changed (accountChangeNoticeEmail). */
async function sendAccountNotice(
  deps: AuthDeps,
  user: Pick<UserRow, 'email' | 'firstName'>,
  change: 'password_changed' | 'password_reset' | 'email_changed',
): Promise<void> {
  const brand = await getBrand(deps.db, deps.config);
  const email = accountChangeNoticeEmail(
    brand,
    { firstName: user.firstName },
    change,
    `${emailSiteUrls(deps.config.publicUrls).account}/`,
  );
  await deps.mailer.send({ to: user.email, template: `account_${change}`, ...email });
}

// ---- Forgotten password and reset ----------------------------------------------------------------

/**
 * `POST api/auth/customer/forgotten-password`: emails a one-time link. An address shared by several
 * accounts answers 422 with a message starting 'Multiple' so the client asks for the customer ID.
 * Every other request gets the same answer, whether or not an account matches and whether or not an
 * email goes: past the caps (lib/rate-limit.ts `emailLimits`, per account and per address) nothing is
 * sent, and nothing is refused, so neither the answer nor a 429 tells who has an account.
 */
export async function requestPasswordReset(
  deps: AuthDeps,
  emailOrReference: string,
  ipAddress: string,
): Promise<string> {
  const { db, config } = deps;
  const client = await getCurrentClient(db, config);
  const accountKey = emailOrReference.trim().toLowerCase();
  const matches = await accountsNamed(db, client.id, accountKey);
  if (matches.length > 1) {
    throw AppError.validation(
      { email_or_reference: [forgottenPasswordMessages.multiple] },
      forgottenPasswordMessages.multiple,
    );
  }
  const user = matches[0];
  deps.securityEvent?.('password.reset-requested', {
    userId: user?.id,
    reason: user ? undefined : 'unknown-account',
  });
  if (user && (await admitEmail(db, 'password_reset', user.id, ipAddress))) {
    const token = newToken();
    await insertResetToken(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.passwordResetTtlMinutes * 60_000),
    });
    const brand = await getBrand(db, config);
    const url = `${emailSiteUrls(config.publicUrls).account}/password-reset/${token}`;
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
): Promise<number> {
  const { db } = deps;
  const { row, user } = await liveResetToken(deps, input.token);
  const errors: FieldErrors = {};
  if (input.password !== input.passwordConfirmation) {
    errors.password_confirmation = [passwordMessages.confirmation];
  }
  await addPasswordPolicyErrors(errors, 'password', input.password, user);
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, row.id, new Date()))) {
      throw new AppError('forbidden', passwordResetMessages.invalid);
    }
    await updateUser(tx, user.id, { passwordHash });
    await expireUserResetTokens(tx, user.id, new Date());
    await endUserSessions(tx, user.id);
  });
  await sendAccountNotice(deps, user, 'password_reset');
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
  return user.id;
}

/** The retention job's part (jobs.ts): reset tokens used or run out are deleted. */
export { deleteSpentResetTokens, deleteSpentVerificationTokens } from './auth.repository';

// ---- The member's photo columns, for documents/ (decision 061: auth owns the user row) ----------------

/** Links the member's photo upload (null: none), inside the caller's transaction. */
export async function linkProfilePhoto(db: Database, userId: number, uploadId: number | null): Promise<void> {
  await setUserPhoto(db, userId, uploadId);
}

/** Records that the member dismissed the photo reminder. */
export async function dismissPhotoReminder(db: Database, userId: number, at: Date): Promise<void> {
  await setPhotoReminderDismissed(db, userId, at);
}

/** Whether a customer has accepted these terms (a changed text then becomes a new version: issue 47). */
export async function wereTermsAccepted(db: Database, termId: number): Promise<boolean> {
  return anyTermsAcceptance(db, termId);
}
