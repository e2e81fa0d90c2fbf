import { z } from 'zod';

/** A price typed in pounds ('5.92', '5') as whole pence; the field's message when it is not one. */
export const zPounds = z
  .string()
  .trim()
  .regex(/^\d{1,6}(\.\d{1,2})?$/, 'Enter an amount such as 5.50.')
  .transform((text) => Math.round(Number(text) * 100));

export const poundsOf = (pence: number) => (pence / 100).toFixed(2);
