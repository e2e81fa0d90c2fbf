import { z } from 'zod';
import { zId } from './ids';
import { zIsoDate, zMembershipMoney, zMembershipType, zPaymentType } from './memberships';

/**
 * Renewing and changing a membership (my-account.md 2.6, 3 "Renewal details", 4, 5;
 * joining-and-payments.md "Change costs"; the API module `membership-lifecycle`; freezing is in
 * freezes.ts). Wire keys are snake_case; dates `YYYY-MM-DD`.
 */

export const membershipChangeMessages = {
  renewFailed: 'An error occurred when trying to add the membership to the basket. Please try again.',
  startsAtOutOfRange: 'The start date must be between {min} and {max}.',
  optionNotOffered: 'This membership is not offered at your home centre.',
  sameOption: 'This is your current membership.',
} as const;

export const zMembershipChangeParams = z.object({ membershipId: zId });

/** The member's home centre, for the change and renew pages' joining flow. */
export const zChangeHomeVenue = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  can_display_ineligible_memberships: z.boolean(),
});

// ---- GET / POST api/memberships/{membershipId}/renew ---------------------------------------------------

const zPrettyDate = z.object({ raw: z.string(), full_date_pretty: z.string() });

export const zRenewalDetails = z.object({
  id: z.number().int(),
  name: z.string(),
  reference: z.string(),
  /** Access level: the coverage as cards show it (`coverageLabel`): National, Local, ... */
  access: z.string(),
  /** '12 months' */
  duration: z.string(),
  price: zMembershipMoney,
  joining_fee: zMembershipMoney.nullable(),
  start_date: zPrettyDate,
  end_date: zPrettyDate,
  benefits: z.array(z.string()),
  /** HTML from the operator; sanitise before rendering. */
  description: z.string(),
  total_cost: zMembershipMoney,
  can_renew: z.boolean(),
  renew_forbid_reason: z.string().nullable(),
  /** For the renew page: the type's slug, payment option and payment type. */
  slug: z.string(),
  payment_option_id: z.number().int(),
  payment_type: zPaymentType,
  /** The renew page's joining flow: the home centre and the type with only the renewed option. */
  home_venue: zChangeHomeVenue,
  membership_type: zMembershipType.nullable(),
});
export type RenewalDetails = z.infer<typeof zRenewalDetails>;
export const zRenewalDetailsResponse = z.object({ data: zRenewalDetails });

export const zRenewResponse = z.object({
  data: z.object({
    membership_id: z.number().int(),
    cart: z.object({ id: z.number().int(), uuid: z.string() }),
    cart_item_id: z.number().int(),
  }),
});
export type RenewResponse = z.infer<typeof zRenewResponse>;

// ---- GET api/memberships/{membershipId}/change[/{paymentOptionId}] ------------------------------------

export const zChangeOptionsResponse = z.object({
  data: z.object({
    membership_id: z.number().int(),
    current: z.object({
      membership_type_id: z.number().int(),
      payment_option_id: z.number().int(),
      name: z.string(),
    }),
    home_venue: zChangeHomeVenue,
    /** What the member may change to at their home centre (the current option is not purchasable). */
    membership_types: z.array(zMembershipType),
    starts_at: z.object({ min: z.string(), max: z.string() }),
  }),
});
export type ChangeOptionsResponse = z.infer<typeof zChangeOptionsResponse>;

export const zChangeCostsParams = z.object({ membershipId: zId, paymentOptionId: zId });
export const zChangeCostsQuery = z.object({
  startsAt: zIsoDate.optional(),
  /** A member without a billing date changing to a monthly option: the day they chose (1-28). */
  billing_day: z.coerce.number().int().min(1).max(28).optional(),
});

/**
 * docs/decisions/019-change-pricing.md: total_due_now = month_in_hand + fees + the difference when
 * that is positive; otherwise nothing is due and the rest goes to the member's account credit.
 */
export const zChangeCosts = z.object({
  costs: z.object({
    total_due_now: zMembershipMoney,
    composition: z.object({
      /** The new membership's first period that the current one has not paid for. */
      month_in_hand: zMembershipMoney,
      /** The option's change fee (no joining fee on a change). */
      fees: zMembershipMoney,
    }),
    /** Added to the member's membership credit once the change is checked out. */
    account_credit: zMembershipMoney,
  }),
  /** The new membership's monthly fee or single payment. */
  new_membership_price: zMembershipMoney,
  /** New price less old price for the period already paid from the change (negative: a credit). */
  difference_to_old_membership: z.object({
    amount: zMembershipMoney,
    text: z.string(),
    /** That period, [from, until); null when nothing is paid beyond the change's start. */
    paid_period: z.object({ from: z.string(), until: z.string() }).nullable(),
  }),
  /** Monthly: the first direct debit of the new price. */
  first_billing_date: z.string().nullable(),
  pretty_first_billing_date: z.string().nullable(),
  /** The current membership's last day. */
  current_membership_ends: z.string(),
  starts_at: z.object({ min: z.string(), max: z.string() }),
});
export type ChangeCosts = z.infer<typeof zChangeCosts>;
export const zChangeCostsResponse = z.object({ data: zChangeCosts });

export const zChangeMembershipRequest = z.object({
  starts_at: zIsoDate,
  payment_option_id: zId,
  /** Only for a member without a billing date changing to a monthly option; defaults to the start's day. */
  billing_day: z.coerce.number().int().min(1).max(28).optional(),
  /** Only for a member without a direct debit instruction changing to a monthly option. */
  direct_debit: z.object({ token: z.string().min(1) }).optional(),
});
export type ChangeMembershipRequest = z.infer<typeof zChangeMembershipRequest>;

export const zChangeMembershipResponse = z.object({
  data: z.object({
    membership_id: z.number().int(),
    /** Nothing was due: the change is confirmed by this order (/booking-confirmed/{order_id}). */
    order_id: z.number().int().nullable(),
    /** Something is due: it waits in the basket (/basket/checkout). */
    cart_item_id: z.number().int().nullable(),
  }),
});
export type ChangeMembershipResponse = z.infer<typeof zChangeMembershipResponse>;
