import { AppError } from '../../errors';

/** Who asks: the signed-in user (`Auth`), or the customer a basket acts for (`{ user: acting.customer }`). */
export interface Viewer {
  user: { id: number; role: string };
}

/** A thing a member owns: a membership, booking, order, guest pass, document, saved card... */
export interface Owned {
  userId: number;
  /** The operator it belongs to, where the row records one. */
  clientId?: number;
}

export interface AccessOptions {
  /** The operator this deployment serves: a thing of another operator is nobody's here. */
  clientId?: number;
  /** Front-of-house staff may act on it too (orders, redemptions); by default only its owner may. */
  staff?: boolean;
}

/**
 * The one access rule of the API: a user may act on a thing if it is theirs (or, where the call
 * allows, they are staff). Anything else, including a thing that does not exist, answers 404, so a
 * caller cannot learn which ids exist (DESIGN.md "others' things answer 404").
 */
export function requireAccess<T extends Owned>(
  auth: Viewer,
  thing: T | undefined,
  options: AccessOptions = {},
): T {
  if (!thing) throw AppError.notFound();
  if (options.clientId !== undefined && thing.clientId !== undefined && thing.clientId !== options.clientId) {
    throw AppError.notFound();
  }
  if (thing.userId === auth.user.id) return thing;
  if (options.staff && auth.user.role === 'staff') return thing;
  throw AppError.notFound();
}

/** `requireAccess` as a yes or no, for lists and conditions. */
export function mayAccess(auth: Viewer, thing: Owned, options: AccessOptions = {}): boolean {
  if (options.clientId !== undefined && thing.clientId !== undefined && thing.clientId !== options.clientId) {
    return false;
  }
  return thing.userId === auth.user.id || (options.staff === true && auth.user.role === 'staff');
}
