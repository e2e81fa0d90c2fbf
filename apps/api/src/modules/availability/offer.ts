import { type ActionToShow, activityMessages } from '@leisure/contract/activities';
import { localDateOf, localTimeOf, prettyDate } from '../../lib/dates';
import type { Auth } from '../session/session';
import { optionFor } from '../venues/activity-prices';
import type { ActivityRow, PricingOptionWithTickets } from '../venues/venues.service';
import type { SessionRow } from './availability.repository';

/** What a viewer is offered: who asks, the price they pay, the places left and the action to show. */

// ---- Who is asking ------------------------------------------------------------------------------

/** The user the availability is computed for. */
export interface Viewer {
  userId: number | null;
  /** Holds an active membership, so member prices apply. */
  isMember: boolean;
}

export const anonymousViewer: Viewer = { userId: null, isMember: false };

/** The session lookup already knows whether the user holds an active membership (member prices). */
export function viewerOf(auth: Auth | null): Viewer {
  if (!auth) return anonymousViewer;
  return { userId: auth.user.id, isMember: auth.isMember };
}

/** The viewer's own bookings, basket holds and waitlist entries among the sessions answered. */
export interface ViewerPlaces {
  bookingOf(occurrenceId: number): { id: number } | null;
  cartItemOf(occurrenceId: number): number | null;
  waitlistOf(occurrenceId: number): { id: number; position: number } | null;
  bookingInGroup(compositeKey: string): { id: number } | null;
  cartItemInGroup(compositeKey: string): number | null;
}

export const noPlaces: ViewerPlaces = {
  bookingOf: () => null,
  cartItemOf: () => null,
  waitlistOf: () => null,
  bookingInGroup: () => null,
  cartItemInGroup: () => null,
};

export function spacesOf(session: Pick<SessionRow, 'capacity' | 'bookedCount' | 'heldCount'>): number {
  return Math.max(0, session.capacity - session.bookedCount - session.heldCount);
}

/**
 * What a price looks like to this viewer: the option they get by the one price rule
 * (venues/activity-prices.ts, which the basket charges by too) and its headline ticket.
 */
export interface ViewerPrice {
  optionId: number;
  amount: number;
  benefitApplied: boolean;
  /** The activity has a member price (whether or not this viewer gets it). */
  memberPriceExists: boolean;
}

export function priceFor(pricing: PricingOptionWithTickets[], viewer: Viewer): ViewerPrice {
  const chosen = optionFor(pricing, viewer);
  return {
    optionId: chosen?.id ?? 0,
    // The first ticket of an option is its headline price (Adult), as a line added without a ticket.
    amount: chosen?.tickets[0]?.amount ?? 0,
    benefitApplied: chosen?.forMembers ?? false,
    memberPriceExists: pricing.some((option) => option.forMembers),
  };
}

/**
 * The action a viewer is offered: null before booking opens; FULL (or WAITLIST where the activity
 * keeps one) when no place is left; LOGIN for an anonymous viewer unless the activity allows
 * anonymous bookings; BOOK otherwise.
 */
export function actionFor(
  opensAt: Date,
  spaces: number,
  activity: Pick<ActivityRow, 'hasWaitlist' | 'allowsAnonymousBookings'>,
  viewer: Viewer,
  now: Date,
  timeZone: string,
): ActionToShow {
  if (now < opensAt) {
    const date = prettyDate(localDateOf(opensAt, timeZone));
    return {
      status: null,
      reason: `Bookable from ${localTimeOf(opensAt, timeZone)} on ${date.short_pretty}`,
    };
  }
  if (spaces <= 0) {
    return activity.hasWaitlist
      ? { status: 'WAITLIST', reason: activityMessages.waitlist }
      : { status: 'FULL', reason: activityMessages.full };
  }
  if (viewer.userId === null && !activity.allowsAnonymousBookings) {
    return { status: 'LOGIN', reason: activityMessages.login };
  }
  return { status: 'BOOK', reason: null };
}
