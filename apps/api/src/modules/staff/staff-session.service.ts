import type { MfaEnrolment, StaffMe, StaffSignInRequest } from '@leisure/contract/admin/staff';
import { loginMessages } from '@leisure/contract/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { admitLogin, assertNotRateLimited, recordAuthAttempt, settleLogin } from '../../lib/rate-limit';
import { logSecurityEvent, requestFields } from '../../lib/security-events';
import { hashToken } from '../../lib/tokens';
import { actorOf, recordChange } from '../audit/audit.service';
import { findAccountsByEmail, passwordOpens, type UserRow, updateStaffAccount } from '../auth/auth.service';
import { getCurrentClient } from '../operator/operator.service';
import { isStaffRole, isVenueScoped, permissionsOf, staffRoles } from '../session/permissions';
import {
  type Auth,
  completeSessionMfa,
  currentAuth,
  isCookieClient,
  staffAbsoluteExpiry,
  staffIdleExpiry,
  startSession,
} from '../session/session';
import {
  canonicalRecoveryCode,
  decryptSecret,
  encryptSecret,
  enrolmentOf,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
} from './mfa-crypto';
import {
  confirmPendingSecret,
  findStaffMfa,
  replaceRecoveryCodes,
  savePendingSecret,
  useRecoveryCode,
  useStep,
} from './staff.repository';

/**
 * Staff sign in to the console (issue 47): a password, then a second factor from a TOTP app, every
 * time. The password opens a pending session (session.ts `mfaPending`) that can only enrol or verify
 * the second factor, or log out; the second factor completes it.
 */

export interface StaffSessionDeps {
  db: Database;
  config: Config;
}

export const mfaMessages = {
  wrongCode: 'That code is not right, or it was already used. Enter the newest code from your app.',
  wrongRecovery: 'That recovery code is not right, or it was already used.',
  enrolled: 'Two-step verification is already set up for this account: enter a code from your app.',
  notEnrolled: 'Set up two-step verification first.',
  noEnrolment: 'Start setting up your authenticator app again.',
  tooMany: 'Too many wrong codes. Please try again in 15 minutes.',
} as const;

/** `POST api/admin/session`: the password step. The same refusal for every wrong email, password or disabled account. */
export async function signInStaff(
  deps: StaffSessionDeps,
  credentials: StaffSignInRequest,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ next: 'enrol' | 'verify'; token?: string }> {
  const { db, config } = deps;
  const client = await getCurrentClient(db, config);
  const accountKey = credentials.email.trim().toLowerCase();
  const staff = (await findAccountsByEmail(db, client.id, accountKey)).find((user) => isStaffRole(user.role));
  const attemptId = await admitLogin(
    db,
    { accountKey, ipAddress: request.ip, accounts: staff ? [staff.id] : [] },
    {
      onRefused: (reason) =>
        logSecurityEvent(request.log, 'login.limited', {
          ...requestFields(request),
          userId: staff?.id,
          reason,
        }),
    },
  );
  const opens = await passwordOpens(staff, credentials.password);
  if (!staff || !opens || staff.disabledAt || staff.invitedAt) {
    logSecurityEvent(request.log, 'login.failed', {
      ...requestFields(request),
      userId: staff?.id,
      reason: !staff ? 'unknown-account' : !opens ? 'bad-password' : 'disabled',
    });
    throw new AppError('unauthenticated', loginMessages.invalid);
  }
  await settleLogin(db, attemptId, staff.id, request.ip);
  logSecurityEvent(request.log, 'login.succeeded', { ...requestFields(request), userId: staff.id });
  // As at the customer login: cookies always, the token in the body for API clients only.
  const { token } = await startSession(db, config, request, reply, staff.id, { cookies: true, staff: true });
  const mfa = await findStaffMfa(db, staff.id);
  const next = mfa?.secretEncrypted ? 'verify' : 'enrol';
  return isCookieClient(request) ? { next } : { next, token };
}

/** The pending (or complete) staff session of a second-factor step; 401 for anything else. */
export async function requireStaffSession(deps: StaffSessionDeps, request: FastifyRequest): Promise<Auth> {
  const auth = await currentAuth(deps.db, deps.config, request);
  if (!auth || !isStaffRole(auth.user.role)) throw new AppError('unauthenticated');
  return auth;
}

/** `POST api/admin/session/mfa/enrolment`: a new secret, until one is confirmed; never a second authenticator. */
export async function beginEnrolment(deps: StaffSessionDeps, auth: Auth): Promise<MfaEnrolment> {
  const { db, config } = deps;
  const mfa = await findStaffMfa(db, auth.user.id);
  if (mfa?.secretEncrypted) throw new AppError('conflict', mfaMessages.enrolled);
  const secret = newTotpSecret();
  await savePendingSecret(db, auth.user.id, encryptSecret(config.staffSessions.mfaKey, secret));
  const client = await getCurrentClient(db, config);
  return enrolmentOf(secret, { email: auth.user.email, issuer: `${client.name} console` });
}

async function refuseWhenLimited(deps: StaffSessionDeps, auth: Auth, request: FastifyRequest): Promise<void> {
  await assertNotRateLimited(deps.db, 'staff_mfa', `user:${auth.user.id}`, request.ip, {
    message: mfaMessages.tooMany,
  });
}

async function countWrongCode(
  deps: StaffSessionDeps,
  auth: Auth,
  request: FastifyRequest,
  field: 'code' | 'recovery_code',
): Promise<never> {
  await recordAuthAttempt(deps.db, {
    kind: 'staff_mfa',
    accountKey: `user:${auth.user.id}`,
    ipAddress: request.ip,
    succeeded: false,
  });
  await recordChange(
    deps.db,
    actorOf(auth.user),
    { action: 'staff-user.mfa-failed', entityType: 'staff-user', entityId: auth.user.id, after: { field } },
    request,
  );
  throw AppError.validation({
    [field]: [field === 'code' ? mfaMessages.wrongCode : mfaMessages.wrongRecovery],
  });
}

async function completeSignIn(deps: StaffSessionDeps, auth: Auth, request: FastifyRequest): Promise<void> {
  const now = new Date();
  await completeSessionMfa(deps.db, auth, now);
  await updateStaffAccount(deps.db, auth.user.id, { lastSignedInAt: now });
  await recordAuthAttempt(deps.db, {
    kind: 'staff_mfa',
    accountKey: `user:${auth.user.id}`,
    ipAddress: request.ip,
    succeeded: true,
  });
  await recordChange(
    deps.db,
    actorOf(auth.user),
    { action: 'staff-user.sign-in', entityType: 'staff-user', entityId: auth.user.id },
    request,
  );
}

/** `POST api/admin/session/mfa/enrolment/confirm`: the first code; answers the recovery codes, once. */
export async function confirmEnrolment(
  deps: StaffSessionDeps,
  auth: Auth,
  code: string,
  request: FastifyRequest,
): Promise<{ recovery_codes: string[] }> {
  const { db, config } = deps;
  await refuseWhenLimited(deps, auth, request);
  const mfa = await findStaffMfa(db, auth.user.id);
  if (mfa?.secretEncrypted) throw new AppError('conflict', mfaMessages.enrolled);
  if (!mfa?.pendingSecretEncrypted) throw AppError.validation({ code: [mfaMessages.noEnrolment] });
  const now = new Date();
  const secret = decryptSecret(config.staffSessions.mfaKey, mfa.pendingSecretEncrypted);
  const step = matchingStep(secret, code, now);
  if (step === undefined) return countWrongCode(deps, auth, request, 'code');
  const codes = newRecoveryCodes();
  const pending = mfa.pendingSecretEncrypted;
  await db.transaction(async (tx) => {
    if (!(await confirmPendingSecret(tx, auth.user.id, pending, step, now))) {
      throw new AppError('conflict', mfaMessages.enrolled);
    }
    await replaceRecoveryCodes(
      tx,
      auth.user.id,
      codes.map((recovery) => hashToken(recovery)),
    );
    await recordChange(
      tx,
      actorOf(auth.user),
      { action: 'staff-user.mfa-enrol', entityType: 'staff-user', entityId: auth.user.id },
      request,
    );
  });
  await completeSignIn(deps, auth, request);
  return { recovery_codes: codes };
}

/** `POST api/admin/session/mfa/verify`: a current code (once) or an unused recovery code (used up). */
export async function verifySecondFactor(
  deps: StaffSessionDeps,
  auth: Auth,
  body: { code?: string; recovery_code?: string },
  request: FastifyRequest,
): Promise<void> {
  const { db, config } = deps;
  await refuseWhenLimited(deps, auth, request);
  const mfa = await findStaffMfa(db, auth.user.id);
  if (!mfa?.secretEncrypted) throw AppError.validation({ code: [mfaMessages.notEnrolled] });
  if (body.code !== undefined) {
    const secret = decryptSecret(config.staffSessions.mfaKey, mfa.secretEncrypted);
    const step = matchingStep(secret, body.code, new Date());
    if (step === undefined || !(await useStep(db, auth.user.id, step))) {
      return countWrongCode(deps, auth, request, 'code');
    }
  } else {
    const recovery = canonicalRecoveryCode(body.recovery_code ?? '');
    if (!(await useRecoveryCode(db, auth.user.id, hashToken(recovery), new Date()))) {
      return countWrongCode(deps, auth, request, 'recovery_code');
    }
  }
  await completeSignIn(deps, auth, request);
}

/** `GET api/admin/me`. */
export function staffMeOf(config: Config, auth: Auth): StaffMe {
  const user: UserRow = auth.user;
  const role = isStaffRole(user.role) ? staffRoles[user.role] : undefined;
  const now = new Date();
  const venueScoped = isVenueScoped(user.role);
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    role_label: role?.label ?? user.role,
    permissions: [...permissionsOf(user)],
    venue_ids: venueScoped ? [...auth.staffVenueIds] : [],
    venue_scoped: venueScoped,
    expires_at: staffAbsoluteExpiry(config, auth.session.createdAt).toISOString(),
    idle_expires_at: staffIdleExpiry(config, auth.session.createdAt, now).toISOString(),
  };
}

/**
 * Gives a staff user a known, confirmed authenticator secret: the DEMO's staff account only (its
 * secret is published in the README, like its password; production refuses demo data).
 */
export async function enrolKnownSecretForDemo(
  db: Database,
  config: Config,
  userId: number,
  secret: string,
): Promise<void> {
  const encrypted = encryptSecret(config.staffSessions.mfaKey, secret);
  await savePendingSecret(db, userId, encrypted);
  await confirmPendingSecret(db, userId, encrypted, 0, new Date());
}
