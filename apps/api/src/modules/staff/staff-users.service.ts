import type { AdminListQuery } from '@leisure/contract/admin/lists';
import type {
  StaffInviteRequest,
  StaffRoleDescription,
  StaffUser,
  StaffUserUpdate,
} from '@leisure/contract/admin/staff';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { emailSiteUrls } from '../../lib/public-urls';
import { hashToken, newToken } from '../../lib/tokens';
import { type AuditActor, actorOf, recordChange } from '../audit/audit.service';
import {
  checkNewPassword,
  createStaffUser,
  findAccountsByEmail,
  findStaffUsersPage,
  lockActiveAdministrators,
  lockUserOfClient,
  setStaffPassword,
  type UserRow,
  updateStaffAccount,
} from '../auth/auth.service';
import type { Mailer } from '../mail/mail.service';
import { renderEmail } from '../mail/templates';
import { findVenueIdsOfClient, getCurrentClient } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import {
  isStaffRole,
  isVenueScoped,
  type StaffRole,
  staffRoleNames,
  staffRoles,
} from '../session/permissions';
import { type Auth, endUserSessions, findStaffVenueIds, replaceStaffVenues } from '../session/session';
import { sessionCache } from '../session/session-cache';
import {
  consumeInvitation,
  deleteStaffMfa,
  expireInvitations,
  findEnrolledUserIds,
  insertInvitation,
} from './staff.repository';

/**
 * The console's staff users (issue 47): invited by email (they set their own password from the
 * link: no account is ever made with a password anyone else knows), given a role and, for a
 * venue-scoped role, venues; disabled (every session ends at once) and enabled; their second factor
 * reset. Nobody disables or demotes themselves, and the last active administrator stays one.
 */

export interface StaffUsersDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
}

export const staffUserMessages = {
  self: 'You cannot disable or change the role of your own account.',
  lastAdministrator: 'This is the last active administrator: make another administrator first.',
  emailTaken: 'A staff user with this email address already exists.',
  unknownRole: 'Choose one of the roles.',
  venuesNeeded: 'Choose at least one venue for this role.',
  otherVenue: 'Choose only venues of this operator.',
  invitationInvalid: 'This invitation has expired or has been used. Ask an administrator for a new one.',
} as const;

export function listStaffRoles(): StaffRoleDescription[] {
  return staffRoleNames.map((name) => ({
    name,
    label: staffRoles[name].label,
    venue_scoped: staffRoles[name].venueScoped,
    permissions: [...staffRoles[name].permissions],
  }));
}

function statusOf(user: UserRow): StaffUser['status'] {
  if (user.disabledAt) return 'disabled';
  if (user.invitedAt) return 'invited';
  return 'active';
}

function staffUserOf(user: UserRow, venueIds: readonly number[], enrolled: boolean): StaffUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    role: user.role,
    role_label: isStaffRole(user.role) ? staffRoles[user.role].label : user.role,
    venue_ids: [...venueIds],
    status: statusOf(user),
    mfa_enrolled: enrolled,
    last_signed_in_at: user.lastSignedInAt?.toISOString() ?? null,
  };
}

async function describe(db: Database, users: readonly UserRow[]): Promise<StaffUser[]> {
  const ids = users.map((user) => user.id);
  const [venues, enrolled] = await Promise.all([findStaffVenueIds(db, ids), findEnrolledUserIds(db, ids)]);
  return users.map((user) => staffUserOf(user, venues.get(user.id) ?? [], enrolled.has(user.id)));
}

export async function listStaffUsers(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  query: AdminListQuery,
): Promise<{ data: StaffUser[]; meta: { page: number; per_page: number; total: number } }> {
  const client = await getCurrentClient(deps.db, deps.config);
  const { rows, total } = await findStaffUsersPage(deps.db, client.id, {
    search: query.q,
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return { data: await describe(deps.db, rows), meta: { page: query.page, per_page: query.per_page, total } };
}

async function lockStaffUser(db: Database, clientId: number, id: number): Promise<UserRow> {
  const user = Number.isSafeInteger(id) && id > 0 ? await lockUserOfClient(db, clientId, id) : undefined;
  if (!user || !isStaffRole(user.role)) throw AppError.notFound();
  return user;
}

export async function getStaffUser(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  id: number,
): Promise<StaffUser> {
  const client = await getCurrentClient(deps.db, deps.config);
  const user = await lockStaffUser(deps.db, client.id, id);
  const [described] = await describe(deps.db, [user]);
  if (!described) throw AppError.notFound();
  return described;
}

/** The venues a user of `role` keeps: checked to be the operator's; none for a role that is not venue-scoped. */
async function venuesFor(db: Database, clientId: number, role: string, venueIds: readonly number[]) {
  if (!isVenueScoped(role)) return [];
  const unique = [...new Set(venueIds)];
  if (unique.length === 0) throw AppError.validation({ venue_ids: [staffUserMessages.venuesNeeded] });
  const own = await findVenueIdsOfClient(db, clientId, unique);
  if (own.length !== unique.length) throw AppError.validation({ venue_ids: [staffUserMessages.otherVenue] });
  return unique.sort((a, b) => a - b);
}

async function sendInvitation(deps: StaffUsersDeps, user: UserRow, token: string): Promise<void> {
  const brand = await getBrand(deps.db, deps.config);
  const url = invitationUrl(deps.config, token);
  const email = renderEmail(brand, {
    subject: `Your ${brand.appName} console account`,
    heading: 'You are invited to the operator console',
    paragraphs: [
      `Hello ${user.firstName},`,
      `You have been given a staff account on the ${brand.appName} operator console. Set your password with the link below; when you first sign in you will set up two-step verification with an authenticator app.`,
    ],
    action: { label: 'Set my password', url },
    footnote: `The link works once and expires in ${deps.config.staffSessions.invitationTtlHours} hours.`,
  });
  await deps.mailer.send({ to: user.email, template: 'staff_invitation', ...email });
}

/** A new invitation token for the user (earlier ones end); the caller sends or prints the link. */
export async function issueInvitation(
  db: Database,
  config: Config,
  userId: number,
  validHours = config.staffSessions.invitationTtlHours,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await expireInvitations(db, userId, now);
  await insertInvitation(db, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + validHours * 3_600_000),
  });
  return token;
}

/** The console's invitation link for a token (the bootstrap command prints it). */
export function invitationUrl(config: Config, token: string): string {
  return `${emailSiteUrls(config.publicUrls).bookings.replace(/\/$/, '')}/admin/invitation/${token}`;
}

/**
 * Creates an invited staff user (a random password nobody knows) and its invitation, recorded in the
 * audit log by `actor`; answers the user and the invitation's token (emailed by `inviteStaffUser`).
 */
export async function createInvitedStaffUser(
  db: Database,
  config: Config,
  actor: AuditActor,
  input: StaffInviteRequest,
  request?: FastifyRequest,
  validHours?: number,
): Promise<{ user: UserRow; venueIds: number[]; token: string }> {
  if (!isStaffRole(input.role)) throw AppError.validation({ role: [staffUserMessages.unknownRole] });
  const role: StaffRole = input.role;
  return db.transaction(async (tx) => {
    const venueIds = await venuesFor(tx, actor.clientId, role, input.venue_ids);
    const existing = await findAccountsByEmail(tx, actor.clientId, input.email);
    if (existing.some((user) => isStaffRole(user.role))) {
      throw AppError.validation({ email: [staffUserMessages.emailTaken] });
    }
    const user = await createStaffUser(tx, actor.clientId, {
      email: input.email,
      password: newToken(),
      firstName: input.first_name,
      lastName: input.last_name,
      role,
      invited: true,
    });
    if (venueIds.length) await replaceStaffVenues(tx, user.id, venueIds);
    const token = await issueInvitation(tx, config, user.id, validHours);
    await recordChange(
      tx,
      actor,
      {
        action: 'staff-user.invite',
        entityType: 'staff-user',
        entityId: user.id,
        after: staffUserOf(user, venueIds, false),
      },
      request,
    );
    return { user, venueIds, token };
  });
}

/**
 * The first administrator of a new operator (`npm run operator -- init`): invited like any staff user
 * (nobody ever knows a password for it); the command prints the invitation link. Call it inside the
 * transaction that creates the operator.
 */
export async function inviteFirstAdministrator(
  db: Database,
  config: Config,
  clientId: number,
  administrator: { email: string; firstName: string; lastName: string },
  validHours: number,
): Promise<{ userId: number; url: string }> {
  const { user, token } = await createInvitedStaffUser(
    db,
    config,
    { clientId, userId: null, email: null },
    {
      email: administrator.email,
      first_name: administrator.firstName,
      last_name: administrator.lastName,
      role: 'administrator',
      venue_ids: [],
    },
    undefined,
    validHours,
  );
  return { userId: user.id, url: invitationUrl(config, token) };
}

/** `POST api/admin/staff-users`: invites by email. */
export async function inviteStaffUser(
  deps: StaffUsersDeps,
  auth: Auth,
  input: StaffInviteRequest,
  request: FastifyRequest,
): Promise<StaffUser> {
  const { user, venueIds, token } = await createInvitedStaffUser(
    deps.db,
    deps.config,
    actorOf(auth.user),
    input,
    request,
  );
  await sendInvitation(deps, user, token);
  return staffUserOf(user, venueIds, false);
}

/** `POST api/admin/staff-users/{id}/invitation`: a new link for a user still invited (earlier links end). */
export async function resendInvitation(
  deps: StaffUsersDeps,
  auth: Auth,
  id: number,
  request: FastifyRequest,
): Promise<StaffUser> {
  const { user, token } = await deps.db.transaction(async (tx) => {
    const user = await lockStaffUser(tx, auth.user.clientId, id);
    if (!user.invitedAt) throw new AppError('conflict', 'This user has already accepted their invitation.');
    const token = await issueInvitation(tx, deps.config, user.id);
    await recordChange(
      tx,
      actorOf(auth.user),
      { action: 'staff-user.reinvite', entityType: 'staff-user', entityId: user.id },
      request,
    );
    return { user, token };
  });
  await sendInvitation(deps, user, token);
  return getStaffUser(deps, user.id);
}

/** Refuses a change that would leave the operator without an active administrator. */
async function keepAnAdministrator(db: Database, user: UserRow): Promise<void> {
  if (user.role !== 'administrator' || user.disabledAt || user.invitedAt) return;
  const active = await lockActiveAdministrators(db, user.clientId);
  if (active.length <= 1 && active.includes(user.id)) {
    throw AppError.validation(
      { role: [staffUserMessages.lastAdministrator] },
      staffUserMessages.lastAdministrator,
    );
  }
}

type Change = (tx: Database, user: UserRow) => Promise<{ action: string; user: UserRow; revoke?: boolean }>;

/** Runs one change of a staff user in a transaction with its audit entry (before and after). */
async function changeStaffUser(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  auth: Auth,
  id: number,
  request: FastifyRequest,
  change: Change,
): Promise<StaffUser> {
  const result = await deps.db.transaction(async (tx) => {
    const before = await lockStaffUser(tx, auth.user.clientId, id);
    const [beforeView] = await describe(tx, [before]);
    const changed = await change(tx, before);
    const [afterView] = await describe(tx, [changed.user]);
    if (changed.revoke) await endUserSessions(tx, id);
    await recordChange(
      tx,
      actorOf(auth.user),
      {
        action: changed.action,
        entityType: 'staff-user',
        entityId: id,
        before: beforeView,
        after: afterView,
      },
      request,
    );
    return afterView;
  });
  sessionCache.forgetUser(id);
  if (!result) throw AppError.notFound();
  return result;
}

/** `PATCH api/admin/staff-users/{id}`: names, role, venues. */
export async function updateStaffUser(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  auth: Auth,
  id: number,
  input: StaffUserUpdate,
  request: FastifyRequest,
): Promise<StaffUser> {
  return changeStaffUser(deps, auth, id, request, async (tx, user) => {
    const role = input.role ?? user.role;
    if (!isStaffRole(role)) throw AppError.validation({ role: [staffUserMessages.unknownRole] });
    if (role !== user.role) {
      if (user.id === auth.user.id) throw AppError.validation({ role: [staffUserMessages.self] });
      await keepAnAdministrator(tx, user);
    }
    if (input.venue_ids !== undefined || role !== user.role) {
      const current = (await findStaffVenueIds(tx, [user.id])).get(user.id) ?? [];
      const venueIds = await venuesFor(tx, user.clientId, role, input.venue_ids ?? current);
      await replaceStaffVenues(tx, user.id, venueIds);
    }
    const updated = await updateStaffAccount(tx, user.id, {
      firstName: input.first_name ?? user.firstName,
      lastName: input.last_name ?? user.lastName,
      role,
    });
    return { action: 'staff-user.update', user: updated };
  });
}

/** `POST api/admin/staff-users/{id}/disable`: refuses sign-in and ends every session at once. */
export async function disableStaffUser(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  auth: Auth,
  id: number,
  request: FastifyRequest,
): Promise<StaffUser> {
  return changeStaffUser(deps, auth, id, request, async (tx, user) => {
    if (user.id === auth.user.id)
      throw AppError.validation({ status: [staffUserMessages.self] }, staffUserMessages.self);
    await keepAnAdministrator(tx, user);
    const updated = user.disabledAt
      ? user
      : await updateStaffAccount(tx, user.id, { disabledAt: new Date() });
    return { action: 'staff-user.disable', user: updated, revoke: true };
  });
}

/** `POST api/admin/staff-users/{id}/enable`. */
export async function enableStaffUser(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  auth: Auth,
  id: number,
  request: FastifyRequest,
): Promise<StaffUser> {
  return changeStaffUser(deps, auth, id, request, async (tx, user) => {
    const updated = user.disabledAt ? await updateStaffAccount(tx, user.id, { disabledAt: null }) : user;
    return { action: 'staff-user.enable', user: updated };
  });
}

/** `POST api/admin/staff-users/{id}/reset-mfa`: they set up their authenticator again; sessions end. */
export async function resetStaffUserMfa(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  auth: Auth,
  id: number,
  request: FastifyRequest,
): Promise<StaffUser> {
  return changeStaffUser(deps, auth, id, request, async (tx, user) => {
    await deleteStaffMfa(tx, user.id);
    return { action: 'staff-user.reset-mfa', user, revoke: true };
  });
}

/** `POST api/admin/invitations/accept` (public): sets the invitee's password, once per link. */
export async function acceptInvitation(
  deps: Pick<StaffUsersDeps, 'db' | 'config'>,
  input: { token: string; password: string },
  request: FastifyRequest,
): Promise<{ email: string }> {
  const now = new Date();
  return deps.db.transaction(async (tx) => {
    const invitation = await consumeInvitation(tx, hashToken(input.token), now);
    const client = await getCurrentClient(tx, deps.config);
    const user = invitation ? await lockUserOfClient(tx, client.id, invitation.userId) : undefined;
    if (!user || !isStaffRole(user.role) || user.disabledAt) {
      throw new AppError('forbidden', staffUserMessages.invitationInvalid);
    }
    await checkNewPassword(user, input.password);
    await setStaffPassword(tx, user.id, input.password);
    await expireInvitations(tx, user.id, now);
    await recordChange(
      tx,
      actorOf(user),
      { action: 'staff-user.accept-invitation', entityType: 'staff-user', entityId: user.id },
      request,
    );
    return { email: user.email };
  });
}
