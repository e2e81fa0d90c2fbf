import type { Database } from '../db/client';
import { addDays, zonedTimeToUtc } from '../lib/dates';
import { compositeKeyOf } from '../modules/timetable/timetable.service';
import { addSessions, findLocationIdBySlug, type SeedActivity } from './booking-rows';

const dayMs = 24 * 3600_000;

/**
 * Past sessions of an activity at one of a venue's locations, on the given local dates at a local
 * time: the timetable only rolls forward from today, so a history needs its sessions made here.
 */
export async function addPastSessions(
  db: Database,
  venue: { id: number; timezone: string },
  activity: SeedActivity,
  place: { location: string; time: string; capacity: number },
  dates: string[],
) {
  const locationId = await findLocationIdBySlug(db, venue.id, place.location);
  if (locationId === undefined) return [];
  return addSessions(
    db,
    dates.map((date) => {
      const startsAt = zonedTimeToUtc(date, place.time, venue.timezone);
      const endsAt = new Date(startsAt.getTime() + activity.durationMinutes * 60_000);
      return {
        activityId: activity.id,
        venueId: venue.id,
        locationId,
        startsAt,
        endsAt,
        firstBookableAt: new Date(startsAt.getTime() - 7 * dayMs),
        compositeKey: compositeKeyOf(activity.id, venue.id, startsAt, endsAt),
        capacity: place.capacity,
      };
    }),
  );
}

/** The local dates of `weeks` past weeks' `weekday` (days after Monday), most recent first. */
export function pastWeekdays(today: string, weekday: number, weeks: number): string[] {
  const monday = addDays(today, -((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7));
  return Array.from({ length: weeks }, (_, index) => addDays(monday, weekday - (index + 1) * 7));
}
