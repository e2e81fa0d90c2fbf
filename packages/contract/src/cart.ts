import { z } from 'zod';
import { zInstant, zLocation, zSlotDate } from './activities';
import { zSource } from './auth';
import { zId, zIdLike, zOptionalId } from './ids';
import { zCostBreakdown } from './memberships';

/**
 * The basket (bookings-api.md "Cart", shell-session-basket.md 3, 4 and 7). Every cart call acts for
 * the signed-in customer, or, for a front-of-house staff user, for the customer named by
 * `selected_user_id` (required for staff; a customer may only name themselves, else 403).
 * Money is integer minor units; `formatted_*` values are ready to show.
 */

export const cartMessages = {
  full: 'The session being booked is already full',
  race: 'A lot of people are trying to book this right now. Please try again.',
  notBookableYet: 'This session is not bookable yet.',
  started: 'This session has already started.',
  alreadyInCart: 'This session is already in your basket.',
  alreadyBooked: 'You have already booked this session.',
  itemNotFound: 'Unable to complete request, item not found.',
  noBenefit: 'No benefit is applied to this item.',
  noPackage: 'No package is applied to this item.',
  customerRequired: 'Please choose a customer first.',
  notStaff: 'You can only act for yourself.',
  creditTooMuch: 'You cannot apply more credit than you have available.',
  creditMoreThanTotal: 'You cannot apply more credit than the basket total.',
  membershipCreditUnavailable: 'You have no membership credit to apply.',
  unknownTicket: 'This ticket does not belong to the chosen pricing option.',
  unknownPricingOption: 'This pricing option does not belong to this activity.',
  memberOptionOnly: 'This price is only for members.',
  quantity: 'Choose at least one place.',
  courseSession: 'This session is part of a course; the whole course is booked together.',
  waitlistNotFull: 'This session still has places: book it instead.',
  waitlistUnavailable: 'This activity has no waitlist.',
  alreadyWaiting: 'You are already on the waitlist for this session.',
} as const;

/**
 * The kinds of line a basket stores and an order keeps (`cart_items.cartable_type`,
 * `order_items.cartable_type`; a database check allows only these). What each kind does is declared
 * once, in the API's basket line-kind registry (apps/api/src/lib/basket-line-kinds.ts).
 */
export const basketLineKinds = [
  'activity',
  'av2Booking',
  'av2BookingBundle',
  'membership',
  'penalty',
] as const;
export const zBasketLineKind = z.enum(basketLineKinds);
export type BasketLineKind = z.infer<typeof zBasketLineKind>;

/**
 * What a cart item is on the wire (shell-session-basket.md 3): every stored kind, or a presented one
 * (a class's ticket, a renewal, other).
 */
export const cartableTypes = [...basketLineKinds, 'activityTicket', 'membershipRenewal', 'other'] as const;
export const zCartableType = z.enum(cartableTypes);
export type CartableType = z.infer<typeof zCartableType>;

/**
 * What `cart/add` accepts as `type`: `activity` (a v1 slot or class session), `purchasableOccurrence`
 * (a v2 slot: stored as `av2Booking`), `av2BookingBundle` (a course: `id` is the bundle id, or any of
 * its sessions' ids), `penalty` (an unpaid fee of the customer's: `id` is the penalty id; added on
 * its own, without sessions in the same request).
 */
export const addableTypes = ['activity', 'purchasableOccurrence', 'av2BookingBundle', 'penalty'] as const;
export type AddableType = (typeof addableTypes)[number];

export const zActingQuery = z.object({
  selected_user_id: zOptionalId,
  membership_user_id: zOptionalId,
  source: zSource.optional(),
});
export type ActingQuery = z.infer<typeof zActingQuery>;

export const zTicketQuantity = z.object({
  ticket_id: zIdLike,
  quantity: z.number().int('Must be a whole number.').min(0).max(20, 'At most 20 places per ticket.'),
});

/** Item options: ticket quantities for a class (each ticket is a child item, one place each). */
export const zCartItemOptions = z
  .object({
    tickets: z.array(zTicketQuantity).max(10).optional(),
  })
  .catchall(z.unknown());

export const zCartAddItem = z.object({
  id: zIdLike,
  type: z.enum(addableTypes, { error: `Must be one of: ${addableTypes.join(', ')}.` }),
  /** Default: the activity's standard option, or the member option for a member (apply_benefit). */
  pricing_option_id: zIdLike.optional(),
  /** Default: the option's first ticket (Adult). Ignored when `options.tickets` is given. */
  ticket_id: zIdLike.optional(),
  /** Places of `ticket_id` (default 1). */
  quantity: z.number().int('Must be a whole number.').min(1, cartMessages.quantity).max(20).optional(),
  /** Default true: a member's price applies when the customer has one. */
  apply_benefit: z.boolean().optional(),
  /** Who attends; default the customer the cart belongs to. */
  purchased_for_user_id: zIdLike.optional(),
  activity_restriction_ids: z.array(z.number().int()).optional(),
  options: zCartItemOptions.optional(),
});
export type CartAddItem = z.infer<typeof zCartAddItem>;

export const zCartAddRequest = z.object({
  items: z.array(zCartAddItem).min(1, 'Add at least one item.').max(10, 'Add at most 10 items at once.'),
  membership_user_id: zOptionalId,
  selected_user_id: zOptionalId,
  source: zSource.optional(),
});
export type CartAddRequest = z.infer<typeof zCartAddRequest>;

/** `cart_item_ids` in the body; `membership_user_id` and `selected_user_id` in the body or the query. */
export const zCartRemoveRequest = z.object({
  cart_item_ids: z.array(zIdLike).min(1, 'Choose at least one item.').max(50),
  membership_user_id: zOptionalId,
  selected_user_id: zOptionalId,
  source: zSource.optional(),
});
export type CartRemoveRequest = z.infer<typeof zCartRemoveRequest>;

export const zCartItemParams = z.object({ cartItemId: zId });

/** `PUT activities/cart/{cartItemId}`: new ticket quantities (`options.tickets`) or a new `quantity`. */
export const zCartUpdateRequest = z.object({
  options: zCartItemOptions.optional(),
  quantity: z.number().int('Must be a whole number.').min(1, cartMessages.quantity).max(20).optional(),
  selected_user_id: zOptionalId,
  source: zSource.optional(),
});
export type CartUpdateRequest = z.infer<typeof zCartUpdateRequest>;

export const creditTypes = ['general', 'membership'] as const;
export const zCreditType = z.enum(creditTypes);

/** `POST credits/apply`: the amounts to reserve replace any earlier reservation (0 removes it). */
export const zCreditsApplyRequest = z.object({
  credits_to_reserve: z
    .array(
      z.object({
        amount: z.number().int('Must be a whole number of pence.').min(0, 'Must be zero or more.'),
        type: zCreditType,
      }),
    )
    .max(2),
  cart_source: zSource.optional(),
  selected_user_id: zOptionalId,
});
export type CreditsApplyRequest = z.infer<typeof zCreditsApplyRequest>;

// ---- Answers -------------------------------------------------------------------------------------

export const zCartPrice = z.object({
  /** '£5.92' */
  formatted: z.string(),
  /** '5.92' */
  decimal: z.string(),
  /** 592 (minor units) */
  raw: z.number().int(),
  benefit_applied: z.boolean(),
  package_applied: z.boolean(),
});
export type CartPrice = z.infer<typeof zCartPrice>;

/** How a membership line came to be: joining, renewing one, or changing from one. */
export const membershipPurchaseKinds = ['join', 'renewal', 'change'] as const;

/**
 * A membership bought through the basket, as the basket, checkout and order confirmation show it:
 * its name and home centre, and its costs as priced when it was submitted (`costs`: payment type,
 * fee lines with the pro-rata days and the promotion code, total to pay now, first billing date and
 * monthly amount, or the fixed duration of a single payment).
 */
export const zNewMembership = z.object({
  membership_id: z.number().int(),
  membership_type_id: z.number().int(),
  payment_type: z.enum(['recurring', 'fixed']),
  start_date: z.string(),
  billing_day: z.number().int().nullable(),
  first_billing_date: z.string().nullable(),
  kind: z.enum(membershipPurchaseKinds),
  /** The membership type's name. */
  name: z.string(),
  home_venue: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  /** '1st January 2027' */
  pretty_start_date: z.string(),
  costs: zCostBreakdown,
});
export type NewMembership = z.infer<typeof zNewMembership>;

export const zCartableResource = z.object({
  /** The activity's (or course's) name. */
  name: z.string(),
  venue_name: z.string(),
  venue_slug: z.string(),
  activity_slug: z.string(),
  /** `{ utc, local, format_12_hour, format_24_hour }`, as availability answers them. */
  starts_at: zInstant,
  ends_at: zInstant,
  /** `{ raw, raw_pretty, day_pretty, date_pretty, full_date_pretty }` (venue-local). */
  date: zSlotDate,
  /** 'YYYY-MM-DD' (venue-local) */
  date_raw: z.string(),
  /** '18:00 - 18:40' */
  time: z.string(),
  /** '40min' */
  duration: z.string(),
  /** The session's location (a membership: its home venue, `type` 'venue'). */
  location: zLocation,
  /** The session (null for a course: see `child_items`). */
  occurrence_id: z.number().int().nullable(),
  instructor: z.string().nullable(),
  /** A `membership` line: what is being bought (the checkout costs of joining-and-payments.md 3); null otherwise. */
  new_membership: zNewMembership.nullable(),
});
export type CartableResource = z.infer<typeof zCartableResource>;

export const zCartChildItem = z.object({
  id: z.number().int(),
  name: z.string(),
  price: zCartPrice,
  quantity: z.number().int(),
  /** `activityTicket` (a ticket of a class) or `av2Booking` (a session of a course). */
  cartable_type: zCartableType,
  cartable_id: z.number().int(),
  cartable_resource: zCartableResource.nullable(),
});
export type CartChildItem = z.infer<typeof zCartChildItem>;

export const zCartItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The whole item: unit prices times quantities. */
  price: zCartPrice,
  quantity: z.number().int(),
  cartable_type: zCartableType,
  /** The occurrence id, or the course bundle id for `av2BookingBundle`. */
  cartable_id: z.number().int(),
  cartable_resource: zCartableResource,
  child_items: z.array(zCartChildItem),
  membership_user_id: z.number().int().nullable(),
  purchased_for_user_id: z.number().int(),
  pricing_option_id: z.number().int(),
  needs_waiver: z.boolean(),
  /**
   * When this item's places are released unless checked out (ISO); a membership line runs out then
   * too, and its draft membership goes with it.
   */
  hold_expires_at: z.string(),
  /** Offered from the waitlist: the place is reserved for this customer until `hold_expires_at`. */
  from_waitlist: z.boolean(),
});
export type CartItem = z.infer<typeof zCartItem>;

export const zCreditBalance = z.object({
  /** The customer's balance of this credit type. */
  total_available: z.number().int(),
  /** How much of it this basket could use: min(available, basket total). */
  max_applicable: z.number().int(),
  /** Reserved for this basket by `credits/apply`. */
  reserved: z.number().int(),
  formatted_total_available: z.string(),
});
export type CreditBalance = z.infer<typeof zCreditBalance>;

export const zCartTotals = z.object({
  total: z.number().int(),
  sub_total: z.number().int(),
  tax_total: z.number().int(),
  /** Still to pay after reserved credit. */
  balance: z.number().int(),
  item_count: z.number().int(),
  formatted_total: z.string(),
  formatted_balance: z.string(),
});

export const zAttendeeWaiver = z.object({
  waiver_id: z.number().int(),
  title: z.string(),
  html: z.string(),
  /** The attendee who must agree to it. */
  user_id: z.number().int(),
  user_name: z.string(),
  cart_item_ids: z.array(z.number().int()),
});
export type AttendeeWaiver = z.infer<typeof zAttendeeWaiver>;

export const zCart = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** Where it is used: bookings, foh, kiosk, ... */
  source: z.string(),
  status: z.enum(['open', 'completed']),
  /** The customer the basket belongs to. */
  user_id: z.number().int(),
  selected_user_id: z.number().int().nullable(),
  currency: z.string(),
  total: z.number().int(),
  sub_total: z.number().int(),
  tax_total: z.number().int(),
  balance: z.number().int(),
  item_count: z.number().int(),
  formatted_total: z.string(),
  formatted_balance: z.string(),
  totals: zCartTotals,
  /** Changes whenever the items change; `checkout/complete` sends it back to prove what was shown. */
  item_hash: z.string(),
  /** The earliest hold or membership line of the basket runs out then (ISO); null when none. */
  hold_expires_at: z.string().nullable(),
  credits: z.object({ general: zCreditBalance, membership: zCreditBalance }),
  /** Waivers the attendees must agree to at checkout (`completed_waivers`); empty when none. */
  attendee_waivers_required: z.array(zAttendeeWaiver),
  items: z.array(zCartItem),
  sort_by: z.string(),
  enable_print_receipt: z.boolean(),
});
export type Cart = z.infer<typeof zCart>;
export const zCartResponse = z.object({ data: zCart });
export type CartResponse = z.infer<typeof zCartResponse>;

// ---- Waitlist (path ours: `POST api/activities/waitlist`, `DELETE api/activities/waitlist/{id}`) ----

export const zWaitlistJoinRequest = z.object({
  /** The full session (the availability answers' `id`). */
  occurrence_id: zIdLike,
  selected_user_id: zOptionalId,
});
export const zWaitlistParams = z.object({ waitlistId: zId });
export const zWaitlistEntry = z.object({
  id: z.number().int(),
  occurrence_id: z.number().int(),
  /** 1 = first in line. */
  position: z.number().int(),
  /** waiting; offered (a place is held in the customer's basket); accepted; expired; cancelled. */
  status: z.enum(['waiting', 'offered', 'accepted', 'expired', 'cancelled']),
  created_at: z.string(),
});
export type WaitlistEntry = z.infer<typeof zWaitlistEntry>;
export const zWaitlistResponse = z.object({ data: zWaitlistEntry });

// ---- Front of house: customer search (path ours: `GET api/foh/customers?q=`) -----------------------

export const zCustomerSearchQuery = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters.').max(100),
});
export const zCustomerSummary = z.object({
  id: z.number().int(),
  reference: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  date_of_birth: z.string().nullable(),
  postcode: z.string().nullable(),
  membership_user: z.object({ id: z.number().int() }).nullable(),
});
export type CustomerSummary = z.infer<typeof zCustomerSummary>;
export const zCustomerSearchResponse = z.object({ data: z.array(zCustomerSummary) });
