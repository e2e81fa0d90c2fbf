import { z } from 'zod';

/**
 * UK postcodes (billing address, joining details): the outward code (area letters, district
 * digit(s), optional letter) and the inward code (a digit and two letters), with or without the
 * space, in any case. GIR 0AA (Girobank) is valid too. Shape only: whether the postcode exists is
 * not checked.
 */
const ukPostcodePattern = /^(GIR ?0AA|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$/;

export const postcodeMessage = 'Enter a valid postcode.';

/** 'sw1a1aa' -> 'SW1A 1AA': upper case, one space before the inward code. */
export function normalisePostcode(value: string): string {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
}

export function isUkPostcode(value: string): boolean {
  return ukPostcodePattern.test(normalisePostcode(value));
}

/** A UK postcode, answered normalised ('SW1A 1AA'). */
export const zUkPostcode = z
  .string()
  .trim()
  .max(10, postcodeMessage)
  .refine(isUkPostcode, postcodeMessage)
  .transform(normalisePostcode);
