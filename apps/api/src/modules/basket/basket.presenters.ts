import type { Location } from '@leisure/contract/activities';
import type {
  Cart,
  CartableResource,
  CartableType,
  CartChildItem,
  CartItem,
  CartPrice,
  CreditBalance,
} from '@leisure/contract/cart';
import { formatMoney } from '@leisure/contract/money';
import type { LineOccurrence, SessionLocation } from '../../db/line-details';
import { dateAnswer, instantAnswer, localDateOf, localTimeOf, zonedTimeToUtc } from '../../lib/dates';
import type { BundleSessionRow, CartItemDetail, MembershipLineDetail } from './basket.repository';
import type { BasketView } from './basket.service';
import { newMembershipAnswer } from './membership-line.presenters';

/** The basket as the wire shows it (`GET activities/cart` and every call that answers the basket). */

function money(amount: number, currency: string): CartPrice & { formatted: string } {
  return {
    formatted: formatMoney(amount, currency),
    decimal: (amount / 100).toFixed(2),
    raw: amount,
    benefit_applied: false,
    package_applied: false,
  };
}

function resourceOf(
  detail: CartItemDetail,
  session: LineOccurrence | null,
  occurrenceId: number | null,
): CartableResource {
  const tz = detail.timezone;
  const startsAt = session?.startsAt ?? new Date(0);
  const endsAt = session?.endsAt ?? new Date(0);
  const date = localDateOf(startsAt, tz);
  return {
    name: detail.bundleName ?? detail.activityName,
    venue_name: detail.venueName,
    venue_slug: detail.venueSlug,
    activity_slug: detail.activitySlug,
    starts_at: instantAnswer(startsAt, tz),
    ends_at: instantAnswer(endsAt, tz),
    date: dateAnswer(date),
    date_raw: date,
    time: `${localTimeOf(startsAt, tz)} - ${localTimeOf(endsAt, tz)}`,
    duration: `${detail.durationMinutes}min`,
    location: locationAnswer(session?.location, detail),
    occurrence_id: occurrenceId,
    instructor: session?.instructorName ?? null,
    new_membership: null,
  };
}

/** A session's location as the wire names it (`id` a string, as availability answers it). */
export function locationAnswer(
  location: SessionLocation | undefined,
  venue: { venueId: number; venueSlug: string },
): Location {
  return {
    id: location ? String(location.id) : '',
    name: location?.name ?? '',
    type: location?.type ?? '',
    slug: location?.slug ?? '',
    venue_id: venue.venueId,
    venue_slug: venue.venueSlug,
  };
}

export interface ItemView {
  item: CartItem;
  detail: CartItemDetail;
  sessions: BundleSessionRow[];
}

/** Basket lines with their sessions, as the cart and the order confirmation show them. */
export function itemViews(
  details: CartItemDetail[],
  bundleSessions: BundleSessionRow[],
  currency: string,
): ItemView[] {
  return details.map((detail) => {
    const { item } = detail;
    const sessions = item.bundleId === null ? [] : bundleSessions.filter((s) => s.bundleId === item.bundleId);
    const first = detail.occurrence ?? sessions[0] ?? null;
    const children: CartChildItem[] =
      item.bundleId !== null
        ? sessions.map((session) => ({
            id: session.id,
            name: detail.bundleName ?? detail.activityName,
            price: money(0, currency),
            quantity: item.quantity,
            cartable_type: 'av2Booking' as const,
            cartable_id: session.id,
            cartable_resource: resourceOf(detail, session, session.id),
          }))
        : detail.activityKind === 'class'
          ? item.tickets.map((ticket) => ({
              id: ticket.ticketId,
              name: ticket.name,
              price: money(ticket.unitAmount * ticket.quantity, currency),
              quantity: ticket.quantity,
              cartable_type: 'activityTicket' as const,
              cartable_id: ticket.ticketId,
              cartable_resource: null,
            }))
          : [];
    const price = { ...money(item.amount, currency), benefit_applied: item.benefitApplied };
    return {
      detail,
      sessions,
      item: {
        id: item.id,
        name: detail.bundleName ?? detail.activityName,
        price,
        quantity: item.quantity,
        cartable_type: item.cartableType as CartableType,
        cartable_id: item.bundleId ?? item.occurrenceId ?? 0,
        cartable_resource: resourceOf(detail, first, item.occurrenceId),
        child_items: children,
        membership_user_id: null,
        purchased_for_user_id: item.purchasedForUserId,
        pricing_option_id: item.pricingOptionId ?? 0,
        needs_waiver: detail.needsWaiver,
        hold_expires_at: (detail.holdExpiresAt ?? new Date(0)).toISOString(),
        from_waitlist: item.waitlistEntryId !== null,
      },
    };
  });
}

/** A new membership's first payment as a basket line (decision 010): no places, no holds. */
function membershipItemOf(line: MembershipLineDetail, currency: string): CartItem {
  const { item } = line;
  const startOfDay = zonedTimeToUtc(line.startDate, '00:00', line.timezone);
  return {
    id: item.id,
    name: line.typeName,
    price: money(item.amount, currency),
    quantity: 1,
    cartable_type: 'membership',
    cartable_id: line.membershipId,
    cartable_resource: {
      name: line.typeName,
      venue_name: line.venueName,
      venue_slug: line.venueSlug,
      activity_slug: line.typeSlug,
      starts_at: instantAnswer(startOfDay, line.timezone),
      ends_at: instantAnswer(startOfDay, line.timezone),
      date: dateAnswer(line.startDate),
      date_raw: line.startDate,
      time: '',
      duration: '',
      location: {
        id: String(line.venueId),
        name: line.venueName,
        type: 'venue',
        slug: line.venueSlug,
        venue_id: line.venueId,
        venue_slug: line.venueSlug,
      },
      occurrence_id: null,
      instructor: null,
      new_membership: newMembershipAnswer(line),
    },
    child_items: [],
    membership_user_id: null,
    purchased_for_user_id: item.purchasedForUserId,
    pricing_option_id: 0,
    needs_waiver: false,
    // The line runs out like a held place; its draft membership goes with it (docs/decisions/018).
    hold_expires_at: (item.lineExpiresAt ?? new Date(0)).toISOString(),
    from_waitlist: false,
  };
}

/** The basket's answer. */
export function presentBasket(view: BasketView): Cart {
  const { acting, cart, details, membershipLines, penaltyItems, lines, figures } = view;
  const views = itemViews(details, view.courseSessions, acting.currency);
  const currency = acting.currency;
  const credit = (available: number, reserved: number, others: number): CreditBalance => ({
    total_available: available,
    max_applicable: Math.max(0, Math.min(available, figures.total - others)),
    reserved,
    formatted_total_available: formatMoney(available, currency),
  });
  const totals = {
    total: figures.total,
    sub_total: figures.total,
    tax_total: 0,
    balance: figures.balance,
    item_count: lines.length,
    formatted_total: formatMoney(figures.total, currency),
    formatted_balance: formatMoney(figures.balance, currency),
  };
  const expiries = [
    ...details.flatMap((d) => (d.holdExpiresAt ? [d.holdExpiresAt.getTime()] : [])),
    ...membershipLines.flatMap((line) =>
      line.item.lineExpiresAt ? [line.item.lineExpiresAt.getTime()] : [],
    ),
  ];
  const name = `${acting.customer.firstName} ${acting.customer.lastName}`;
  return {
    id: cart.id,
    uuid: cart.uuid,
    source: cart.source,
    status: cart.status,
    user_id: cart.userId,
    selected_user_id: acting.isStaff ? acting.customer.id : null,
    currency,
    ...totals,
    totals,
    item_hash: view.itemHash,
    hold_expires_at: expiries.length > 0 ? new Date(Math.min(...expiries)).toISOString() : null,
    credits: {
      general: credit(figures.available.general, figures.creditGeneral, figures.creditMembership),
      membership: credit(figures.available.membership, figures.creditMembership, figures.creditGeneral),
    },
    attendee_waivers_required: view.waivers.map((waiver) => ({
      waiver_id: waiver.waiverId,
      title: waiver.title,
      html: waiver.html,
      user_id: waiver.userId,
      user_name: waiver.userId === acting.customer.id ? name : `Customer ${waiver.userId}`,
      cart_item_ids: waiver.cartItemIds,
    })),
    items: [
      ...views.map((view) => view.item),
      ...membershipLines.map((line) => membershipItemOf(line, acting.currency)),
      ...penaltyItems,
    ].sort((a, b) => a.id - b.id),
    sort_by: 'created_at',
    enable_print_receipt: acting.isStaff,
  };
}
