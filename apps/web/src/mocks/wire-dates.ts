import type { Instant, Location, SlotDate } from '@leisure/contract/activities';

/** The API's date, time and location objects for mock answers, from a venue-local ISO time. */

const days = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const shortMonths = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const longMonths = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** `local` like '2026-02-09T18:00:00+00:00' (the mocks' venues are in the UK, offset +00:00 or +01:00). */
export function mockInstant(local: string): Instant {
  const time = local.slice(11, 16);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return {
    utc: `${new Date(local).toISOString().slice(0, 19)}Z`,
    local,
    format_12_hour: `${hour}:${String(minutes).padStart(2, '0')}${hours < 12 ? 'am' : 'pm'}`,
    format_24_hour: time,
  };
}

/** `raw` is YYYY-MM-DD. */
export function mockDate(raw: string): SlotDate {
  const [year = 0, month = 1, day = 1] = raw.split('-').map(Number);
  const weekday = days[new Date(Date.UTC(year, month - 1, day)).getUTCDay()] ?? '';
  return {
    raw,
    raw_pretty: `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${year}`,
    day_pretty: weekday,
    date_pretty: `${day} ${shortMonths[month - 1]}`,
    full_date_pretty: `${weekday} ${String(day).padStart(2, '0')} ${longMonths[month - 1]} ${year}`,
  };
}

export function mockLocation(name: string, venueSlug = 'leeds-riverside', venueId = 1): Location {
  return {
    id: String(name.length),
    name,
    type: 'resource',
    slug: name.toLowerCase().replaceAll(' ', '-'),
    venue_id: venueId,
    venue_slug: venueSlug,
  };
}
