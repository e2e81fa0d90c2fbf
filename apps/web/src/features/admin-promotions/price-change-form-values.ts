import type { PriceChangeCreate } from '@leisure/contract/admin/promotions';
import { zCalendarDate } from '@leisure/contract/dates';
import { z } from 'zod';

/** The schedule-a-price-change form as typed (the price in pounds) and its wire body (pence). */
export const zPriceChangeForm = z.object({
  payment_option_id: z.string().min(1, 'Choose a payment option.'),
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter a price, e.g. 49.99.')
    .refine((value) => Number(value) > 0, 'Must be more than 0.'),
  effective_date: zCalendarDate('Enter a date as YYYY-MM-DD.'),
});
export type PriceChangeFormInput = z.input<typeof zPriceChangeForm>;
export type PriceChangeFormValues = z.output<typeof zPriceChangeForm>;

export const emptyPriceChangeForm: PriceChangeFormInput = {
  payment_option_id: '',
  amount: '',
  effective_date: '',
};

export function priceChangeBody(values: PriceChangeFormValues): PriceChangeCreate {
  return {
    payment_option_id: Number(values.payment_option_id),
    amount: Math.round(Number(values.amount) * 100),
    effective_date: values.effective_date,
  };
}
