import { zAdminListQuery, zAdminPage } from '@leisure/contract/admin/lists';
import {
  zMfaConfirmRequest,
  zMfaConfirmResponse,
  zMfaEnrolment,
  zMfaVerifyRequest,
  zStaffInvitationAccept,
  zStaffInviteRequest,
  zStaffMe,
  zStaffRoles,
  zStaffSignInRequest,
  zStaffSignInResponse,
  zStaffUser,
  zStaffUserUpdate,
} from '@leisure/contract/admin/staff';
import { zMessageResponse } from '@leisure/contract/auth';
import { zErrorResponse } from '@leisure/contract/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { clearSessionCookies, currentAuth, endSession, requireAuth } from '../session/session';
import {
  beginEnrolment,
  confirmEnrolment,
  requireStaffSession,
  type StaffSessionDeps,
  signInStaff,
  staffMeOf,
  verifySecondFactor,
} from './staff-session.service';
import {
  acceptInvitation,
  disableStaffUser,
  enableStaffUser,
  getStaffUser,
  inviteStaffUser,
  listStaffRoles,
  listStaffUsers,
  resendInvitation,
  resetStaffUserMfa,
  type StaffUsersDeps,
  updateStaffUser,
} from './staff-users.service';

const tags = ['admin'];
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
const zId = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const errors = {
  invalid: zErrorResponse.describe('Invalid input: `{message, errors: {field: [..]}}`.'),
  unauthenticated: zErrorResponse.describe('No staff session (or its second factor is still to give).'),
  forbidden: zErrorResponse.describe('The role does not give the permission.'),
  notFound: zErrorResponse.describe('No such staff user.'),
};
const pending = { access: 'public', mfa: 'pending-allowed' } as const;

/**
 * The console's staff: signing in with the second factor, who is signed in, the staff users and
 * their invitations (issue 47; contract `admin/staff.ts`).
 */
export const staffRoutes: FastifyPluginAsyncZod<StaffUsersDeps & StaffSessionDeps> = async (app, deps) => {
  const { db, config } = deps;

  // ---- Signing in ----------------------------------------------------------------------------

  app.post(
    '/admin/session',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Staff sign-in: the password step',
        description:
          'Starts a pending staff session (cookies for a browser, the token for API clients) that can only ' +
          'enrol or verify the second factor, or log out. Limited like the customer login; the same 401 for a ' +
          'wrong email, a wrong password and a disabled account.',
        body: zStaffSignInRequest,
        response: { 200: zStaffSignInResponse, 401: errors.unauthenticated, 422: errors.invalid },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return signInStaff(deps, request.body, request, reply);
    },
  );

  app.post(
    '/admin/session/mfa/enrolment',
    {
      config: pending,
      schema: {
        tags,
        summary: 'A new authenticator secret (first sign-in)',
        description: 'Not active until confirmed. 409 when the account already has an authenticator.',
        security,
        response: { 200: zMfaEnrolment, 401: errors.unauthenticated, 409: zErrorResponse },
      },
    },
    async (request, reply) => {
      const auth = await requireStaffSession(deps, request);
      reply.header('cache-control', 'no-store');
      return beginEnrolment(deps, auth);
    },
  );

  app.post(
    '/admin/session/mfa/enrolment/confirm',
    {
      config: pending,
      schema: {
        tags,
        summary: 'Confirm the authenticator with its first code',
        description: 'Completes the sign-in and answers ten single-use recovery codes, shown once.',
        security,
        body: zMfaConfirmRequest,
        response: {
          200: zMfaConfirmResponse,
          401: errors.unauthenticated,
          409: zErrorResponse,
          422: errors.invalid,
          429: zErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireStaffSession(deps, request);
      reply.header('cache-control', 'no-store');
      return confirmEnrolment(deps, auth, request.body.code, request);
    },
  );

  app.post(
    '/admin/session/mfa/verify',
    {
      config: pending,
      schema: {
        tags,
        summary: 'Give the second factor: a code from the app, or a recovery code',
        description:
          'A code works once (not again within its window); a recovery code is used up. Wrong codes are ' +
          'limited (429). Answers who is signed in.',
        security,
        body: zMfaVerifyRequest,
        response: { 200: zStaffMe, 401: errors.unauthenticated, 422: errors.invalid, 429: zErrorResponse },
      },
    },
    async (request) => {
      const auth = await requireStaffSession(deps, request);
      await verifySecondFactor(deps, auth, request.body, request);
      return staffMeOf(config, auth);
    },
  );

  app.post(
    '/admin/session/logout',
    {
      config: pending,
      schema: {
        tags,
        summary: 'Staff log-out',
        description: 'Ends the session (pending or complete) and clears its cookies; 200 even without one.',
        security,
        response: { 200: zMessageResponse },
      },
    },
    async (request, reply) => {
      const auth = await currentAuth(db, config, request);
      if (auth) await endSession(db, auth);
      clearSessionCookies(config, request, reply);
      return { message: 'Signed out' };
    },
  );

  app.get(
    '/admin/me',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        summary: 'The signed-in staff user',
        description: '401 without a staff session that has given its second factor (403 for a customer).',
        security,
        response: { 200: zStaffMe, 401: errors.unauthenticated, 403: errors.forbidden },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.header('cache-control', 'no-store');
      if (auth.user.role === 'customer') return reply.code(403).send({ message: 'Staff only.' });
      return staffMeOf(config, auth);
    },
  );

  // ---- Roles and staff users -----------------------------------------------------------------

  app.get(
    '/admin/roles',
    {
      config: { access: 'staff:staff.manage' },
      schema: { tags, summary: 'The staff roles', security, response: { 200: zStaffRoles } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: listStaffRoles() };
    },
  );

  app.get(
    '/admin/staff-users',
    {
      config: { access: 'staff:staff.manage' },
      schema: {
        tags,
        summary: 'The staff users, paged, searched by name or email',
        security,
        querystring: zAdminListQuery,
        response: { 200: zAdminPage(zStaffUser) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listStaffUsers(deps, request.query);
    },
  );

  app.get(
    '/admin/staff-users/:id',
    {
      config: { access: 'staff:staff.manage' },
      schema: {
        tags,
        summary: 'One staff user',
        security,
        params: zId,
        response: { 200: zStaffUser, 404: errors.notFound },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getStaffUser(deps, request.params.id);
    },
  );

  app.post(
    '/admin/staff-users',
    {
      config: { access: 'staff:staff.manage' },
      schema: {
        tags,
        summary: 'Invite a staff user',
        description:
          'Creates the user with no usable password and emails them a single-use link to ' +
          '`/admin/invitation/{token}` where they set it; they enrol their second factor at first sign-in.',
        security,
        body: zStaffInviteRequest,
        response: { 201: zStaffUser, 422: errors.invalid },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      return reply.code(201).send(await inviteStaffUser(deps, auth, request.body, request));
    },
  );

  app.patch(
    '/admin/staff-users/:id',
    {
      config: { access: 'staff:staff.manage' },
      schema: {
        tags,
        summary: "Change a staff user's names, role or venues",
        description: 'Nobody changes their own role; the last active administrator keeps theirs.',
        security,
        params: zId,
        body: zStaffUserUpdate,
        response: { 200: zStaffUser, 404: errors.notFound, 422: errors.invalid },
      },
    },
    async (request) => {
      const auth = await requireAuth(db, config, request);
      return updateStaffUser(deps, auth, request.params.id, request.body, request);
    },
  );

  const actions = [
    ['disable', disableStaffUser, 'Disable: refuses sign-in and ends every session at once'],
    ['enable', enableStaffUser, 'Enable a disabled staff user'],
    ['reset-mfa', resetStaffUserMfa, 'Reset the second factor: they enrol again; their sessions end'],
    [
      'invitation',
      resendInvitation,
      'Send a new invitation link to a user still invited (earlier links end)',
    ],
  ] as const;
  for (const [name, act, summary] of actions) {
    app.post(
      `/admin/staff-users/:id/${name}`,
      {
        config: { access: 'staff:staff.manage' },
        schema: {
          tags,
          summary,
          security,
          params: zId,
          response: { 200: zStaffUser, 404: errors.notFound, 409: zErrorResponse, 422: errors.invalid },
        },
      },
      async (request) => {
        const auth = await requireAuth(db, config, request);
        return act(deps, auth, request.params.id, request);
      },
    );
  }

  app.post(
    '/admin/invitations/accept',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Accept a console invitation: set the new staff user's password",
        description: 'The link works once and expires (403 then). Signs nobody in: sign in next.',
        body: zStaffInvitationAccept,
        response: {
          200: z.object({ message: z.string(), email: z.string() }),
          403: zErrorResponse,
          422: errors.invalid,
        },
      },
    },
    async (request) => {
      const { email } = await acceptInvitation(deps, request.body, request);
      return { message: 'Your password is set. Sign in to the console.', email };
    },
  );
};
