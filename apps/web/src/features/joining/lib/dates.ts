/**
 * The venues' time zone (DESIGN.md: Europe/London for our operators). The server judges start
 * dates in it, so the browser must too: a visitor abroad, or a kiosk on UTC near midnight in
 * summer, would otherwise send yesterday's date.
 */
export const venueTimeZone = 'Europe/London';

/** The calendar date of an instant in the venues' time zone, as 'YYYY-MM-DD'. */
export function isoDate(date: Date, timeZone: string = venueTimeZone): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** The start date's bounds: today to one month ahead (joining-and-payments.md 5 and 9). */
export function startDateBounds(now: Date = new Date()): { min: string; max: string } {
  const min = isoDate(now);
  const [year = 0, month = 1, day = 1] = min.split('-').map(Number);
  // `month` is 1-based, so as a 0-based index it is next month.
  const max = new Date(Date.UTC(year, month, day)).toISOString().slice(0, 10);
  return { min, max };
}

/** A start date before the minimum is reset to the minimum; after the maximum, to the maximum. */
export function clampStartDate(value: string, bounds: { min: string; max: string }): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < bounds.min) return bounds.min;
  return value > bounds.max ? bounds.max : value;
}

/** 'YYYY-MM-DD' shown as 'D MMM YYYY'. */
export function displayDate(value: string): string {
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
