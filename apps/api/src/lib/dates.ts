import { dateAnswer, isIsoDate, prettyDate, twelveHour } from '@leisure/contract/dates';

export { dateAnswer, prettyDate, twelveHour };

/**
 * Venue-local dates and times without a date library. Instants are stored as timestamptz; a venue
 * has an IANA time zone (Europe/London for the seed). The zone's UTC offset is looked up with Intl
 * once per zone and UTC hour and remembered, so formatting 200 sessions costs arithmetic only.
 */

/** 'YYYY-MM-DD' */
export type LocalDate = string;
/** 'HH:MM' (24-hour) */
export type LocalTime = string;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsets = new Map<string, number>();
const hourMs = 3_600_000;
const dayMs = 86_400_000;

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Minutes the zone is ahead of UTC at this instant (Europe/London: 0 in winter, 60 in summer). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  // Offsets change on whole UTC hours in every zone we serve; one lookup per zone and hour.
  const hour = Math.floor(instant.getTime() / hourMs);
  const key = `${timeZone}|${hour}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const at = new Date(hour * hourMs);
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(at)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const offset = Math.round((asUtc - at.getTime()) / 60_000);
  if (offsets.size > 50_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The wall-clock fields of an instant in the zone, read from a shifted Date's UTC getters. */
function wallClock(instant: Date, timeZone: string): Date {
  return new Date(instant.getTime() + offsetMinutes(instant, timeZone) * 60_000);
}

const pad = (value: number) => String(value).padStart(2, '0');

export function isLocalDate(value: string): boolean {
  return isIsoDate(value);
}

export function isLocalTime(value: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(value);
}

/** The venue-local calendar date of an instant. */
export function localDateOf(instant: Date, timeZone: string): LocalDate {
  const wall = wallClock(instant, timeZone);
  return `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
}

/** The venue-local time of an instant, 'HH:MM'. */
export function localTimeOf(instant: Date, timeZone: string): LocalTime {
  const wall = wallClock(instant, timeZone);
  return `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
}

function dateParts(date: LocalDate): [number, number, number] {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month, day];
}

/**
 * The instant a venue-local date and time names. In the autumn's repeated hour the first (summer)
 * instant is taken; a time inside the spring gap moves forward by the gap.
 */
export function zonedTimeToUtc(date: LocalDate, time: LocalTime, timeZone: string): Date {
  const [year, month, day] = dateParts(date);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const before = offsetMinutes(new Date(wall - dayMs / 2), timeZone);
  const after = offsetMinutes(new Date(wall + dayMs / 2), timeZone);
  const first = wall - Math.max(before, after) * 60_000;
  if (localTimeOf(new Date(first), timeZone) === time && localDateOf(new Date(first), timeZone) === date) {
    return new Date(first);
  }
  return new Date(wall - Math.min(before, after) * 60_000);
}

/** Start of the local day and of the next, as instants: the day's sessions start in [from, to). */
export function localDayBounds(date: LocalDate, timeZone: string): { from: Date; to: Date } {
  return {
    from: zonedTimeToUtc(date, '00:00', timeZone),
    to: zonedTimeToUtc(addDays(date, 1), '00:00', timeZone),
  };
}

export function addDays(date: LocalDate, days: number): LocalDate {
  const [year, month, day] = dateParts(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const [y1, m1, d1] = dateParts(from);
  const [y2, m2, d2] = dateParts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / dayMs);
}

/** 0 Monday ... 6 Sunday. */
export function weekdayOf(date: LocalDate): number {
  const [year, month, day] = dateParts(date);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** ISO 8601 with the zone's offset: '2026-02-09T13:30:00+00:00'. */
export function localIso(instant: Date, timeZone: string): string {
  const offset = offsetMinutes(instant, timeZone);
  const wall = new Date(instant.getTime() + offset * 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${wall.toISOString().slice(0, 19)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** ISO 8601 in UTC without milliseconds: '2026-02-09T13:30:00Z'. */
function utcIso(instant: Date): string {
  return `${instant.toISOString().slice(0, 19)}Z`;
}

// ---- Calendar arithmetic on YYYY-MM-DD dates (no time zones) -------------------------------------------

function isoDay(value: Date): string {
  return value.toISOString().slice(0, 10);
}

/** Days in a month (`monthIndex` 0-11; out of range rolls into the next or previous year). */
export function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The same day `months` later, clamped to the end of a shorter month (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = dateParts(date);
  const monthIndex = month - 1 + months;
  return isoDay(new Date(Date.UTC(year, monthIndex, Math.min(day, daysInMonth(year, monthIndex)))));
}

/** '2027-01-03' -> '3 Jan 2027' (my-account.md 9: D MMM YYYY). */
export function fullDate(date: string): string {
  const pretty = prettyDate(date);
  return `${pretty.date_pretty} ${pretty.year}`;
}

/** The date with its day of the month replaced (`day` 1-28 fits every month). */
export function withDay(date: string, day: number): string {
  return `${date.slice(0, 7)}-${String(day).padStart(2, '0')}`;
}

/** The first date on or after `date` that falls on the billing day (1-28). */
export function billingDateOnOrAfter(date: string, billingDay: number): string {
  const sameMonth = withDay(date, billingDay);
  return sameMonth >= date ? sameMonth : withDay(addMonths(withDay(date, 1), 1), billingDay);
}

// ---- The wire's date and time objects (bookings-api.md), one shape on every answer ------------------

/** `{ utc, local, format_12_hour, format_24_hour }` of an instant, in the venue's zone. */
export function instantAnswer(at: Date, timeZone: string) {
  const time = localTimeOf(at, timeZone);
  return {
    utc: utcIso(at),
    local: localIso(at, timeZone),
    format_12_hour: twelveHour(time),
    format_24_hour: time,
  };
}

/** The billing day of a monthly membership (the start date's day, at most 28, when none was kept). */
export function billingDayOf(row: { billingDay: number | null; startDate: string }): number {
  return row.billingDay ?? Math.min(Number(row.startDate.slice(8, 10)), 28);
}
