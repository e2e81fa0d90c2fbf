/**
 * Calendar arithmetic on 'YYYY-MM-DD' dates (a venue's local day; no time zones here). Adding days,
 * days between two dates, validity and the venue's today are in modules/activities/local-time.ts
 * until it joins this file.
 */

function parts(date: string): [number, number, number] {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month, day];
}

function format(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** Days in a month (`monthIndex` 0-11; out of range rolls into the next or previous year). */
export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The same day `months` later, clamped to the end of a shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parts(date);
  const monthIndex = month - 1 + months;
  return format(new Date(Date.UTC(year, monthIndex, Math.min(day, daysInMonth(year, monthIndex)))));
}

const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2027-01-03' -> '3 Jan 2027' (my-account.md 9: D MMM YYYY). */
export function fullDate(date: string): string {
  const [year, month, day] = parts(date);
  return `${day} ${shortMonths[month - 1]} ${year}`;
}

/** The date with its day of the month replaced (`day` 1-28 fits every month). */
export function withDay(date: string, day: number): string {
  return `${date.slice(0, 7)}-${String(day).padStart(2, '0')}`;
}
