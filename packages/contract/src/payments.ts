import { z } from 'zod';
import { zCalendarDate } from './dates';
import { isUkPostcode, normalisePostcode } from './postcode';

/**
 * The payments area of my account (joining-and-payments.md "Payments summary" to "Order history",
 * sections 3 to 8; my-account.md 7 "Orders" and "Penalties"). Every call answers only for its
 * owner. Money is integer minor units beside the formatted text.
 */

export const paymentsMessages = {
  postcode: 'Please enter a valid postcode',
  firstName: 'First name must be longer than 1 character.',
  lastName: 'Last name must be longer than 1 character.',
  addressLine1: 'Address line 1 must be longer than 1 character.',
  city: 'City must be longer than 1 character.',
  penaltyNotPayable: 'This fee is not yours to pay, or is already paid.',
  penaltyInBasket: 'This fee is already in your basket.',
  penaltiesOnly: 'Fees are added to the basket on their own.',
  dateOrder: 'The start date must be on or before the end date.',
  date: 'Enter a date as YYYY-MM-DD.',
} as const;

const zMinor = z.number().int();

export const zPenaltyType = z.enum(['late_cancellation', 'no_show', 'membership_debt', 'other']);
export type PenaltyType = z.infer<typeof zPenaltyType>;

/** What the fees table shows as a fee's type. */
export const penaltyTypeLabels: Record<PenaltyType, string> = {
  late_cancellation: 'Late cancellation fee',
  no_show: 'No-show fee',
  membership_debt: 'Membership debt',
  other: 'Fee',
};

// ---- Penalties (`GET api/my-account/user/penalties`) --------------------------------------------------

export const zPenalty = z.object({
  id: z.number().int(),
  type: zPenaltyType,
  /** 'Late cancellation fee' */
  type_label: z.string(),
  fee_amount: z.object({ amount: zMinor, formatted: z.string() }),
  /** The basket line type that pays it. */
  cart_type: z.literal('penalty'),
  pricing_option_id: z.number().int().nullable(),
  created_at: z.string(),
  booking: z.object({
    /** The venue's name ('' when none). */
    venue: z.string(),
    description: z.string(),
    /** 'DD/MM/YYYY' of the booked session, or of the fee when there is no booking. */
    date: z.string(),
    /** 'HH:mm' of the session; '' when there is no booking. */
    time: z.string(),
  }),
});
export type Penalty = z.infer<typeof zPenalty>;
export const zPenaltiesResponse = z.object({ data: z.array(zPenalty) });

// ---- Credit (`GET api/credits/user`, `GET api/credits/user/credit-transactions`) ----------------------

export const zCreditValue = z.object({ raw: zMinor, formatted: z.string(), currency: z.string() });

export const zCreditEntry = z.object({
  id: z.number().int(),
  /** general (booking credit) or membership. */
  type: z.enum(['general', 'membership']),
  /** Always positive: the amount added, or the amount spent. */
  value: zCreditValue,
  added_at: z.string().nullable(),
  spent_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  /** The order it was spent on or came from: 'ORD-000123'. */
  related_item: z.string().nullable(),
  spent_at_location: z.string().nullable(),
  reason: z.string(),
  description: z.string().nullable(),
});
export type CreditEntry = z.infer<typeof zCreditEntry>;

export const zCreditBalances = z.object({
  general: z.object({ total_available: zMinor, formatted: z.string(), currency: z.string() }),
  membership: z.object({ total_available: zMinor, raw: zMinor, formatted: z.string() }),
});
export type CreditBalances = z.infer<typeof zCreditBalances>;

export const zCreditsAddedResponse = z.object({
  data: z.object({ balances: zCreditBalances, credits: z.array(zCreditEntry) }),
});
export type CreditsAdded = z.infer<typeof zCreditsAddedResponse>['data'];
export const zCreditsSpentResponse = z.object({ data: z.array(zCreditEntry) });

// ---- Saved card ---------------------------------------------------------------------------------------

export const zSavedCard = z.object({
  id: z.number().int(),
  brand: z.string(),
  card_holder_name: z.string(),
  last_four_digits: z.string(),
  /** 'MM/YY' */
  expiry_date: z.string(),
  /** The card's expiry month has passed. */
  recently_expired: z.boolean(),
  first_name: z.string(),
  last_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string(),
  city: z.string(),
  post_code: z.string(),
});
export type SavedCard = z.infer<typeof zSavedCard>;
export const zSavedCardsResponse = z.object({ data: z.array(zSavedCard) });
export const zSavedCardResponse = z.object({ data: zSavedCard });
export const zSavedCardParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

const longerThanOne = (message: string) =>
  z.string({ error: message }).trim().min(2, message).max(100, 'Must be at most 100 characters.');

/** `PUT api/my-account/saved-cards/{id}/update`: billing details only (joining-and-payments.md 5). */
export const zSavedCardUpdateRequest = z.object({
  first_name: longerThanOne(paymentsMessages.firstName),
  last_name: longerThanOne(paymentsMessages.lastName),
  address_line_1: longerThanOne(paymentsMessages.addressLine1),
  address_line_2: z.string().trim().max(100, 'Must be at most 100 characters.').nullish(),
  city: longerThanOne(paymentsMessages.city),
  post_code: z
    .string({ error: paymentsMessages.postcode })
    .trim()
    .max(10, paymentsMessages.postcode)
    .refine(isUkPostcode, paymentsMessages.postcode)
    .transform(normalisePostcode),
});
export type SavedCardUpdateRequest = z.input<typeof zSavedCardUpdateRequest>;

export const zMessageResponse = z.object({ message: z.string() });

// ---- Orders (`GET api/my-account/orders`) --------------------------------------------------------------

const zIsoDate = zCalendarDate(paymentsMessages.date);

export const ordersPerPage = 20;

export const zOrdersQuery = z
  .object({
    /** Inclusive, 'YYYY-MM-DD'; either alone is a one-sided bound. */
    from: zIsoDate.optional(),
    to: zIsoDate.optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: paymentsMessages.dateOrder, path: ['from'] });
export type OrdersQuery = z.infer<typeof zOrdersQuery>;

export const zOrderSummaryItem = z.object({
  /** activity, membership, penalty, ... */
  type: z.string(),
  id: z.number().int(),
  name: z.string(),
  /** 'DD/MM/YYYY' of the session or membership start; '' when none. */
  date: z.string(),
  /** 'HH:mm'; '' when none. */
  start_time: z.string(),
  price: z.object({ raw: zMinor, formatted: z.string() }),
});

export const zOrderSummary = z.object({
  id: z.number().int(),
  uuid: z.string(),
  /** 'ORD-000123' */
  reference: z.string(),
  /** 'DD/MM/YYYY' (Europe/London) */
  created_at: z.string(),
  /** ISO timestamp. */
  ordered_at: z.string(),
  total: z.object({ raw: zMinor, formatted: z.string() }),
  /** 'Card', 'Credit', 'Card and credit', 'Free', ... */
  payment_type: z.string(),
  items: z.array(zOrderSummaryItem),
});
export type OrderSummary = z.infer<typeof zOrderSummary>;

export const zOrdersResponse = z.object({
  data: z.array(zOrderSummary),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type OrdersPage = z.infer<typeof zOrdersResponse>;

export const zReceiptParams = z.object({ orderId: z.string().uuid() });
export const zReceiptResponse = z.object({
  data: z.object({ contents: z.string().describe('The PDF, base64'), name: z.string() }),
});

// ---- Staff ---------------------------------------------------------------------------------------------

export const zStaffCustomerParams = z.object({
  userId: z.coerce.number().int().positive().max(2_147_483_647),
});

export const zIssueCreditRequest = z.object({
  amount: z
    .number()
    .int('Must be a whole number of pence.')
    .positive('Must be more than zero.')
    .max(1_000_000),
  type: z.enum(['general', 'membership']).default('general'),
  reason: z.string().trim().min(2, 'Give a reason.').max(200),
  description: z.string().trim().max(500).nullish(),
  expires_at: z.iso.datetime({ offset: true }).nullish(),
  venue_id: z.number().int().positive().nullish(),
});
export type IssueCreditRequest = z.input<typeof zIssueCreditRequest>;
export const zIssueCreditResponse = z.object({ data: zCreditEntry });

export const zIssuePenaltyRequest = z.object({
  type: zPenaltyType,
  amount: z
    .number()
    .int('Must be a whole number of pence.')
    .positive('Must be more than zero.')
    .max(1_000_000),
  description: z.string().trim().min(2, 'Describe the fee.').max(200),
  venue_id: z.number().int().positive().nullish(),
  booking_id: z.number().int().positive().nullish(),
  membership_id: z.number().int().positive().nullish(),
});
export type IssuePenaltyRequest = z.input<typeof zIssuePenaltyRequest>;
export const zIssuePenaltyResponse = z.object({ data: zPenalty });
