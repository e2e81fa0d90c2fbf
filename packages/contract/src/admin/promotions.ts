import { z } from 'zod';
import { zCalendarDate } from '../dates';

/**
 * The console's Promotions area (issue 47): promotion codes for joining, and the scheduled price
 * changes of existing members' monthly payments. Money is integer minor units; dates are the
 * operator's calendar dates ('YYYY-MM-DD').
 */

export const promotionMessages = {
  codeFormat: 'Use letters, digits, hyphens and underscores only (no spaces).',
  codeTaken: 'A promotion with this code already exists.',
  percentageRange: 'A percentage must be between 1 and 100.',
  validToBeforeFrom: 'The last day cannot be before the first day.',
  unknownOption: 'Choose payment options of this operator.',
  firstMonthsNeedRecurring: 'Money off the first payments needs monthly (recurring) payment options only.',
  usageBelowUsed: 'The limit cannot be below the number of times the code has been used.',
  alreadyEnded: 'This promotion has already ended.',
} as const;

export const promotionDiscountKinds = ['percentage', 'fixed'] as const;
export const promotionAppliesTo = ['joining_fee', 'first_months'] as const;
export const promotionStatuses = ['scheduled', 'active', 'used_up', 'ended'] as const;
export type PromotionStatus = (typeof promotionStatuses)[number];

/** A code as the joining flow matches it: case does not matter (it is kept in capitals). */
export const zPromotionCode = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(64, 'At most 64 characters.')
  .regex(/^[A-Za-z0-9_-]+$/, promotionMessages.codeFormat)
  .transform((code) => code.toUpperCase());

const zText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    .regex(/^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/, 'Remove the control characters.');

const zOptionalDate = zCalendarDate('Enter a date as YYYY-MM-DD.').nullable().optional();

const promotionFields = {
  code: zPromotionCode,
  name: zText(100).min(1, 'Required'),
  description: zText(500).nullable().optional(),
  discount_kind: z.enum(promotionDiscountKinds, { error: 'Choose percentage or fixed amount.' }),
  /** Percent (1-100) or minor units. */
  discount_value: z.coerce
    .number({ error: 'Enter a number.' })
    .int('Enter a whole number.')
    .min(1, 'Must be at least 1.')
    .max(100_000_000, 'Too large.'),
  applies_to: z.enum(promotionAppliesTo, { error: 'Choose what the discount applies to.' }),
  /** How many first monthly payments a `first_months` discount covers. */
  months: z.coerce.number().int('Enter a whole number.').min(1, 'Must be at least 1.').max(36, 'At most 36.'),
  valid_from: zOptionalDate,
  valid_to: zOptionalDate,
  usage_limit: z.coerce
    .number()
    .int('Enter a whole number.')
    .min(1, 'Must be at least 1.')
    .max(10_000_000, 'Too large.')
    .nullable()
    .optional(),
  /** Empty: every payment option the discount fits. */
  payment_option_ids: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(200),
};

/** `POST api/admin/promotions`. */
export const zPromotionCreate = z.object({
  ...promotionFields,
  months: promotionFields.months.default(1),
  payment_option_ids: promotionFields.payment_option_ids.default([]),
});
export type PromotionCreate = z.input<typeof zPromotionCreate>;

/** `PATCH api/admin/promotions/{id}`: the fields to change. */
export const zPromotionUpdate = z.object({
  code: promotionFields.code.optional(),
  name: promotionFields.name.optional(),
  description: promotionFields.description,
  discount_kind: promotionFields.discount_kind.optional(),
  discount_value: promotionFields.discount_value.optional(),
  applies_to: promotionFields.applies_to.optional(),
  months: promotionFields.months.optional(),
  valid_from: zOptionalDate,
  valid_to: zOptionalDate,
  usage_limit: promotionFields.usage_limit,
  payment_option_ids: promotionFields.payment_option_ids.optional(),
});
export type PromotionUpdate = z.input<typeof zPromotionUpdate>;

export const zAdminPromotion = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  discount_kind: z.enum(promotionDiscountKinds),
  discount_value: z.number().int(),
  applies_to: z.enum(promotionAppliesTo),
  months: z.number().int(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  used_count: z.number().int(),
  payment_option_ids: z.array(z.number().int()),
  /** Today, in the operator's time zone. */
  status: z.enum(promotionStatuses),
  ended_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminPromotion = z.infer<typeof zAdminPromotion>;
export const zAdminPromotionResponse = z.object({ data: zAdminPromotion });

export const zAdminIdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** `GET api/admin/promotions/payment-options`: the options a promotion can be limited to. */
export const zPromotionPaymentOption = z.object({
  id: z.number().int(),
  name: z.string(),
  membership_type_name: z.string(),
  payment_type: z.enum(['recurring', 'fixed']),
  base_fee: z.number().int(),
  joining_fee: z.number().int(),
});
export type PromotionPaymentOption = z.infer<typeof zPromotionPaymentOption>;
export const zPromotionPaymentOptions = z.object({ data: z.array(zPromotionPaymentOption) });

// ---- Scheduled price changes of existing members (prices.manage) ---------------------------------

/** Members are told at least this many days ahead (a monthly collection's notice). */
export const priceChangeNoticeDays = 30;

export const priceChangeMessages = {
  unknownOption: 'Choose a payment option of this operator.',
  notRecurring: 'Only monthly (recurring) payment options have existing members whose payments can change.',
  tooSoon: (date: string) =>
    `Give members at least ${priceChangeNoticeDays} days' notice: choose ${date} or later.`,
  tooLate: 'Choose a date within two years.',
  alreadyScheduled: 'This payment option already has a scheduled price change; cancel it first.',
  notCancellable: 'Only a scheduled change that has not taken effect can be cancelled.',
} as const;

export const priceChangeStatuses = ['scheduled', 'applied', 'cancelled'] as const;

/** `POST api/admin/membership-price-changes`. */
export const zPriceChangeCreate = z.object({
  payment_option_id: z.coerce.number({ error: 'Required' }).int().positive('Required').max(2_147_483_647),
  /** The new monthly amount, minor units. */
  amount: z.coerce
    .number({ error: 'Enter an amount.' })
    .int('Enter a whole number of pence.')
    .min(1, 'Must be more than 0.')
    .max(10_000_000, 'Too large.'),
  effective_date: zCalendarDate('Enter a date as YYYY-MM-DD.'),
});
export type PriceChangeCreate = z.input<typeof zPriceChangeCreate>;

export const zPriceChangeListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  q: z.string().trim().max(200).optional(),
});

export const zAdminPriceChange = z.object({
  id: z.number().int(),
  payment_option_id: z.number().int(),
  payment_option_name: z.string(),
  membership_type_name: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  effective_date: z.string(),
  status: z.enum(priceChangeStatuses),
  /** The members it was scheduled for (each emailed the change). */
  members_count: z.number().int(),
  created_at: z.string(),
  applied_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type AdminPriceChange = z.infer<typeof zAdminPriceChange>;
export const zAdminPriceChangeResponse = z.object({ data: zAdminPriceChange });
