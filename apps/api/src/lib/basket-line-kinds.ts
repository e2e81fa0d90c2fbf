/**
 * The basket line kinds: what each kind of line a basket can hold does, declared once. Code that
 * behaves differently for a kind asks this registry (`lineIs(line, paysAFee)`, `kindsWhere(...)`,
 * `addedLineKind(type)`), never compares kind strings; statements get the kinds they work on from
 * here (`kindsSql` in db/schema/basket.ts), or read `cart_items.holds_places`, set from here on insert.
 * basket-line-kinds.test.ts fails on a kind string switched on anywhere else.
 *
 * A new bookable kind: add it to the contract's `basketLineKinds` (which the database's check
 * constraint allows), declare it here, and give it its pricing, settlement and presentation.
 */
import { type AddableType, type BasketLineKind, basketLineKinds } from '@leisure/contract/cart';

export type { BasketLineKind };

export interface LineKind {
  /**
   * The line holds places on sessions (cart_holds, counted in occurrences.held_count): it runs out
   * with its holds, and a line of such a kind left without holds leaves the basket. Other lines
   * never leave a basket for want of holds.
   */
  holdsPlaces: boolean;
  /** Where its amount comes from. */
  pricing: 'session-pricing-option' | 'membership-payment-option' | 'penalty-amount';
  /** What completing its order does: book the held places, activate the membership, pay the fee. */
  settlement: 'book-held-places' | 'activate-membership' | 'pay-penalty';
  /** How the customer's orders and history show it. */
  presentedAs: 'session' | 'course' | 'membership' | 'fee';
  /**
   * A line that runs out on its own clock (`line_expires_at`), not with holds: a membership's first
   * payment keeps its draft membership for as long as a held place would last.
   */
  expiresOnItsOwn: boolean;
  /** The one-statement add, remove and settle paths may serve it (decisions 026, 035). */
  oneStatementPath: boolean;
}

const registry: Record<BasketLineKind, LineKind> = {
  /** A v1 slot or class session (`cart/add` type `activity`). */
  activity: {
    holdsPlaces: true,
    pricing: 'session-pricing-option',
    settlement: 'book-held-places',
    presentedAs: 'session',
    expiresOnItsOwn: false,
    oneStatementPath: true,
  },
  /** A v2 slot (`cart/add` type `purchasableOccurrence`). */
  av2Booking: {
    holdsPlaces: true,
    pricing: 'session-pricing-option',
    settlement: 'book-held-places',
    presentedAs: 'session',
    expiresOnItsOwn: false,
    oneStatementPath: true,
  },
  /** A course: every session of its bundle, booked together. */
  av2BookingBundle: {
    holdsPlaces: true,
    pricing: 'session-pricing-option',
    settlement: 'book-held-places',
    presentedAs: 'course',
    expiresOnItsOwn: false,
    oneStatementPath: false,
  },
  /** A new membership's first payment (online joining). */
  membership: {
    holdsPlaces: false,
    pricing: 'membership-payment-option',
    settlement: 'activate-membership',
    presentedAs: 'membership',
    expiresOnItsOwn: true,
    oneStatementPath: false,
  },
  /** An unpaid fee of the customer's (`cart/add` type `penalty`). */
  penalty: {
    holdsPlaces: false,
    pricing: 'penalty-amount',
    settlement: 'pay-penalty',
    presentedAs: 'fee',
    expiresOnItsOwn: false,
    oneStatementPath: false,
  },
};

export function lineKind(kind: BasketLineKind): LineKind {
  return registry[kind];
}

/** The kinds with a property, for code and for a statement (`kindsSql`). */
export function kindsWhere(test: (kind: LineKind) => boolean): BasketLineKind[] {
  return basketLineKinds.filter((kind) => test(registry[kind]));
}

/** Whether a line of this kind has a property. */
export function lineIs(line: { cartableType: BasketLineKind }, test: (kind: LineKind) => boolean): boolean {
  return test(registry[line.cartableType]);
}

// The questions code asks of a kind, named once.

/** Its lines hold places on sessions. */
export const holdsPlaces = (kind: LineKind): boolean => kind.holdsPlaces;
/** Its lines are a new membership's first payment: completing the order activates the draft. */
export const activatesAMembership = (kind: LineKind): boolean => kind.settlement === 'activate-membership';
/** Its lines pay a fee (each linked to its penalty by `penalty_cart_lines`). */
export const paysAFee = (kind: LineKind): boolean => kind.settlement === 'pay-penalty';
/** Its lines run out on their own clock (`line_expires_at`), not with holds. */
export const expiresOnItsOwn = (kind: LineKind): boolean => kind.expiresOnItsOwn;

/**
 * What a `cart/add` item's `id` names for its `type`: a penalty, a course (the bundle, or any of its
 * sessions), or a session.
 */
export function addedItemNames(type: AddableType): 'penalty' | 'course' | 'session' {
  if (type === 'penalty') return 'penalty';
  return type === 'av2BookingBundle' ? 'course' : 'session';
}

/**
 * The kind a line added as `cart/add` type `type` is stored as (a waitlist offer and the booking
 * history store theirs the same way). A session of a course is bought with its course (a course line,
 * whatever type named it); a v2 slot is an `av2Booking` line; any other session (also a course's id
 * that names no course) a v1 `activity` line.
 */
export function addedLineKind(
  type: AddableType,
  options: { inCourse: boolean } = { inCourse: false },
): BasketLineKind {
  if (addedItemNames(type) === 'penalty') return 'penalty';
  if (options.inCourse) return 'av2BookingBundle';
  return type === 'purchasableOccurrence' ? 'av2Booking' : 'activity';
}
