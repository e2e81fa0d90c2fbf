import { z } from 'zod';

/**
 * Calendar dates on the wire: 'YYYY-MM-DD' that exist (zod's ISO date checks the month, the day and
 * leap years). The one check of that shape, for the API's schemas and the web app's forms alike.
 */
export function zCalendarDate(message: string) {
  return z.iso.date({ error: message });
}

const anyCalendarDate = z.iso.date();

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  return anyCalendarDate.safeParse(value).success;
}
