import type { Clock, Location, Slot, SlotPrice, Ticket, Time } from '@leisure/contract/activities';
import { formatMoney } from '@leisure/contract/money';
import { dateAnswer, instantAnswer, localDateOf, localTimeOf, twelveHour } from '../../lib/dates';
import { optionsFor } from '../venues/activity-prices';
import type { ActivityContext } from '../venues/catalogue';
import type { ActivityRow, VenueRow } from '../venues/venues.service';
import type { SessionRow, TimeGroupRow } from './availability.repository';
import {
  actionFor,
  noPlaces,
  priceFor,
  spacesOf,
  type Viewer,
  type ViewerPlaces,
  type ViewerPrice,
} from './offer';

/** Wire presenters of the availability answers: the snake_case shapes the contract describes. */

const noRestrictions = { pre_waiver: null, pre_induction: null, criteria: null } as const;

export function duration(activity: ActivityRow): string {
  return `${activity.durationMinutes}min`;
}

export function clock(instant: Date, timeZone: string): Clock {
  const time = localTimeOf(instant, timeZone);
  return { format_12_hour: twelveHour(time), format_24_hour: time };
}

export function locationOf(session: SessionRow, venue: VenueRow): Location {
  return {
    id: String(session.locationId),
    name: session.locationName,
    type: session.locationType,
    slug: session.locationSlug,
    venue_id: venue.id,
    venue_slug: venue.slug,
  };
}

export function slotPrice(price: ViewerPrice, currency: string): SlotPrice {
  return {
    benefit_applied: price.benefitApplied,
    package_applied: false,
    formatted: formatMoney(price.amount, currency),
    raw: price.amount,
  };
}

export function timeOf(
  context: ActivityContext,
  group: TimeGroupRow,
  viewer: Viewer,
  now: Date,
  places: ViewerPlaces = noPlaces,
): Time {
  const { venue, activity } = context;
  const tz = venue.timezone;
  const price = priceFor(context.pricing, viewer);
  return {
    starts_at: clock(group.startsAt, tz),
    ends_at: clock(group.endsAt, tz),
    duration: duration(activity),
    price: {
      is_estimated: viewer.userId === null && price.memberPriceExists,
      formatted_amount: formatMoney(price.amount, context.client.currency),
    },
    composite_key: group.compositeKey,
    timestamp: Math.floor(group.startsAt.getTime() / 1000),
    booking: places.bookingInGroup(group.compositeKey),
    cart_item_id: places.cartItemInGroup(group.compositeKey),
    action_to_show: actionFor(group.firstBookableAt, group.spaces, activity, viewer, now, tz),
    category_slug: activity.slug,
    date: localDateOf(group.startsAt, tz),
    venue_slug: venue.slug,
    location: group.locationCount === 1 ? group.locationName : 'Multiple',
    spaces: group.spaces,
    name: activity.name,
    allows_anonymous_bookings: activity.allowsAnonymousBookings,
    needs_waiver: activity.needsWaiver,
    restrictions: noRestrictions,
    has_pre_purchase_restrictions: activity.needsWaiver,
    requires_induction: false,
    restriction_ids: [],
  };
}

export function slotOf(
  context: ActivityContext,
  session: SessionRow,
  viewer: Viewer,
  now: Date,
  cartType: Slot['cart_type'],
  places: ViewerPlaces,
): Slot {
  const { venue, activity } = context;
  const tz = venue.timezone;
  const spaces = spacesOf(session);
  const price = priceFor(context.pricing, viewer);
  return {
    id: String(session.id),
    name: activity.name,
    allows_anonymous_bookings: activity.allowsAnonymousBookings,
    needs_waiver: activity.needsWaiver,
    category_slug: activity.slug,
    duration: duration(activity),
    date: dateAnswer(localDateOf(session.startsAt, tz)),
    starts_at: clock(session.startsAt, tz),
    ends_at: clock(session.endsAt, tz),
    location: locationOf(session, venue),
    slot_display_location: session.locationName,
    venue_name: venue.name,
    price: slotPrice(price, context.client.currency),
    first_bookable_at: instantAnswer(session.firstBookableAt, tz),
    last_bookable_at: instantAnswer(session.startsAt, tz),
    pricing_option_id: price.optionId,
    cart_type: cartType,
    composite_key: session.compositeKey,
    booking: places.bookingOf(session.id),
    cart_item_id: places.cartItemOf(session.id),
    bookings_count: session.bookedCount,
    spaces,
    capacity: session.capacity,
    action_to_show: actionFor(session.firstBookableAt, spaces, activity, viewer, now, tz),
    waitlist_id: places.waitlistOf(session.id)?.id ?? null,
    restrictions: noRestrictions,
    has_pre_purchase_restrictions: activity.needsWaiver,
    requires_induction: false,
    restriction_ids: [],
    benefit_available: price.memberPriceExists ? viewer.isMember : null,
    tags: activity.tags,
  };
}

/** The tickets this viewer can buy: those of the options the one price rule gives them (`optionsFor`). */
export function ticketsFor(context: ActivityContext, viewer: Viewer): Ticket[] {
  return optionsFor(context.pricing, viewer).flatMap((option) =>
    option.tickets.map((ticket) => ({
      // A string, as the original platform answers it (tools declare it so); cart/add takes either.
      id: String(ticket.id),
      name: ticket.name,
      price: {
        benefit_applied: option.forMembers,
        package_applied: false,
        formatted: formatMoney(ticket.amount, context.client.currency),
        raw: ticket.amount,
      },
      pricing_option: { id: option.id, name: option.name },
    })),
  );
}
