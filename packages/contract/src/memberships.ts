import { z } from 'zod';
import { zCalendarDate } from './dates';
import { metresPerMile } from './geo';
import { zId } from './ids';

/**
 * Online joining: membership types, prices, promotions, additional questions, terms by kind, the
 * venue list for the map and the submit-new-membership call (joining-and-payments.md 3, 5, 7, 8, 9).
 * Wire keys are snake_case. Money is integer minor units (`raw`) with `formatted` ('£12.50') and
 * `decimal` ('12.50') ready to show. Dates are 'YYYY-MM-DD'.
 */

export const membershipMessages = {
  incalculablePrice: 'Could not calculate price.',
  codeNotRecognised: 'Code not recognised',
  codeTakesNothingOff: 'This code does not reduce the price of the membership you chose.',
  ineligible: 'You are ineligible for this membership',
  notEligible: 'You are not eligible for this membership',
  alreadyPending: 'You already have a pending membership of this type.',
  alreadyActive: 'You already have this membership.',
  typeNotFound: 'Could not find selected membership',
  optionNotForType: 'This payment option does not belong to this membership.',
  notAtVenue: 'This membership is not available at the chosen centre.',
  startDatePast: 'The start date cannot be in the past.',
  startDateTooLate: 'The start date cannot be more than one month ahead.',
  billingDayRequired: 'Please choose a billing day.',
  billingDayRange: 'The billing day must be between 1 and 28.',
  termsRequired: 'Please accept the terms.',
  directDebitRequired: 'Please set up your direct debit.',
  answerRequired: (label: string) => `${label} is required.`,
  dateInvalid: 'Date must be valid.',
  dateInFuture: 'Date cannot be after today.',
  numberInvalid: 'Must be a number.',
  optionInvalid: 'Choose one of the options.',
  questionsRequired: 'Please fill in required questions',
} as const;

/** Payment types: recurring 'Monthly', fixed 'Single payment' (spec 9). */
export const paymentTypes = ['recurring', 'fixed'] as const;
export const zPaymentType = z.enum(paymentTypes);
export type PaymentType = z.infer<typeof zPaymentType>;
export const paymentTypeLabels: Record<PaymentType, string> = {
  recurring: 'Monthly',
  fixed: 'Single payment',
};

export const fixedPeriods = ['day', 'week', 'month', 'year'] as const;
export const zFixedPeriod = z.enum(fixedPeriods);

export const membershipStatuses = [
  'pending',
  'active',
  'frozen',
  'cancelled',
  'suspended',
  'expired',
] as const;
export const zMembershipStatus = z.enum(membershipStatuses);
export type MembershipStatus = z.infer<typeof zMembershipStatus>;

export const questionTypes = ['text', 'number', 'select', 'multi_select', 'date', 'checkbox'] as const;
export const zQuestionType = z.enum(questionTypes);
export type QuestionType = z.infer<typeof zQuestionType>;

/** Kinds of terms the joining flow shows (GET api/terms?type=...). */
export const joiningTermTypes = ['direct_debit', 'health_commitment', 'membership'] as const;
export const zJoiningTermType = z.enum(joiningTermTypes);
export type JoiningTermType = z.infer<typeof zJoiningTermType>;

/** Limits (spec 9): start date at most one month ahead; billing day 1 to 28; radius 1-10 miles. */
export const membershipLimits = {
  billingDayMin: 1,
  billingDayMax: 28,
  radiusMinMiles: 1,
  radiusMaxMiles: 10,
  radiusDefaultMiles: 5,
  metresPerMile,
} as const;

/** Empty query values mean "not given". */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const zOptionalId = z.preprocess(emptyToUndefined, zId.optional());

/** A calendar date 'YYYY-MM-DD' that exists. */
export const zIsoDate = zCalendarDate('Date must be valid.');

export const zBillingDay = z.coerce
  .number({ error: membershipMessages.billingDayRange })
  .int(membershipMessages.billingDayRange)
  .min(1, membershipMessages.billingDayRange)
  .max(28, membershipMessages.billingDayRange);

// ---- Shared answer pieces --------------------------------------------------------------------------

export const zMembershipMoney = z.object({
  /** 2500 (minor units) */
  raw: z.number().int(),
  /** '£25.00' */
  formatted: z.string(),
  /** '25.00' */
  decimal: z.string(),
});
export type MembershipMoney = z.infer<typeof zMembershipMoney>;

export const zIsPurchasable = z.object({
  can_purchase: z.boolean(),
  has_prices: z.boolean(),
  /** Why not, e.g. 'You are not eligible for this membership' (null when purchasable). */
  message: z.string().nullable(),
});

export const zPaymentOption = z.object({
  id: z.number().int(),
  name: z.string(),
  payment_type: zPaymentType,
  /** Fixed options: e.g. 12 'month'; null for recurring. */
  fixed_duration: z.number().int().nullable(),
  fixed_period: zFixedPeriod.nullable(),
  fees: z.object({ base_fee: zMembershipMoney, joining_fee: zMembershipMoney }),
  /** The monthly (recurring) or single (fixed) price. */
  global_base_price: zMembershipMoney,
  /** What is paid today when starting today, before any promotion. */
  total_to_pay_now: zMembershipMoney,
  is_purchasable: zIsPurchasable,
});
export type PaymentOption = z.infer<typeof zPaymentOption>;

export const zBenefit = z.object({
  name: z.string(),
  /** e.g. 2 */
  total_uses: z.number().int().nullable(),
  /** Plural word, e.g. 'months' (shown as 'per month'); null: no limit per period. */
  frequency: z.string().nullable(),
  description: z.string().nullable(),
});

export const zEligibility = z.object({
  name: z.string(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  /** Proof needed (student, concession): accepted document types, e.g. ['Student ID card']. */
  requires_document: z.boolean(),
  document_types: z.array(z.string()),
});

export { coverageLabel } from './coverage';

export const zMembershipType = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** 'national' or the local value (the venue's town or area). */
  coverage: z.string(),
  /** HTML; the client sanitises it before rendering. */
  description: z.string(),
  eligibility: zEligibility.nullable(),
  benefits: z.array(zBenefit),
  provides_access_to: z.array(z.object({ id: z.number().int(), name: z.string() })),
  payment_options: z.array(zPaymentOption),
  is_purchasable: zIsPurchasable,
});
export type MembershipType = z.infer<typeof zMembershipType>;

// ---- GET api/memberships/types?venue_id ------------------------------------------------------------

export const zMembershipTypesQuery = z.object({ venue_id: zId });
export const zMembershipTypesResponse = z.object({ data: z.array(zMembershipType) });
export type MembershipTypesResponse = z.infer<typeof zMembershipTypesResponse>;

// ---- GET api/memberships/types/{typeId}/payment-options/{optionId} ---------------------------------

export const zPaymentOptionPriceParams = z.object({ typeId: zId, optionId: zId });
export const zPaymentOptionPriceQuery = z.object({
  /** Defaults to today. */
  start_date: z.preprocess(emptyToUndefined, zIsoDate.optional()),
  /** Monthly payers without a billing date choose 1-28; defaults to the start date's day (max 28). */
  billing_day: z.preprocess(emptyToUndefined, zBillingDay.optional()),
  venue_id: zOptionalId,
  promotion_code_id: zOptionalId,
});
export type PaymentOptionPriceQuery = z.infer<typeof zPaymentOptionPriceQuery>;

export const zMembershipFees = z.object({
  joining_fee: zMembershipMoney,
  base_fee: zMembershipMoney,
  pro_rata_fee: zMembershipMoney,
  month_in_hand_fee: zMembershipMoney,
  /** Positive amount taken off (shown as a minus). */
  discount: zMembershipMoney,
});

export const zCostBreakdown = z.object({
  payment_option_id: z.number().int(),
  payment_type: zPaymentType,
  fixed_duration: z.number().int().nullable(),
  fixed_period: zFixedPeriod.nullable(),
  fees: zMembershipFees,
  global_base_price: zMembershipMoney,
  /** joining + pro_rata + month_in_hand (recurring) or base (fixed), minus discount; never negative. */
  total_to_pay_now: zMembershipMoney,
  start_date: z.string(),
  /** Days from the start date up to (not including) the first billing date; 0 for fixed. */
  pro_rata_days: z.number().int(),
  /** 'YYYY-MM-DD'; null for fixed payments. */
  first_billing_date: z.string().nullable(),
  /** '1st January 2027'; null for fixed payments. */
  pretty_first_billing_date: z.string().nullable(),
  /** The billing day used (recurring). */
  billing_day: z.number().int().nullable(),
  /** Fixed: the last day covered. */
  end_date: z.string().nullable(),
  promotion_enabled: z.boolean(),
  /** The applied promotion's code, when one applied. */
  promotion_code: z.string().nullable(),
  currency: z.string(),
});
export type CostBreakdown = z.infer<typeof zCostBreakdown>;
export const zPaymentOptionPriceResponse = z.object({ data: zCostBreakdown });

// ---- GET api/v1/membership-promotions/validate/{code}/{paymentOptionId} -----------------------------

export const zPromotionValidateParams = z.object({
  code: z
    .string()
    .trim()
    .min(1, membershipMessages.codeNotRecognised)
    .max(64, membershipMessages.codeNotRecognised),
  paymentOptionId: zId,
});
export const zPromotionValidateResponse = z.object({
  data: z.object({ code: z.string(), id: z.number().int() }),
});

// ---- GET / POST api/custom-questions/memberships/{membershipId} -------------------------------------

/** `membershipId` is the membership TYPE id for GET (questions to ask) and the customer's membership id for POST. */
export const zCustomQuestionsParams = z.object({ membershipId: zId });

export const zAdditionalQuestion = z.object({
  id: z.number().int(),
  reference: z.string(),
  label: z.string(),
  type: zQuestionType,
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  placeholder: z.string().nullable(),
  default: z.string().nullable(),
  is_required: z.boolean(),
  /** The saved answer (POST membership id reads), else null. */
  answer: z.union([z.string(), z.array(z.string()), z.boolean(), z.number(), z.null()]),
});
export type AdditionalQuestion = z.infer<typeof zAdditionalQuestion>;
export const zCustomQuestionsResponse = z.object({ data: z.array(zAdditionalQuestion) });

export const zAnswerValue = z.union([
  z.string().max(2000),
  z.array(z.string().max(200)).max(50),
  z.boolean(),
  z.number(),
]);
export const zAnswer = z.object({ question_id: zId, answer: z.union([zAnswerValue, z.null()]) });
export type Answer = z.infer<typeof zAnswer>;
/** Errors are keyed `answers.{questionId}`: '{label} is required.', 'Date must be valid.'. */
export const zCustomQuestionsAnswerRequest = z.object({ answers: z.array(zAnswer).max(100) });

// ---- Terms of the joining flow (GET api/terms?type=) -------------------------------------------------
// The query `type` (direct_debit | health_commitment | membership) is added to operator.ts's zTermsQuery
// answer shape: { data: [{ id, title, html }] }.

// ---- GET api/online-joining/venues -------------------------------------------------------------------

export const zJoiningVenuesQuery = z
  .object({
    lat: z.preprocess(emptyToUndefined, z.coerce.number().min(-90).max(90).optional()),
    lng: z.preprocess(emptyToUndefined, z.coerce.number().min(-180).max(180).optional()),
    /** Miles (1-10). With lat and lng: only venues within it, nearest first. */
    radius: z.preprocess(emptyToUndefined, z.coerce.number().min(0.1).max(500).optional()),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    message: 'Give both lat and lng.',
    path: ['lat'],
  });
export const zJoiningVenue = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  address1: z.string(),
  address2: z.string().nullable(),
  town: z.string(),
  postcode: z.string(),
  lat: z.number(),
  lng: z.number(),
  venue_type: z.string(),
  can_display_ineligible_memberships: z.boolean(),
  /** Miles from lat/lng when given, else null. */
  distance: z.number().nullable(),
});
export type JoiningVenue = z.infer<typeof zJoiningVenue>;
export const zJoiningVenuesResponse = z.object({ data: z.array(zJoiningVenue) });

// ---- POST api/online-joining/memberships (submit new membership) --------------------------------------

export const zSubmitMembershipRequest = z.object({
  membership_type_id: zId,
  payment_option_id: zId,
  home_venue_id: zId,
  start_date: zIsoDate,
  /** Monthly payers without a billing date: 1-28. Ignored otherwise. */
  billing_day: z.preprocess(emptyToUndefined, zBillingDay.optional()),
  promotion_code_id: zOptionalId,
  answers: z.array(zAnswer).max(100).default([]),
  /** Ids of the health commitment and membership terms the customer accepted. */
  terms: z.array(zId).max(50).default([]),
  /**
   * Recurring payers without an instruction: the token (and reference) that the direct-debit
   * validation call answered; never account numbers.
   */
  direct_debit: z
    .object({ token: z.string().min(1).max(200), reference: z.string().max(200).optional() })
    .optional(),
  /** Staff acting for a customer. */
  selected_user_id: zOptionalId,
});
export type SubmitMembershipRequest = z.infer<typeof zSubmitMembershipRequest>;

export const zMembershipSummary = z.object({
  id: z.number().int(),
  /** A submitted membership is a `draft` until its basket is paid (docs/decisions/018). */
  status: z.enum(['draft', ...membershipStatuses]),
  membership_type_id: z.number().int(),
  membership_type_name: z.string(),
  payment_option_id: z.number().int(),
  payment_type: zPaymentType,
  home_venue_id: z.number().int(),
  start_date: z.string(),
  billing_day: z.number().int().nullable(),
  first_billing_date: z.string().nullable(),
  end_date: z.string().nullable(),
  requires_document: z.boolean(),
});
export type MembershipSummary = z.infer<typeof zMembershipSummary>;

export const zSubmitMembershipResponse = z.object({
  data: z.object({
    membership: zMembershipSummary,
    /** The basket holding the first payment (cartable type 'membership'); check it out next. */
    cart: z.object({ id: z.number().int(), uuid: z.string() }),
    cart_item_id: z.number().int(),
    costs: zCostBreakdown,
    /** True when a new direct-debit mandate will be created at checkout (the spec's new-mandate flag). */
    new_mandate: z.boolean(),
  }),
});
export type SubmitMembershipResponse = z.infer<typeof zSubmitMembershipResponse>;
