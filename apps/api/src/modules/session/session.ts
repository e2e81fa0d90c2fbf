import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseAsyncHookHandler,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { logSecurityEvent, requestFields } from '../../lib/security-events';
import { hashToken, newToken, safeEqual } from '../../lib/tokens';
import { getCurrentClient } from '../operator/operator.service';
import { permissionOfAccess, type RouteAccess } from './access';
import { hasPermission, isStaffRole, type StaffPermission } from './permissions';
import {
  type CustomerStanding,
  consumeHandover,
  deleteEndedHandovers,
  deleteEndedSessions,
  findLiveHandover,
  findLiveSessionUser,
  insertHandover,
  insertSession,
  markSessionMfaVerified,
  revokeSession,
  revokeUserSessions,
  type SessionRow,
  touchSession,
  type UserRow,
} from './session.repository';
import { sessionCache } from './session-cache';

/**
 * Sessions: a random token (256 bits) that the database knows only by its SHA-256. Browsers hold it
 * in an HttpOnly cookie beside a readable CSRF cookie that writes must echo in `x-xsrf-token`;
 * API clients send it as `Authorization: Bearer` and need no CSRF token (no ambient credential).
 */

export interface Auth extends CustomerStanding {
  user: UserRow;
  session: SessionRow;
  membershipUserId: number | null;
  homeVenueSlug: string | null;
  /** How the token arrived; only cookie-authenticated writes need the CSRF header. */
  via: 'bearer' | 'cookie';
  /** The venues a venue-scoped staff role may change (session/access.ts requireVenueScope). */
  staffVenueIds: readonly number[];
  /**
   * A staff user's session that has not given its second factor yet: it reaches only the routes
   * that declare `mfa: 'pending-allowed'` (the MFA steps and logout); everywhere else it is no session.
   */
  mfaPending: boolean;
  token: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** undefined: not looked up yet; null: anonymous (or a pending staff session on a route it may not use). */
    authState: Auth | null | undefined;
    /** The request came with a live staff session still waiting for its second factor. */
    mfaPendingSession?: boolean;
  }
  interface FastifyContextConfig {
    /** `pending-allowed`: a staff session that has not given its second factor may call the route. */
    mfa?: 'pending-allowed';
  }
}

export interface CookieNames {
  session: string;
  csrf: string;
}

/**
 * Whether the browser reached us over https. Production always says yes (its public URLs are https,
 * config.ts), so a proxy setting that hides the scheme cannot drop Secure, `__Host-` or HSTS.
 */
export function secureTransport(config: Config, request?: { protocol: string }): boolean {
  return config.isProduction || request?.protocol === 'https';
}

/**
 * The cookies' names. Over https without a shared cookie domain they carry the `__Host-` prefix
 * (ASVS 3.3.1): the browser then keeps them only if Secure, for path / and this host alone, so a
 * sibling sub-domain cannot plant or shadow them. Setting and reading both follow the request.
 */
export function cookieNames(config: Config, request?: FastifyRequest): CookieNames {
  const host = secureTransport(config, request) && !config.cookie.domain ? '__Host-' : '';
  return { session: `${host}${config.cookie.prefix}_session`, csrf: `${host}${config.cookie.prefix}_xsrf` };
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Don't write `last_used_at` on every request: a minute's precision is plenty for idle expiry. */
const touchEveryMs = 60_000;

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Whether the request carries a session credential at all (live or not): a bearer token or the session cookie. */
export function carriesSession(config: Config, request: FastifyRequest): boolean {
  return (
    bearerToken(request) !== undefined || Boolean(request.cookies?.[cookieNames(config, request).session])
  );
}

function idleExpiry(config: Config, now: Date): Date {
  return new Date(now.getTime() + config.sessionIdleMinutes * 60_000);
}

/** When a staff session started at `createdAt` ends whatever happens (STAFF_SESSION_ABSOLUTE_HOURS). */
export function staffAbsoluteExpiry(config: Config, createdAt: Date): Date {
  return new Date(createdAt.getTime() + config.staffSessions.absoluteHours * 3_600_000);
}

/** A staff session's next idle expiry: a short idle time, never past its absolute limit. */
export function staffIdleExpiry(config: Config, createdAt: Date, now: Date): Date {
  const idle = now.getTime() + config.staffSessions.idleMinutes * 60_000;
  return new Date(Math.min(idle, staffAbsoluteExpiry(config, createdAt).getTime()));
}

async function lookUp(db: Database, config: Config, request: FastifyRequest): Promise<Auth | null> {
  const names = cookieNames(config, request);
  const bearer = bearerToken(request);
  const token = bearer ?? request.cookies[names.session];
  if (!token || token.length > 200) return null;
  const now = new Date();
  const tokenHash = hashToken(token);
  // Reads may use a lookup this process made a moment ago; writes always ask (session-cache.ts).
  const cacheable = config.sessionCacheMs > 0 && safeMethods.has(request.method);
  let found = cacheable ? sessionCache.get(tokenHash, config.sessionCacheMs, now) : undefined;
  if (!found) {
    found = await findLiveSessionUser(db, tokenHash, now);
    if (!found) {
      sessionCache.forgetToken(tokenHash);
      return null;
    }
    const staff = isStaffRole(found.user.role);
    if (staff && (found.user.disabledAt || staffAbsoluteExpiry(config, found.session.createdAt) <= now)) {
      return null;
    }
    if (now.getTime() - found.session.lastUsedAt.getTime() > touchEveryMs) {
      const expiresAt = staff
        ? staffIdleExpiry(config, found.session.createdAt, now)
        : idleExpiry(config, now);
      await touchSession(db, found.session.id, now, expiresAt);
    }
    if (cacheable) sessionCache.set(tokenHash, found, config.sessionCacheMs, now);
  }
  const { session, user, membershipUserId, homeVenueSlug, isMember, hasCredit } = found;
  if (!(await servesClientOf(db, config, user.clientId))) {
    logSecurityEvent(request.log, 'session.other-operator', {
      ...requestFields(request),
      userId: user.id,
      reason: 'other-operator',
    });
    return null;
  }
  return {
    user,
    session,
    membershipUserId,
    homeVenueSlug,
    isMember,
    hasCredit,
    via: bearer ? 'bearer' : 'cookie',
    staffVenueIds: found.staffVenueIds ?? [],
    mfaPending: isStaffRole(user.role) && !session.mfaVerifiedAt,
    token,
  };
}

/**
 * Whether this deployment serves the operator `clientId` (CLIENT_SLUG). A session is its user's, and a
 * user, customer or staff, belongs to one operator: presented to a deployment of another operator
 * sharing the database, the session is no session (401), and a staff role there is none either.
 */
async function servesClientOf(db: Database, config: Config, clientId: number): Promise<boolean> {
  try {
    return (await getCurrentClient(db, config)).id === clientId;
  } catch (error) {
    // No operator yet (an empty database): no session can be this deployment's.
    if (error instanceof AppError && error.code === 'not_found') return false;
    throw error;
  }
}

/** The signed-in user of this request, or null. Looked up once per request. */
export async function currentAuth(
  db: Database,
  config: Config,
  request: FastifyRequest,
): Promise<Auth | null> {
  if (request.authState === undefined) {
    const found = await lookUp(db, config, request);
    if (found?.mfaPending && request.routeOptions.config?.mfa !== 'pending-allowed') {
      // No staff permission, and no customer's route, treats a session without its second factor as signed in.
      request.mfaPendingSession = true;
      request.authState = null;
    } else {
      request.authState = found;
    }
  }
  return request.authState;
}

/** The signed-in user, or 401. */
export async function requireAuth(db: Database, config: Config, request: FastifyRequest): Promise<Auth> {
  const auth = await currentAuth(db, config, request);
  if (!auth) throw new AppError('unauthenticated');
  return auth;
}

/** A route under /api and who may call it, as it was declared (the access-matrix test walks them all). */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: RouteAccess;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route that declared its access (all of /api), in the order they were declared. */
    routeAccess: readonly DeclaredRoute[];
  }
}

/**
 * Applies each route's declared access (`config: { access }`, session/access.ts) and checks the CSRF
 * header of every cookie-authenticated write before its route runs (419 when it is missing or wrong).
 * A cookie whose session has gone is treated as no session at all: the route answers 401 if it needs
 * one. A route under /api that declares no access stops the app from starting.
 */
export function installSessions(app: FastifyInstance, db: Database, config: Config): void {
  app.decorateRequest('authState', undefined);
  const declared: DeclaredRoute[] = [];
  app.decorate('routeAccess', declared);
  // A member's own data and the staff tools need a session before anything else is looked at:
  // an anonymous call gets a 401, never a 422 about its body or a 404 that tells which ids exist.
  const signedIn: preValidationAsyncHookHandler = async (request) => {
    await requireAuth(db, config, request);
  };
  const staffWith =
    (permission: StaffPermission): preValidationAsyncHookHandler =>
    async (request, reply) => {
      // A staff route's answer is the operator's working data or a refusal: kept by no cache, the
      // browser's disk included, whoever asks (decision 044-personal-answers-no-store), set once
      // here for every staff route rather than by each; a route may still choose its own policy.
      reply.header('cache-control', 'no-store');
      const auth = await requireAuth(db, config, request);
      if (auth.mfaPending) throw new AppError('unauthenticated');
      if (!hasPermission(auth.user, permission)) throw new AppError('forbidden');
    };
  const checkCsrf: preHandlerAsyncHookHandler = async (request) => {
    if (bearerToken(request) || !request.cookies[cookieNames(config, request).session]) return;
    const auth = await currentAuth(db, config, request);
    if (!auth) return;
    const sent = request.headers['x-xsrf-token'];
    if (typeof sent !== 'string' || !safeEqual(hashToken(sent), auth.session.csrfHash)) {
      throw new AppError('session_expired');
    }
  };
  // A write may change what the session lookup joins (the user's details, an active membership):
  // the writer's next read looks it up again.
  const forgetWriter: onResponseAsyncHookHandler = async (request) => {
    if (request.authState) sessionCache.forgetUser(request.authState.user.id);
  };
  // Each hook goes on the routes it is for, decided once as they are declared: a route that needs
  // none (the theme, every anonymous read) runs none of them (issue 16).
  app.addHook('onRoute', (route) => {
    const url = route.url ?? '';
    const isApi = url === '/api' || url.startsWith('/api/');
    const access = route.config?.access;
    if (access === undefined) {
      if (isApi) {
        throw new Error(
          `${[route.method].flat().join(',')} ${url} declares no access: add config: { access: ... } ` +
            "('public', 'signed-in' or 'staff:<permission>', modules/session/access.ts)",
        );
      }
    } else {
      const permission = permissionOfAccess(access);
      for (const method of [route.method].flat()) declared.push({ method, url, access });
      const gate = access === 'public' ? undefined : permission ? staffWith(permission) : signedIn;
      if (gate) route.preValidation = [gate, ...[route.preValidation ?? []].flat()];
    }
    const writes = [route.method].flat().some((method) => !safeMethods.has(method));
    if (writes && isApi) route.preHandler = [checkCsrf, ...[route.preHandler ?? []].flat()];
    if (writes) route.onResponse = [...[route.onResponse ?? []].flat(), forgetWriter];
  });
}

export interface IssuedSession {
  token: string;
  csrf: string;
}

/** Starts a session for the user and sets both cookies on the reply. */
export async function startSession(
  db: Database,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  options: { cookies: boolean; staff?: boolean } = { cookies: true },
): Promise<IssuedSession> {
  const token = newToken();
  const csrf = newToken();
  const now = new Date();
  await insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    csrfHash: hashToken(csrf),
    expiresAt: options.staff ? staffIdleExpiry(config, now, now) : idleExpiry(config, now),
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
  });
  if (options.cookies) setSessionCookies(config, request, reply, { token, csrf });
  return { token, csrf };
}

// ---- Hand-over: a session given to a browser through a URL (docs/decisions/042-session-handover-codes.md) ----

/** How long a hand-over code works: long enough to open a link, too short to be worth stealing. */
export const handoverSeconds = 60;

/** A one-time code for `?token=` that opens a new session of the signed-in user in another browser. */
export async function createHandover(db: Database, auth: Auth, now = new Date()): Promise<string> {
  const code = newToken();
  await insertHandover(db, {
    userId: auth.user.id,
    codeHash: hashToken(code),
    expiresAt: new Date(now.getTime() + handoverSeconds * 1000),
  });
  return code;
}

const handoverMessages = {
  invalid: 'This sign-in link has expired or has been used. Please sign in.',
  otherUser: 'Another account is signed in on this browser. Please log out first, then open the link again.',
} as const;

/**
 * Exchanges a hand-over code for a NEW session with its cookies (never the session the code was made
 * from: no fixation). A browser already signed in as someone else keeps its session: 409, and the
 * code stays unused for its minute. 401 for an unknown, used or expired code.
 */
export async function exchangeHandover(
  db: Database,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  code: string,
): Promise<number> {
  const now = new Date();
  const handover = code.length <= 200 ? await findLiveHandover(db, hashToken(code), now) : undefined;
  if (!handover) throw new AppError('unauthenticated', handoverMessages.invalid);
  const current = await currentAuth(db, config, request);
  if (current && current.user.id !== handover.userId)
    throw new AppError('conflict', handoverMessages.otherUser);
  if (!(await consumeHandover(db, handover.id, now))) {
    throw new AppError('unauthenticated', handoverMessages.invalid);
  }
  // The same user's earlier session in this browser is replaced by the new one.
  if (current?.via === 'cookie') await endSession(db, current);
  await startSession(db, config, request, reply, handover.userId);
  return handover.userId;
}

/**
 * Whether the request comes from a browser, which holds its session in the HttpOnly cookie and so
 * must never see the token in a body (docs/decisions/042-session-handover-codes.md): every current browser
 * sends `Sec-Fetch-Site`, and `Origin` on a POST; API clients (the bearer tools) send neither. A
 * request that came with the session cookie is a browser's too.
 */
export function isCookieClient(request: FastifyRequest, auth?: Pick<Auth, 'via'> | null): boolean {
  return (
    auth?.via === 'cookie' ||
    request.headers['sec-fetch-site'] !== undefined ||
    request.headers.origin !== undefined
  );
}

/** The staff session gave its second factor: from now on it is a session for every route its role allows. */
export async function completeSessionMfa(db: Database, auth: Auth, now = new Date()): Promise<void> {
  await markSessionMfaVerified(db, auth.session.id, now);
  sessionCache.forgetSession(auth.user.id, auth.session.id);
}

export async function endSession(db: Database, auth: Auth): Promise<void> {
  await revokeSession(db, auth.session.id, new Date());
  sessionCache.forgetSession(auth.user.id, auth.session.id);
}

function cookieOptions(config: Config, request: FastifyRequest) {
  return {
    path: '/',
    sameSite: 'lax' as const,
    secure: secureTransport(config, request),
    domain: config.cookie.domain,
    maxAge: config.sessionIdleMinutes * 60,
  };
}

function setSessionCookies(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  issued: IssuedSession,
): void {
  const names = cookieNames(config, request);
  const options = cookieOptions(config, request);
  reply.setCookie(names.session, issued.token, { ...options, httpOnly: true });
  // Readable by the web app, which echoes it in x-xsrf-token and watches it to notice log-outs.
  reply.setCookie(names.csrf, issued.csrf, { ...options, httpOnly: false });
}

export function clearSessionCookies(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  const names = cookieNames(config, request);
  const { maxAge: _maxAge, ...options } = cookieOptions(config, request);
  reply.clearCookie(names.session, { ...options, httpOnly: true });
  reply.clearCookie(names.csrf, options);
}

/**
 * On a 401: when the browser sent session cookies that name no live session (revoked, expired, a
 * reset database), clears them, so that the page stops counting itself signed in (the web app's
 * token watch reads the CSRF cookie) and does not ask again with them.
 */
export function clearDeadSessionCookies(config: Config, request: FastifyRequest, reply: FastifyReply): void {
  // A staff session waiting for its second factor is alive: its cookies stay for the MFA step.
  if (request.authState !== null || request.mfaPendingSession) return;
  const names = cookieNames(config, request);
  if (request.cookies[names.session] || request.cookies[names.csrf])
    clearSessionCookies(config, request, reply);
}

/** Ends every live session of a user but `keepSessionId` (a password change keeps the one it came from). */
export async function endUserSessions(db: Database, userId: number, keepSessionId?: number): Promise<void> {
  await revokeUserSessions(db, userId, new Date(), keepSessionId);
  sessionCache.forgetUser(userId);
}

/**
 * The retention job's part (jobs.ts): deletes up to `limit` sessions that ran out or were revoked
 * more than a day before `now` (the day keeps a just-ended session's row for support); answers how many.
 */
export async function deleteDeadSessions(db: Database, now: Date, limit: number): Promise<number> {
  return deleteEndedSessions(db, new Date(now.getTime() - 24 * 60 * 60_000), limit);
}

/** The retention job's part: hand-over codes live a minute; a used or run-out one opens nothing again. */
export async function deleteSpentHandovers(db: Database, now: Date, limit: number): Promise<number> {
  return deleteEndedHandovers(db, now, limit);
}

// ---- A venue manager's venues (staff_venues is this module's table) --------------------------------

export { findStaffVenueIds, replaceStaffVenues } from './session.repository';
