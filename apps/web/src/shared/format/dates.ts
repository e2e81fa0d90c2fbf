import { isIsoDate } from '@leisure/contract/calendar-date';
import { longMonthNames as longMonths, shortMonthNames as months } from '@leisure/contract/calendar-names';

/**
 * Dates and times on screen: the web app's one dates module. Two kinds of value come from the API:
 * - calendar dates ('YYYY-MM-DD') and venue-local date-times ('2026-02-09T19:00:00+00:00' as the
 *   venue's wall clock): shown as written, so no time zone can shift them;
 * - instants (a moment: created, spent, expires, redeemed): shown in the venues' time zone.
 * Month names come from the contract's one table (calendar-names.ts), weekday names from a fixed
 * table here: the spec's 'MMM' is three letters, where the browser's en-GB short month would write 'Sept'.
 */

/**
 * The venues' time zone (DESIGN.md: Europe/London for our operators). The server judges dates
 * ("today", start dates) in it, so the browser must too: a visitor abroad, or a kiosk on UTC near
 * midnight in summer, would otherwise see or send yesterday's date.
 */
export const venueTimeZone = 'Europe/London';

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const longWeekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (value: number) => String(value).padStart(2, '0');

// ---- Calendar dates ('YYYY-MM-DD') ----------------------------------------------------------------

/** A real calendar date written 'YYYY-MM-DD' (the contract's check). */
export function isCalendarDate(value: string | undefined): value is string {
  return isIsoDate(value);
}

interface Parts {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/** The parts of a calendar date (the first ten characters of `raw`); null when it is not one. */
function partsOf(raw: string): Parts | null {
  const date = raw.slice(0, 10);
  if (!isIsoDate(date)) return null;
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() };
}

/** When British Summer Time starts or ends in `year`: 01:00 UTC on the last Sunday of the month. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0));
  return Date.UTC(year, monthIndex, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/**
 * The venues' wall clock at an instant, as a Date whose UTC fields read it: London is on UTC, and
 * on UTC+1 (BST) from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of
 * October (the Summer Time Order 2002). Worked out here, not by Intl.DateTimeFormat: a browser's
 * first formatter with a time zone loads ICU's zone and pattern data, 130-180 ms on Lighthouse's
 * 4x slower CPU, and the joining flow needs today's date while it hydrates (issue 16). The test
 * holds this to Intl's answer for every hour of fifteen years.
 */
function venueWallClock(instant: Date): Date {
  const time = instant.getTime();
  const year = instant.getUTCFullYear();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return new Date(summer ? time + 60 * 60 * 1000 : time);
}

/** The calendar date of an instant in the venues' time zone, as 'YYYY-MM-DD'. */
export function calendarDateOf(instant: Date): string {
  return venueWallClock(instant).toISOString().slice(0, 10);
}

/** Today in the venues' time zone, as 'YYYY-MM-DD'. */
export function todayInVenue(now: Date = new Date()): string {
  return calendarDateOf(now);
}

/** The same day `count` months later ('2026-12-15' + 1 -> '2027-01-15'), rolling over as Date.UTC does. */
export function addMonths(date: string, count: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1 + count, day)).toISOString().slice(0, 10);
}

/** '2026-02-09' -> '9 Feb 2026' (D MMM YYYY); anything else as it is. */
export function formatDate(raw: string): string {
  const parts = partsOf(raw);
  return parts ? `${parts.day} ${months[parts.month - 1]} ${parts.year}` : raw;
}

/** '2026-02-09' -> 'Mon 9 Feb 2026'. */
export function formatDayDate(raw: string): string {
  const parts = partsOf(raw);
  return parts ? `${weekdays[parts.weekday]} ${formatDate(raw)}` : raw;
}

/** '2026-11-23' -> 'Mon 23 Nov'. */
export function formatShortDate(raw: string): string {
  const parts = partsOf(raw);
  return parts ? `${weekdays[parts.weekday]} ${parts.day} ${months[parts.month - 1]}` : raw;
}

/** '2026-11-23' -> 'Monday 23 November 2026'. */
export function formatLongDate(raw: string): string {
  const parts = partsOf(raw);
  return parts
    ? `${longWeekdays[parts.weekday]} ${parts.day} ${longMonths[parts.month - 1]} ${parts.year}`
    : raw;
}

/** '2026-02-09' -> 'Mondays'. */
export function weekdayPlural(raw: string): string {
  const parts = partsOf(raw);
  return parts ? `${longWeekdays[parts.weekday]}s` : '';
}

/** '2026-02-09' -> '09/02/2026' (DD/MM/YYYY, the date pickers' and the orders' format); anything else as it is. */
export function formatNumericDate(raw: string): string {
  const parts = partsOf(raw);
  return parts ? `${pad(parts.day)}/${pad(parts.month)}/${parts.year}` : raw;
}

/**
 * 'DD/MM/YYYY' (also D/M/YYYY, with '.' or '-', or a real 'YYYY-MM-DD') -> 'YYYY-MM-DD'; null when
 * not that shape. A day/month shape is converted as written: whether that date exists is the rules' call.
 */
export function parseNumericDate(value: string): string | null {
  const trimmed = value.trim();
  if (isIsoDate(trimmed)) return trimmed;
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (!match) return null;
  return `${match[3]}-${(match[2] ?? '').padStart(2, '0')}-${(match[1] ?? '').padStart(2, '0')}`;
}

// ---- Venue-local date-times -------------------------------------------------------------------------

/** Venue-local ISO -> 'YYYY-MM-DD' and 'HH:MM' (its wall-clock parts, whatever the browser's zone). */
export function localParts(iso: string): { date: string; time: string } {
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** Whole minutes from one date-time to another. */
export function minutesBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
}

/** Whole weeks between the first and last session, rounded up, at least 1 (my-account.md 9). */
export function courseWeeks(firstIso: string, lastIso: string): number {
  const days = (Date.parse(lastIso) - Date.parse(firstIso)) / 86_400_000;
  return Math.max(1, Math.ceil(days / 7));
}

// ---- Instants, in the venues' time zone -----------------------------------------------------------

function instantParts(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const clock = venueWallClock(date);
  return {
    year: clock.getUTCFullYear(),
    month: clock.getUTCMonth() + 1,
    day: clock.getUTCDate(),
    time: `${pad(clock.getUTCHours())}:${pad(clock.getUTCMinutes())}`,
  };
}

/** An instant as 'DD/MM/YYYY' (joining-and-payments.md 9); '' when there is none. */
export function formatInstantNumericDate(iso: string | null | undefined): string {
  const parts = iso ? instantParts(iso) : null;
  if (!parts) return iso ?? '';
  return `${pad(parts.day)}/${pad(parts.month)}/${parts.year}`;
}

/** An instant as 'DD/MM/YYYY HH:mm'; '' when there is none. */
export function formatInstantNumericDateTime(iso: string | null | undefined): string {
  const parts = iso ? instantParts(iso) : null;
  if (!parts) return iso ?? '';
  return `${formatInstantNumericDate(iso)} ${parts.time}`;
}

/** An instant as 'D MMM YYYY HH:mm' (my-account.md 9: '30 Nov 2026 23:59'). */
export function formatInstantDateTime(iso: string): string {
  const parts = instantParts(iso);
  if (!parts) return iso;
  return `${parts.day} ${months[parts.month - 1]} ${parts.year} ${parts.time}`;
}

// ---- Cards -------------------------------------------------------------------------------------------

/** A card's expiry as 'MM/YY' (joining-and-payments.md: 'Expiry format MM/YY'). */
export function formatCardExpiry(month: number, year: number): string {
  return `${pad(month)}/${String(year).slice(-2)}`;
}
