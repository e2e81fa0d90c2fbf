import { z } from 'zod';
import { zSource } from './auth';
import { zCartableResource, zCartableType, zCartPrice } from './cart';
import { zOptionalId } from './ids';

/**
 * Checkout (bookings-api.md "Cart", shell-session-basket.md 3, 4 and 7): card payment through the
 * provider's own frame (our API only ever sees a token), credit, and the front-of-house offline
 * tenders. Money is integer minor units.
 */

export const checkoutMessages = {
  basketChanged: 'Your basket has changed. Please review it and try again.',
  basketEmpty: 'Your basket is empty.',
  termsRequired: 'You must agree to the Terms and Conditions.',
  waiverRequired: 'Please agree to the waiver for every attendee.',
  cardRequired: 'Please enter your card details.',
  noSavedCard: 'You have no saved card.',
  amountMismatch: 'The payments must add up to the amount to pay.',
  tendersMismatch: 'The tenders must cover the balance exactly.',
  creditTooMuch: 'You cannot use more credit than the customer has available.',
  inProgress: 'This order is already being processed. Please wait a moment.',
  failed: 'Unable to complete your order, please try again.',
  fohOnly: 'Only front-of-house staff can take offline payments.',
  billingFirstName: 'Enter the first name on the card.',
  billingLastName: 'Enter the last name on the card.',
  billingAddress: 'Enter the first line of the billing address.',
  billingTown: 'Enter the town or city.',
  billingPostcode: 'Enter a valid postcode.',
} as const;

/** Offline tenders of the front-of-house source (shell-session-basket.md 9), plus card and credit online. */
export const offlineTenderTypes = ['cash', 'offline-voucher', 'cheque', 'credit'] as const;
export const zOfflineTenderType = z.enum(offlineTenderTypes);
export const tenderTypes = ['card', 'credit', 'cash', 'offline-voucher', 'cheque'] as const;
export const zTenderType = z.enum(tenderTypes);

export const zCheckoutQuery = z.object({
  selected_user_id: zOptionalId,
  source: zSource.optional(),
});

export const zSavedCard = z.object({
  brand: z.string(),
  last4: z.string(),
  expiry_month: z.number().int(),
  expiry_year: z.number().int(),
  billing: z.object({
    first_name: z.string(),
    last_name: z.string(),
    address_line_1: z.string(),
    town: z.string(),
    postcode: z.string(),
  }),
});
export type SavedCard = z.infer<typeof zSavedCard>;

/** `GET checkout/prepare`: `payment_provider` at the top level, the rest under `data`. */
export const zCheckoutPrepareResponse = z.object({
  payment_provider: z.string(),
  data: z.object({
    cart_id: z.number().int(),
    item_hash: z.string(),
    /** What the card must pay: the basket balance after reserved credit. */
    amount: z.number().int(),
    formatted_amount: z.string(),
    currency: z.string(),
    /** Zero balance (free, or all credit): no card is needed. */
    requires_payment: z.boolean(),
    /** The provider's card form, to load in an iframe; messages only from `frame_origin` count. */
    frame_url: z.string(),
    frame_origin: z.string(),
    saved_card: zSavedCard.nullable(),
    hold_expires_at: z.string().nullable(),
  }),
});
export type CheckoutPrepareResponse = z.infer<typeof zCheckoutPrepareResponse>;

export const zPayment = z.object({
  tender_type: zTenderType,
  amount: z.number().int('Must be a whole number of pence.').min(0, 'Must be zero or more.'),
  info: z.union([z.string().max(500), z.record(z.string(), z.unknown()), z.null()]).optional(),
});
export type Payment = z.infer<typeof zPayment>;

export const zBilling = z.object({
  first_name: z.string().trim().min(1, checkoutMessages.billingFirstName).max(100),
  last_name: z.string().trim().min(1, checkoutMessages.billingLastName).max(100),
  address_line_1: z.string().trim().min(1, checkoutMessages.billingAddress).max(200),
  town: z.string().trim().min(1, checkoutMessages.billingTown).max(100),
  postcode: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{1,2}\d[A-Za-z\d]?\s*\d[A-Za-z]{2}$/, checkoutMessages.billingPostcode),
});
export type Billing = z.infer<typeof zBilling>;

/** An attendee's agreement to a waiver (`attendee_waivers_required` of the cart). */
export const zCompletedWaiver = z.object({
  waiver_id: z.number().int().positive(),
  user_id: z.number().int().positive(),
});

const zCheckoutCommon = {
  /** Agreements to the basket's `attendee_waivers_required`. */
  completed_waivers: z.array(zCompletedWaiver).max(50).default([]),
  /** The basket's `item_hash` as shown; a different one answers 409 (the basket changed). */
  item_hash: z.string().max(100).optional(),
  selected_user_id: zOptionalId,
  source: zSource.optional(),
  /** Ids of the checkout terms (`GET terms?cart_id`) the customer ticked; all must be there. */
  terms: z.array(z.number().int()).max(50).default([]),
};

/**
 * `POST checkout/complete`: `payments` are what the page intends (`card` for the balance, `credit`);
 * `card.token` comes from the provider's frame; `saved_card: true` pays with the saved card instead.
 * Idempotent: a repeated or concurrent submission answers the same `complete_order_id`.
 */
export const zCheckoutCompleteRequest = z.object({
  ...zCheckoutCommon,
  payments: z.array(zPayment).max(5).default([]),
  card: z
    .object({
      token: z.string().min(1, checkoutMessages.cardRequired).max(4096),
      /** Keep this card for next time (replaces any saved card). */
      save_card: z.boolean().default(false),
      billing: zBilling,
    })
    .optional(),
  saved_card: z.boolean().optional(),
});
export type CheckoutCompleteRequest = z.infer<typeof zCheckoutCompleteRequest>;

/** `POST checkout/pay` (front of house): offline tenders that cover the balance exactly. */
export const zCheckoutPayRequest = z.object({
  ...zCheckoutCommon,
  payments: z
    .array(
      zPayment.extend({
        tender_type: z.enum(offlineTenderTypes, {
          error: `Must be one of: ${offlineTenderTypes.join(', ')}.`,
        }),
      }),
    )
    .min(1, 'Add a tender.')
    .max(10),
});
export type CheckoutPayRequest = z.infer<typeof zCheckoutPayRequest>;

export const zCheckoutCompleteResponse = z.object({ complete_order_id: z.number().int() });
export type CheckoutCompleteResponse = z.infer<typeof zCheckoutCompleteResponse>;

// ---- Orders (`GET api/my-account/orders/{orderId}`, `.../calendar.ics`) ------------------------------

export const zOrderParams = z.object({
  orderId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const zOrderItem = z.object({
  id: z.number().int(),
  name: z.string(),
  cartable_type: zCartableType,
  quantity: z.number().int(),
  price: zCartPrice,
  cartable_resource: zCartableResource,
  booking_ids: z.array(z.number().int()),
  /** Tickets of a class; sessions of a course. */
  child_items: z.array(
    z.object({ name: z.string(), quantity: z.number().int(), price: zCartPrice, starts_at: z.string() }),
  ),
});

export const zOrder = z.object({
  id: z.number().int(),
  /** 'ORD-000123' */
  reference: z.string(),
  /** Names the order in the receipt call (`GET my-account/orders/{uuid}/receipt`). */
  uuid: z.string(),
  status: z.literal('completed'),
  source: z.string(),
  user_id: z.number().int(),
  currency: z.string(),
  total: z.number().int(),
  formatted_total: z.string(),
  created_at: z.string(),
  items: z.array(zOrderItem),
  payments: z.array(
    z.object({
      tender_type: zTenderType,
      amount: z.number().int(),
      formatted_amount: z.string(),
      card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    }),
  ),
  /** `GET .../orders/{id}/calendar.ics`: every session of the order as an iCalendar file. */
  calendar_url: z.string(),
});
export type Order = z.infer<typeof zOrder>;
export const zOrderResponse = z.object({ data: zOrder });
