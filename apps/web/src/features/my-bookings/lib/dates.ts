/** Date and time display for bookings: 'D MMM YYYY' with the weekday (my-account.md 9). */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const longWeekdays = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function utcDate(dateRaw: string): Date {
  return new Date(`${dateRaw.slice(0, 10)}T12:00:00Z`);
}

/** '2026-02-09' -> '9 Feb 2026' */
export function formatDate(dateRaw: string): string {
  const date = utcDate(dateRaw);
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** '2026-02-09' -> 'Mon 9 Feb 2026' */
export function formatDayDate(dateRaw: string): string {
  return `${weekdays[utcDate(dateRaw).getUTCDay()]} ${formatDate(dateRaw)}`;
}

/** '2026-02-09' -> 'Mondays' */
export function weekdayPlural(dateRaw: string): string {
  return longWeekdays[utcDate(dateRaw).getUTCDay()] ?? '';
}

/** Venue-local ISO -> 'YYYY-MM-DD' and 'HH:MM' (its wall-clock parts, whatever the browser's zone). */
export function localParts(iso: string): { date: string; time: string } {
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Whole weeks between the first and last session, rounded up, at least 1 (my-account.md 9). */
export function courseWeeks(firstIso: string, lastIso: string): number {
  const days = (Date.parse(lastIso) - Date.parse(firstIso)) / 86_400_000;
  return Math.max(1, Math.ceil(days / 7));
}
