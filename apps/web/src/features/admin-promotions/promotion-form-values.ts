import {
  type AdminPromotion,
  type PromotionCreate,
  type PromotionStatus,
  promotionAppliesTo,
  promotionDiscountKinds,
  zPromotionCode,
} from '@leisure/contract/admin/promotions';
import { zCalendarDate } from '@leisure/contract/dates';
import { z } from 'zod';

/**
 * The promotion form's fields as typed (strings; a fixed discount in pounds and pence) and how they
 * become the wire's body (minor units). The server applies the same rules again and its 422 messages
 * land on the fields of the same names.
 */

const zOptionalDate = z.union([z.literal(''), zCalendarDate('Enter a date as YYYY-MM-DD.')]);

export const zPromotionForm = z
  .object({
    code: zPromotionCode,
    name: z.string().trim().min(1, 'Required').max(100, 'At most 100 characters.'),
    description: z.string().trim().max(500, 'At most 500 characters.'),
    discount_kind: z.enum(promotionDiscountKinds),
    discount_value: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter a number, e.g. 10 or 12.50.'),
    applies_to: z.enum(promotionAppliesTo),
    months: z
      .string()
      .trim()
      .regex(/^\d{1,2}$/, 'Enter a whole number.'),
    valid_from: zOptionalDate,
    valid_to: zOptionalDate,
    usage_limit: z
      .string()
      .trim()
      .regex(/^\d{0,8}$/, 'Enter a whole number, or leave it empty.'),
    payment_option_ids: z.array(z.string()),
  })
  .superRefine((values, ctx) => {
    if (values.discount_kind === 'percentage') {
      const percent = Number(values.discount_value);
      if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
        ctx.addIssue({
          code: 'custom',
          path: ['discount_value'],
          message: 'A percentage must be a whole number between 1 and 100.',
        });
      }
    } else if (Number(values.discount_value) <= 0) {
      ctx.addIssue({ code: 'custom', path: ['discount_value'], message: 'Must be more than 0.' });
    }
    if (values.valid_from && values.valid_to && values.valid_to < values.valid_from) {
      ctx.addIssue({
        code: 'custom',
        path: ['valid_to'],
        message: 'The last day cannot be before the first day.',
      });
    }
  });

export type PromotionFormInput = z.input<typeof zPromotionForm>;
export type PromotionFormValues = z.output<typeof zPromotionForm>;

export const emptyPromotionForm: PromotionFormInput = {
  code: '',
  name: '',
  description: '',
  discount_kind: 'percentage',
  discount_value: '',
  applies_to: 'joining_fee',
  months: '1',
  valid_from: '',
  valid_to: '',
  usage_limit: '',
  payment_option_ids: [],
};

/** The body of a create or a change (a change sends every field: the form shows them all). */
export function promotionBody(values: PromotionFormValues): PromotionCreate {
  const amount = Number(values.discount_value);
  return {
    code: values.code,
    name: values.name,
    description: values.description || null,
    discount_kind: values.discount_kind,
    discount_value: values.discount_kind === 'percentage' ? amount : Math.round(amount * 100),
    applies_to: values.applies_to,
    months: values.applies_to === 'first_months' ? Number(values.months) || 1 : 1,
    valid_from: values.valid_from || null,
    valid_to: values.valid_to || null,
    usage_limit: values.usage_limit ? Number(values.usage_limit) : null,
    payment_option_ids: values.payment_option_ids.map(Number),
  };
}

export function promotionFormOf(promotion: AdminPromotion): PromotionFormInput {
  return {
    code: promotion.code,
    name: promotion.name,
    description: promotion.description ?? '',
    discount_kind: promotion.discount_kind,
    discount_value:
      promotion.discount_kind === 'percentage'
        ? String(promotion.discount_value)
        : (promotion.discount_value / 100).toFixed(2),
    applies_to: promotion.applies_to,
    months: String(promotion.months),
    valid_from: promotion.valid_from ?? '',
    valid_to: promotion.valid_to ?? '',
    usage_limit: promotion.usage_limit === null ? '' : String(promotion.usage_limit),
    payment_option_ids: promotion.payment_option_ids.map(String),
  };
}

const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

/** '50% off the joining fee', '£10.00 off the first 3 monthly payments'. */
export function discountSummary(
  promotion: Pick<AdminPromotion, 'discount_kind' | 'discount_value' | 'applies_to' | 'months'>,
): string {
  const amount =
    promotion.discount_kind === 'percentage'
      ? `${promotion.discount_value}%`
      : pounds(promotion.discount_value);
  const part =
    promotion.applies_to === 'joining_fee'
      ? 'the joining fee'
      : promotion.months === 1
        ? 'the first monthly payment'
        : `the first ${promotion.months} monthly payments`;
  return `${amount} off ${part}`;
}

export const statusLabels: Record<PromotionStatus, string> = {
  scheduled: 'Not started',
  active: 'Active',
  used_up: 'Used up',
  ended: 'Ended',
};
