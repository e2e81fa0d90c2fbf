import { z } from 'zod';
import { zAdminPage } from './lists';

/**
 * The console's Memberships area (issue 47): membership categories, types (with their categories,
 * venues, eligibility, benefits and guest-pass allowances), payment options, freeze types and the
 * additional questions asked when joining. Amounts are minor units. snake_case on the wire.
 */

/** Plain text, trimmed (control characters are refused for every request: lib/request-input). */
const zLine = (max: number) =>
  z.string({ error: 'Required' }).trim().min(1, 'Required').max(max, `At most ${max} characters`);
/** Longer text that may hold line breaks (a description in HTML). */
const zText = (max: number) => z.string().max(max, `At most ${max} characters`);
const zPosition = z.number().int().min(0).max(10_000);
/** An amount in minor units: at most 1,000,000.00. */
const zAmount = z
  .number({ error: 'Enter an amount' })
  .int('Enter a whole number of pence')
  .min(0, 'Must be 0 or more')
  .max(100_000_000, 'Too large');
const zId = z.number().int().min(1).max(2_147_483_647);

export const zAdminIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const zAdminTypeIdParams = z.object({ typeId: z.coerce.number().int().min(1).max(2_147_483_647) });

// ---- Categories -------------------------------------------------------------------------------

export const zAdminMembershipCategory = z.object({ id: z.number(), name: z.string(), position: z.number() });
export type AdminMembershipCategory = z.infer<typeof zAdminMembershipCategory>;
export const zAdminMembershipCategoryRequest = z.object({ name: zLine(80), position: zPosition.optional() });
export type AdminMembershipCategoryRequest = z.infer<typeof zAdminMembershipCategoryRequest>;
export const zAdminMembershipCategoryUpdate = zAdminMembershipCategoryRequest.partial();
export const zAdminMembershipCategoryPage = zAdminPage(zAdminMembershipCategory);

// ---- Types ------------------------------------------------------------------------------------

export const zAdminEligibility = z
  .object({
    name: zLine(80),
    min_age: z.number().int().min(0).max(120).nullable(),
    max_age: z.number().int().min(0).max(120).nullable(),
    requires_document: z.boolean(),
    /** Names of the operator's eligibility document types ('Student ID card'). */
    document_types: z.array(zLine(120)).max(20),
  })
  .refine((e) => e.min_age === null || e.max_age === null || e.min_age <= e.max_age, {
    message: 'The maximum age must not be below the minimum',
    path: ['max_age'],
  })
  .refine((e) => !e.requires_document || e.document_types.length > 0, {
    message: 'Name at least one document type',
    path: ['document_types'],
  });
export type AdminEligibility = z.infer<typeof zAdminEligibility>;

export const benefitKinds = ['guest_pass', 'activity', 'other'] as const;
export const benefitFrequencies = ['days', 'weeks', 'months', 'years'] as const;

/**
 * What a type includes: a guest-pass allowance (`guest_pass`, `total_uses` per `frequency`), an
 * activity made free or cheaper (`activity`, `activity_id`, `discount_percent` 1-100, 100 = free), or
 * anything else shown on the card.
 */
export const zAdminBenefit = z
  .object({
    name: zLine(120),
    kind: z.enum(benefitKinds),
    total_uses: z.number().int().min(1).max(10_000).nullable().default(null),
    frequency: z.enum(benefitFrequencies).nullable().default(null),
    description: zText(500).nullable().default(null),
    activity_id: zId.nullable().default(null),
    discount_percent: z.number().int().min(1).max(100).nullable().default(null),
  })
  .refine((b) => b.kind !== 'activity' || (b.activity_id !== null && b.discount_percent !== null), {
    message: 'An activity benefit names an activity and a discount',
    path: ['activity_id'],
  })
  .refine((b) => b.kind !== 'guest_pass' || b.total_uses !== null, {
    message: 'Say how many guest passes',
    path: ['total_uses'],
  });
export type AdminBenefit = z.infer<typeof zAdminBenefit>;

export const zAdminMembershipTypeRequest = z.object({
  name: zLine(120),
  /** Lower-case words joined by dashes; unique for the operator. Made from the name when left out. */
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, numbers and dashes')
    .max(80)
    .optional(),
  description: zText(10_000).default(''),
  /** 'local', 'national' or the operator's own local word ('Leeds'). */
  coverage: zLine(60),
  eligibility: zAdminEligibility.nullable().default(null),
  category_ids: z.array(zId).max(50).default([]),
  /** Venues it is sold at (home centres). */
  sold_at_venue_ids: z.array(zId).max(500).default([]),
  /** Further venues it gives access to. */
  access_venue_ids: z.array(zId).max(500).default([]),
  benefits: z.array(zAdminBenefit).max(50).default([]),
  position: zPosition.default(0),
  active: z.boolean().default(true),
  freezable: z.boolean().default(true),
  renewable: z.boolean().default(true),
  changeable: z.boolean().default(true),
  /** Days of notice a monthly membership needs to cancel. */
  cancellation_notice_days: z.number().int().min(0).max(365).default(30),
  allow_online_cancellation: z.boolean().default(true),
  /** What members see when they may not cancel online. */
  cancellation_refusal_message: zText(500).nullable().default(null),
});
export type AdminMembershipTypeRequest = z.input<typeof zAdminMembershipTypeRequest>;

/** PATCH: any of the fields; lists (categories, venues, benefits) replace the whole list when given. */
export const zAdminMembershipTypeUpdateRequest = z.object({
  name: zLine(120).optional(),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Lower-case letters, numbers and dashes')
    .max(80)
    .optional(),
  description: zText(10_000).optional(),
  coverage: zLine(60).optional(),
  eligibility: zAdminEligibility.nullable().optional(),
  category_ids: z.array(zId).max(50).optional(),
  sold_at_venue_ids: z.array(zId).max(500).optional(),
  access_venue_ids: z.array(zId).max(500).optional(),
  benefits: z.array(zAdminBenefit).max(50).optional(),
  position: zPosition.optional(),
  active: z.boolean().optional(),
  freezable: z.boolean().optional(),
  renewable: z.boolean().optional(),
  changeable: z.boolean().optional(),
  cancellation_notice_days: z.number().int().min(0).max(365).optional(),
  allow_online_cancellation: z.boolean().optional(),
  cancellation_refusal_message: zText(500).nullable().optional(),
});
export type AdminMembershipTypeUpdateRequest = z.infer<typeof zAdminMembershipTypeUpdateRequest>;

export const zAdminMembershipTypeSummary = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  coverage: z.string(),
  position: z.number(),
  active: z.boolean(),
  categories: z.array(z.string()),
  payment_option_count: z.number(),
});
export const zAdminMembershipTypePage = zAdminPage(zAdminMembershipTypeSummary);

export const zAdminMembershipType = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  coverage: z.string(),
  eligibility: z
    .object({
      name: z.string(),
      min_age: z.number().nullable(),
      max_age: z.number().nullable(),
      requires_document: z.boolean(),
      document_types: z.array(z.string()),
    })
    .nullable(),
  category_ids: z.array(z.number()),
  sold_at_venue_ids: z.array(z.number()),
  access_venue_ids: z.array(z.number()),
  benefits: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.enum(benefitKinds),
      total_uses: z.number().nullable(),
      frequency: z.string().nullable(),
      description: z.string().nullable(),
      activity_id: z.number().nullable(),
      discount_percent: z.number().nullable(),
    }),
  ),
  position: z.number(),
  active: z.boolean(),
  freezable: z.boolean(),
  renewable: z.boolean(),
  changeable: z.boolean(),
  cancellation_notice_days: z.number(),
  allow_online_cancellation: z.boolean(),
  cancellation_refusal_message: z.string().nullable(),
});
export type AdminMembershipType = z.infer<typeof zAdminMembershipType>;

// ---- Payment options --------------------------------------------------------------------------

export const fixedPeriods = ['day', 'week', 'month', 'year'] as const;

const paymentOptionFields = {
  name: zLine(80),
  /** `recurring`: monthly by direct debit; `fixed`: one single payment for `fixed_duration` `fixed_period`s. */
  payment_type: z.enum(['recurring', 'fixed']),
  base_fee: zAmount,
  joining_fee: zAmount,
  /** Recurring: take the first full month up front besides the pro-rata days to the billing day. */
  month_in_hand: z.boolean(),
  fixed_duration: z.number().int().min(1, 'At least 1').max(120).nullable(),
  fixed_period: z.enum(fixedPeriods).nullable(),
  change_fee: zAmount,
  position: zPosition,
  active: z.boolean(),
};

function fixedNeedsDuration(o: {
  payment_type?: 'recurring' | 'fixed';
  fixed_duration?: number | null;
  fixed_period?: string | null;
}) {
  return o.payment_type !== 'fixed' || (o.fixed_duration != null && o.fixed_period != null);
}

export const zAdminPaymentOptionRequest = z
  .object({
    ...paymentOptionFields,
    joining_fee: zAmount.default(0),
    month_in_hand: z.boolean().optional(),
    fixed_duration: paymentOptionFields.fixed_duration.default(null),
    fixed_period: paymentOptionFields.fixed_period.default(null),
    change_fee: zAmount.default(0),
    position: zPosition.default(0),
    active: z.boolean().default(true),
  })
  .refine(fixedNeedsDuration, {
    message: 'A single payment needs its duration',
    path: ['fixed_duration'],
  });
export type AdminPaymentOptionRequest = z.input<typeof zAdminPaymentOptionRequest>;

export const zAdminPaymentOptionUpdateRequest = z.object({
  name: paymentOptionFields.name.optional(),
  base_fee: zAmount.optional(),
  joining_fee: zAmount.optional(),
  month_in_hand: z.boolean().optional(),
  fixed_duration: paymentOptionFields.fixed_duration.optional(),
  fixed_period: paymentOptionFields.fixed_period.optional(),
  change_fee: zAmount.optional(),
  position: zPosition.optional(),
  active: z.boolean().optional(),
});
export type AdminPaymentOptionUpdateRequest = z.infer<typeof zAdminPaymentOptionUpdateRequest>;

export const zAdminPaymentOption = z.object({
  id: z.number(),
  membership_type_id: z.number(),
  name: z.string(),
  payment_type: z.enum(['recurring', 'fixed']),
  base_fee: z.number(),
  joining_fee: z.number(),
  month_in_hand: z.boolean(),
  fixed_duration: z.number().nullable(),
  fixed_period: z.enum(fixedPeriods).nullable(),
  change_fee: z.number(),
  position: z.number(),
  active: z.boolean(),
});
export type AdminPaymentOption = z.infer<typeof zAdminPaymentOption>;
export const zAdminPaymentOptionList = z.object({ data: z.array(zAdminPaymentOption) });

// ---- Freeze types -----------------------------------------------------------------------------

export const zAdminFreezeTypeRequest = z
  .object({
    reason: zLine(80),
    /** The whole months a member may freeze for. */
    time_periods: z.array(z.number().int().min(1).max(24)).min(1, 'Offer at least one period').max(24),
    proof_description: zText(500).nullable().default(null),
    proof_document_type: zLine(120).nullable().default(null),
    min_start_days_ahead: z.number().int().min(0).max(365).default(0),
    max_start_days_ahead: z.number().int().min(0).max(365).default(30),
    position: zPosition.default(0),
    active: z.boolean().default(true),
  })
  .refine((f) => f.max_start_days_ahead >= f.min_start_days_ahead, {
    message: 'Must not be before the earliest start',
    path: ['max_start_days_ahead'],
  });
export type AdminFreezeTypeRequest = z.input<typeof zAdminFreezeTypeRequest>;

export const zAdminFreezeTypeUpdateRequest = z.object({
  reason: zLine(80).optional(),
  time_periods: z
    .array(z.number().int().min(1).max(24))
    .min(1, 'Offer at least one period')
    .max(24)
    .optional(),
  proof_description: zText(500).nullable().optional(),
  proof_document_type: zLine(120).nullable().optional(),
  min_start_days_ahead: z.number().int().min(0).max(365).optional(),
  max_start_days_ahead: z.number().int().min(0).max(365).optional(),
  position: zPosition.optional(),
  active: z.boolean().optional(),
});
export type AdminFreezeTypeUpdateRequest = z.infer<typeof zAdminFreezeTypeUpdateRequest>;

export const zAdminFreezeType = z.object({
  id: z.number(),
  reason: z.string(),
  time_periods: z.array(z.number()),
  proof_description: z.string().nullable(),
  proof_document_type: z.string().nullable(),
  min_start_days_ahead: z.number(),
  max_start_days_ahead: z.number(),
  position: z.number(),
  active: z.boolean(),
});
export type AdminFreezeType = z.infer<typeof zAdminFreezeType>;
export const zAdminFreezeTypePage = zAdminPage(zAdminFreezeType);

// ---- Questions --------------------------------------------------------------------------------

export const questionTypes = ['text', 'number', 'select', 'multi_select', 'date', 'checkbox'] as const;

export const zAdminQuestionRequest = z
  .object({
    /** A stable key the answers are kept under (lower-case letters, numbers, underscores). */
    reference: z
      .string()
      .trim()
      .regex(/^[a-z][a-z0-9_]*$/, 'Lower-case letters, numbers and underscores')
      .max(60),
    label: zLine(200),
    type: z.enum(questionTypes),
    options: z
      .array(z.object({ value: zLine(60), label: zLine(120) }))
      .max(50)
      .default([]),
    placeholder: zLine(120).nullable().default(null),
    default_value: zLine(200).nullable().default(null),
    is_required: z.boolean().default(false),
    position: zPosition.default(0),
  })
  .refine((q) => (q.type !== 'select' && q.type !== 'multi_select') || q.options.length > 0, {
    message: 'A choice needs its options',
    path: ['options'],
  });
export type AdminQuestionRequest = z.input<typeof zAdminQuestionRequest>;

export const zAdminQuestion = z.object({
  id: z.number(),
  membership_type_id: z.number(),
  reference: z.string(),
  label: z.string(),
  type: z.enum(questionTypes),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  placeholder: z.string().nullable(),
  default_value: z.string().nullable(),
  is_required: z.boolean(),
  position: z.number(),
});
export type AdminQuestion = z.infer<typeof zAdminQuestion>;
export const zAdminQuestionList = z.object({ data: z.array(zAdminQuestion) });
