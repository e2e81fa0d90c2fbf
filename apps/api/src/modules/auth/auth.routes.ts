import {
  detailsMessages,
  passwordResetMessages,
  zForgottenPasswordRequest,
  zLoginRequest,
  zMessageResponse,
  zPasswordResetRequest,
  zPasswordResetValidateRequest,
  zPasswordResetValidateResponse,
  zRegisterQuery,
  zRegisterRequest,
  zSessionHandoverRequest,
  zSessionHandoverResponse,
  zTokenResponse,
  zUpdateUserQuery,
  zUpdateUserRequest,
} from '@leisure/contract/auth';
import type { Answer } from '@leisure/contract/data-fields';
import { zErrorResponse } from '@leisure/contract/errors';
import { zDataFieldsQuery, zDataFieldsResponse } from '@leisure/contract/operator';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { logSecurityEvent, requestFields } from '../../lib/security-events';
import { getDataFieldForm } from '../data-fields/data-fields.service';
import { getCurrentClient } from '../operator/operator.service';
import { isStaffRole } from '../session/permissions';
import {
  clearSessionCookies,
  createHandover,
  currentAuth,
  endSession,
  exchangeHandover,
  handoverSeconds,
  isCookieClient,
  requireAuth,
  startSession,
} from '../session/session';
import {
  type AuthDeps,
  authenticate,
  customerRecord,
  emailVerificationMessages,
  register,
  registrationMessage,
  requestPasswordReset,
  resetPassword,
  updateDetails,
  validateResetToken,
  verifyEmail,
} from './auth.service';

/** What a staff account hears at the customers' login (only once its password was right). */
export const staffLoginMessage = 'This is a staff account. Sign in to the operator console at /admin/.';

const errors = {
  invalid: zErrorResponse.describe(
    'Invalid input: `{message, errors: {field: [..]}}`, keyed by wire field name.',
  ),
  unauthenticated: zErrorResponse.describe('No valid session.'),
  badCredentials: zErrorResponse.describe('No account matches this username and password: `{message}`.'),
  csrf: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token` header.'),
  tooMany: zErrorResponse.describe(
    'Ten failures in fifteen minutes for this account from this address, a hundred from this address, ' +
      'or (from an address this account has not signed in from) a delay after ten failures of the account.',
  ),
};

/** The security event log for this request: who asked from where, never what they sent. */
function securityEventsOf(request: FastifyRequest): AuthDeps['securityEvent'] {
  return (event, fields = {}) =>
    logSecurityEvent(request.log, event, { ...requestFields(request), ...fields });
}
const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];

/** A new session's answer: the token for API clients only, never in a browser's body (isCookieClient). */
function tokenAnswer(cookieClient: boolean, token: string) {
  return cookieClient ? { status: 'success' as const } : { token, status: 'success' as const };
}
const tokenDescription =
  'API clients get the token (usable as `Authorization: Bearer`); a browser (a request with ' +
  '`Sec-Fetch-Site` or `Origin`, or on the session cookie) gets only the HttpOnly session cookie and ' +
  'the readable `_xsrf` cookie that cookie-authenticated writes echo in `x-xsrf-token`.';

/** Answers are every body key except the fixed ones. */
function answersOf(body: Record<string, unknown>, fixed: readonly string[]): Record<string, Answer> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !fixed.includes(key))) as Record<
    string,
    Answer
  >;
}

export const authRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  const { db, config } = deps;

  app.post(
    '/auth/customer/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Log in with an email or customer number',
        description: `Starts a session. ${tokenDescription}`,
        body: zLoginRequest,
        response: {
          200: zTokenResponse,
          401: errors.badCredentials,
          403: zErrorResponse.describe('A staff account: staff sign in to the console at /admin/.'),
          422: errors.invalid,
          429: errors.tooMany,
        },
      },
    },
    async (request, reply) => {
      const user = await authenticate(
        { ...deps, securityEvent: securityEventsOf(request) },
        request.body,
        request.ip,
      );
      // A staff account signs in to the console only, with its second factor: never here.
      if (isStaffRole(user.role)) throw new AppError('forbidden', staffLoginMessage);
      const { token } = await startSession(db, config, request, reply, user.id);
      return tokenAnswer(isCookieClient(request), token);
    },
  );

  app.post(
    '/auth/session/handover',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'A one-time code that signs a browser in through a URL',
        description:
          'For kiosk and embedded links (`?token={code}`, shell-session-basket.md): a code for the signed-in ' +
          `user that works once, for ${handoverSeconds} seconds; the web app exchanges it with ` +
          '`POST api/auth/session` for a new session of its own. Never put a session token in a URL.',
        security,
        response: { 200: zSessionHandoverResponse, 401: errors.unauthenticated, 419: errors.csrf },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      reply.header('cache-control', 'no-store');
      return { code: await createHandover(db, auth), expires_in: handoverSeconds };
    },
  );

  app.post(
    '/auth/session',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a hand-over code for a new session',
        description:
          'The web app sends the `?token=` value of a kiosk or embedded link (a code from ' +
          '`POST api/auth/session/handover`); answers the new session as cookies only. 401 when the code is ' +
          'unknown, used or expired; 409 when this browser is signed in as another user (it stays so).',
        body: zSessionHandoverRequest,
        response: {
          200: zTokenResponse,
          401: errors.unauthenticated,
          409: zErrorResponse.describe('Another user is signed in on this browser: log out first.'),
          419: errors.csrf,
          422: errors.invalid,
        },
      },
    },
    async (request, reply) => {
      const userId = await exchangeHandover(db, config, request, reply, request.body.token);
      logSecurityEvent(request.log, 'session.handover', { ...requestFields(request), userId });
      return { status: 'success' as const };
    },
  );

  app.post(
    '/auth/logout',
    {
      config: { access: 'public', mfa: 'pending-allowed' },
      schema: {
        tags: ['auth'],
        summary: 'Log out',
        description: 'Revokes the session and clears its cookies. Answers 200 even without a session.',
        security,
        response: { 200: zMessageResponse, 419: errors.csrf },
      },
    },
    async (request, reply) => {
      const auth = await currentAuth(db, config, request);
      if (auth) await endSession(db, auth);
      clearSessionCookies(config, request, reply);
      return { message: 'Logged out' };
    },
  );

  app.post(
    '/auth/customer/register',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Create a customer account',
        description:
          'The body holds the answers to the data-field form of `onboarding_type` (keyed by field `name`) ' +
          'and the fixed keys below. Every registration term must be accepted. Answers 201 with the same body ' +
          'whether or not the email address already has an account, and signs nobody in: log in next. A new ' +
          'account gets the welcome email with a link that verifies its address (`POST /api/auth/email/verify`); ' +
          'the owner of an address in use gets a notice instead, and no account is created. At most 20 ' +
          'registrations an hour from one address (429).',
        querystring: zRegisterQuery,
        body: zRegisterRequest,
        response: {
          201: z.object({ status: z.literal('success'), message: z.string() }),
          422: errors.invalid,
          429: zErrorResponse.describe('Twenty registrations in an hour from this address.'),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await register(
        { ...deps, securityEvent: securityEventsOf(request) },
        request.query.onboarding_type,
        {
          clientId: body.client_id,
          password: body.password,
          passwordConfirmation: body.password_confirmation,
          terms: body.terms,
          checksum: body.checksum,
          answers: answersOf(body, [
            'client_id',
            'source',
            'password',
            'password_confirmation',
            'terms',
            'checksum',
          ]),
        },
        request.ip,
      );
      return reply.code(201).send({ status: 'success' as const, message: registrationMessage });
    },
  );

  app.post(
    '/auth/email/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: "Verify a new account's email address",
        description:
          'The link in the welcome email (`/account/verify-email/{token}` on the account site): works once, ' +
          "before it expires, and sets the account's `email_verified_at`.",
        body: z.object({ token: z.string().min(1).max(200) }),
        response: {
          200: zMessageResponse,
          403: zErrorResponse.describe('The link is unknown, used or expired.'),
          422: errors.invalid,
        },
      },
    },
    async (request) => {
      await verifyEmail({ ...deps, securityEvent: securityEventsOf(request) }, request.body.token);
      return { message: emailVerificationMessages.verified };
    },
  );

  app.post(
    '/auth/customer/forgotten-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Email a password reset link',
        description:
          'Answers the same message whether or not an account matches, and is never refused: at most 3 ' +
          'reset emails an hour go to one account, and 30 on requests from one address; past that nothing ' +
          "is sent. An email shared by several accounts answers 422 with a message starting 'Multiple': " +
          'ask for the customer number instead.',
        body: zForgottenPasswordRequest,
        response: { 200: zMessageResponse, 422: errors.invalid },
      },
    },
    async (request) => ({
      message: await requestPasswordReset(
        { ...deps, securityEvent: securityEventsOf(request) },
        request.body.email_or_reference,
        request.ip,
      ),
    }),
  );

  app.post(
    '/auth/password-reset/validate',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Check a password reset link',
        body: zPasswordResetValidateRequest,
        response: {
          200: zPasswordResetValidateResponse,
          403: zErrorResponse.describe('The link is unknown, used or expired.'),
          422: errors.invalid,
        },
      },
    },
    async (request) => {
      const { email } = await validateResetToken(deps, request.body.token);
      return { status: 'valid' as const, email };
    },
  );

  app.post(
    '/auth/password-reset',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a reset link',
        description: 'The link works once; every session of the account is signed out.',
        body: zPasswordResetRequest,
        response: {
          200: zMessageResponse,
          403: zErrorResponse.describe('The link is unknown, used or expired.'),
          422: errors.invalid,
        },
      },
    },
    async (request) => {
      const userId = await resetPassword(deps, {
        token: request.body.token,
        password: request.body.password,
        passwordConfirmation: request.body.password_confirmation,
      });
      logSecurityEvent(request.log, 'password.reset', { ...requestFields(request), userId });
      return { message: passwordResetMessages.done };
    },
  );

  app.put(
    '/my-account/user/update',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['my-account'],
        summary: "Update the signed-in customer's details",
        description:
          'Saves the non-empty answers sent (empty ones are ignored), checked against the data-field form ' +
          'of `onboarding_type`; fields the customer may not change must be sent unchanged or not at all. ' +
          'With `password`, also needs `current_password` and `repeat_new_password`, and signs out every ' +
          'other session; a new `email` needs `current_password` too (422 on it when missing or wrong). Either ' +
          'change voids outstanding reset links and emails a notice (a new email: to the old address). ' +
          'The session is renewed: API clients get the new token, browsers new cookies.',
        security,
        querystring: zUpdateUserQuery,
        body: zUpdateUserRequest,
        response: {
          200: zTokenResponse.extend({ message: z.string() }),
          401: errors.unauthenticated,
          419: errors.csrf,
          422: errors.invalid,
        },
      },
    },
    async (request, reply) => {
      const auth = await requireAuth(db, config, request);
      const body = request.body;
      const changed = await updateDetails(deps, auth.user, request.query.onboarding_type, {
        answers: answersOf(body, ['current_password', 'password', 'repeat_new_password', 'terms']),
        currentPassword: body.current_password,
        password: body.password,
        repeatNewPassword: body.repeat_new_password,
        terms: body.terms,
      });
      for (const [event, happened] of [
        ['email.changed', changed.emailChanged],
        ['password.changed', changed.passwordChanged],
      ] as const) {
        if (happened)
          logSecurityEvent(request.log, event, { ...requestFields(request), userId: auth.user.id });
      }
      await endSession(db, auth);
      // An API client on a bearer token has no use for cookies; a browser gets its renewed ones.
      const { token } = await startSession(db, config, request, reply, auth.user.id, {
        cookies: auth.via === 'cookie',
      });
      return { ...tokenAnswer(isCookieClient(request, auth), token), message: detailsMessages.updated };
    },
  );

  app.get(
    '/data-fields',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operator'],
        summary: 'The customer-details form of an onboarding type',
        description:
          'Sections of fields with their types, rules and options, and a checksum that register sends back. ' +
          "With a session, each field's `answer` is the customer's current value.",
        querystring: zDataFieldsQuery,
        response: { 200: zDataFieldsResponse, 404: zErrorResponse, 422: errors.invalid },
      },
    },
    async (request, reply) => {
      const client = await getCurrentClient(db, config);
      const auth = await currentAuth(db, config, request);
      const form = await getDataFieldForm(
        db,
        client.id,
        request.query.onboarding_type,
        auth ? customerRecord(auth.user) : undefined,
      );
      reply.header('cache-control', auth ? 'no-store' : 'no-cache');
      return { status: 'success' as const, data: { sections: form.sections, checksum: form.checksum } };
    },
  );
};
