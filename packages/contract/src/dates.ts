import { z } from 'zod';
import { isIsoDate } from './calendar-date';
import { longMonthNames as longMonths, shortMonthNames as shortMonths } from './calendar-names';

/**
 * Calendar dates on the wire: 'YYYY-MM-DD' that exist (zod's ISO date checks the month, the day and
 * leap years). The one check of that shape, for the API's schemas and the web app's forms alike.
 */
export function zCalendarDate(message: string) {
  return z.iso.date({ error: message });
}

export { isIsoDate };

// ---- How the wire writes dates and times (the API's answers; the web's mocks) ---------------------

const pad = (value: number) => String(value).padStart(2, '0');

function dateParts(date: string): [number, number, number] {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  return [year, month, day];
}

/** 0 Monday ... 6 Sunday. */
function weekdayOf(date: string): number {
  const [year, month, day] = dateParts(date);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

const shortDays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const longDays = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The ways the wire writes a date (the formats existing clients of this API read). */
export function prettyDate(date: string) {
  const [year, month, day] = dateParts(date);
  const weekday = weekdayOf(date);
  const monthIndex = month - 1;
  return {
    raw: date,
    /** '09/02/2026' */
    raw_pretty: `${pad(day)}/${pad(month)}/${year}`,
    /** 'Mon' */
    day_short: shortDays[weekday] ?? '',
    /** 'Monday' */
    day_long: longDays[weekday] ?? '',
    /** '9 Feb' */
    date_pretty: `${day} ${shortMonths[monthIndex] ?? ''}`,
    /** 'Mon 9 Feb' */
    short_pretty: `${shortDays[weekday] ?? ''} ${day} ${shortMonths[monthIndex] ?? ''}`,
    /** 'Mon 09 February 2026': every answer's `full_date_pretty` */
    long_pretty: `${shortDays[weekday] ?? ''} ${pad(day)} ${longMonths[monthIndex] ?? ''} ${year}`,
    year: String(year),
  };
}

/** '13:30' -> '1:30pm': one style on every answer (issue 11). */
export function twelveHour(time: string): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const suffix = hours < 12 ? 'am' : 'pm';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return `${hour}:${pad(minutes)}${suffix}`;
}

/** `{ raw, raw_pretty, day_pretty, date_pretty, full_date_pretty }` of a venue-local date. */
export function dateAnswer(date: string) {
  const pretty = prettyDate(date);
  return {
    raw: pretty.raw,
    raw_pretty: pretty.raw_pretty,
    day_pretty: pretty.day_short,
    date_pretty: pretty.date_pretty,
    full_date_pretty: pretty.long_pretty,
  };
}
