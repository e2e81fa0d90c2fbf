import { AppError } from '../../errors';
import { hasPermission, isStaffPermission, isVenueScoped, type StaffPermission } from './permissions';

// ---- Who may call a route (docs/decisions/054-route-access) -------------------------------------------

/**
 * Who may call a route, declared in its options (`config: { access }`) and applied by the session
 * gate (session.ts installSessions) before the request is validated:
 * - `public`: anyone; the route may still read the session to answer (prices, the user's own flags);
 * - `signed-in`: any signed-in user (401 otherwise), on their own things: a customer, or staff acting
 *   for a customer where the route's service lets them, by a named permission (the rule below);
 * - `staff:<permission>`: a signed-in user whose role gives that permission (403 otherwise).
 */
export type RouteAccess = 'public' | 'signed-in' | `staff:${StaffPermission}`;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route under /api declares it, or the app does not start. */
    access?: RouteAccess;
  }
}

/** The permission a route's access asks for, or undefined when it asks none; throws on an unknown value. */
export function permissionOfAccess(access: RouteAccess): StaffPermission | undefined {
  if (access === 'public' || access === 'signed-in') return undefined;
  const permission = access.startsWith('staff:') ? access.slice('staff:'.length) : '';
  if (!isStaffPermission(permission)) throw new Error(`Unknown route access '${access}'`);
  return permission;
}

// ---- The one access rule: may this user act on this thing ---------------------------------------------

/**
 * Who asks: the signed-in user (`Auth`), or the customer a basket acts for (`actingFor` below). A user
 * is one operator's (`clientId`).
 */
export interface Viewer {
  user: { id: number; role: string; clientId: number };
}

/** A thing a member owns, at one operator: a membership, booking, order, guest pass, penalty... */
export interface Owned {
  userId: number;
  clientId: number;
}

export interface AccessOptions {
  /** Staff whose role gives this permission may act on it too (orders taken for a customer). */
  staff?: StaffPermission;
}

/**
 * The one access rule of the API: a user may act on a thing of their own operator if it is theirs
 * or, where the call allows, their role gives the named staff permission. Anything else, including
 * a thing that does not exist, answers 404, so a caller cannot learn which ids exist (DESIGN.md
 * "others' things answer 404").
 */
export function requireAccess<T extends Owned>(
  viewer: Viewer,
  thing: T | undefined,
  options: AccessOptions = {},
): T {
  if (!thing || !mayAccess(viewer, thing, options)) throw AppError.notFound();
  return thing;
}

/** `requireAccess` as a yes or no, for lists and conditions. */
export function mayAccess(viewer: Viewer, thing: Owned, options: AccessOptions = {}): boolean {
  if (thing.clientId !== viewer.user.clientId) return false;
  if (thing.userId === viewer.user.id) return true;
  return options.staff !== undefined && hasPermission(viewer.user, options.staff);
}

/**
 * A call that names its subject by user id (a path's `{userId}`, a `user_id` or `selected_user_id`
 * query) may name only the caller: 403 otherwise. (Staff name a customer through the acting rule,
 * session/acting.ts.)
 */
export function requireSelf(viewer: Viewer, userId: number, message?: string): void {
  if (userId !== viewer.user.id) throw new AppError('forbidden', message);
}

/**
 * The viewer of a call made for a customer (a basket, a waitlist, checkout: session/acting.ts): the
 * customer, whoever is acting for them. Staff acting for a customer reach the customer's things, and
 * only theirs.
 */
export function actingFor(acting: { customer: Viewer['user'] }): Viewer {
  return { user: acting.customer };
}

// ---- A venue manager's venues ------------------------------------------------------------------------

/** Who asks, with the venues their role limits them to (session.ts loads them with the session). */
export interface StaffViewer extends Viewer {
  /** The venues a venue-scoped role may change; ignored for a role that is not venue-scoped. */
  staffVenueIds: readonly number[];
}

/** Whether the staff user may change things of this venue: any venue, unless their role is venue-scoped. */
export function mayChangeVenue(viewer: StaffViewer, venueId: number): boolean {
  return !isVenueScoped(viewer.user.role) || viewer.staffVenueIds.includes(venueId);
}

/**
 * A change to a record of a venue (the venue itself, its locations, timetable, theme) by a venue
 * manager reaches only their venues: 403 for another venue's (decision 071). A change that belongs to
 * no venue (the operator's settings, a new venue) is refused to a venue-scoped role by `requireNoVenueScope`.
 */
export function requireVenueScope(viewer: StaffViewer, venueId: number): void {
  if (!mayChangeVenue(viewer, venueId)) {
    throw new AppError('forbidden', 'You can only change the venues you manage.');
  }
}

/** A change that is the whole operator's (no one venue's): refused to a venue-scoped role. */
export function requireNoVenueScope(viewer: StaffViewer): void {
  if (isVenueScoped(viewer.user.role)) {
    throw new AppError('forbidden', 'Only an administrator can change this for every venue.');
  }
}
