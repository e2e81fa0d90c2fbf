import type { Instant, Location, SlotDate } from '@leisure/contract/activities';
import { dateAnswer, twelveHour } from '@leisure/contract/dates';

/** The API's date, time and location objects for mock answers, written by the contract's formatters. */

/** `local` like '2026-02-09T18:00:00+00:00' (a venue-local ISO time with its offset). */
export function mockInstant(local: string): Instant {
  const time = local.slice(11, 16);
  return {
    utc: `${new Date(local).toISOString().slice(0, 19)}Z`,
    local,
    format_12_hour: twelveHour(time),
    format_24_hour: time,
  };
}

/** `raw` is YYYY-MM-DD. */
export function mockDate(raw: string): SlotDate {
  return dateAnswer(raw);
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
