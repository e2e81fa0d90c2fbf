import { addMonths, isCalendarDate, todayInVenue } from '../../../shared/format/dates';

/** The start date's bounds: today (in the venues' time zone) to one month ahead (joining-and-payments.md 5 and 9). */
export function startDateBounds(now: Date = new Date()): { min: string; max: string } {
  const min = todayInVenue(now);
  return { min, max: addMonths(min, 1) };
}

/** A start date before the minimum is reset to the minimum; after the maximum, to the maximum. */
export function clampStartDate(value: string, bounds: { min: string; max: string }): string {
  if (!isCalendarDate(value) || value < bounds.min) return bounds.min;
  return value > bounds.max ? bounds.max : value;
}
