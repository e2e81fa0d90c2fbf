import type { BookingBundle } from '@leisure/contract/bookings';
import type { Camel } from '../../../shared/api/camel';
import { formatDayDate, localParts } from '../../../shared/format/dates';

export type BundleSession = Camel<BookingBundle>['bookings'][number];

/** A course session as the Dates list shows it (my-account.md 3 'Session display'). */
export interface SessionDisplay {
  id: number;
  /** 'Mon 9 Feb 2026' */
  dayAndDate: string;
  /** '19:00 - 19:45' */
  timeRange: string;
  location: string;
  /** 'YYYY-MM-DD' */
  date: string;
  isPast: boolean;
  isCancelled: boolean;
  spots: number | null;
}

/** The first comma part of a location name ('Main Pool, Riverside' -> 'Main Pool'), else 'Unknown Location'. */
export function sessionLocation(locationName: string | null | undefined): string {
  const first = locationName?.split(',')[0]?.trim();
  return first ? first : 'Unknown Location';
}

export function toSessionDisplay(session: BundleSession, now: Date = new Date()): SessionDisplay {
  const starts = localParts(session.startsAt.local);
  const ends = localParts(session.endsAt.local);
  return {
    id: session.id,
    dayAndDate: formatDayDate(starts.date),
    timeRange: `${starts.time} - ${ends.time}`,
    location: sessionLocation(session.locationName),
    date: starts.date,
    isPast: Date.parse(session.startsAt.local) < now.getTime(),
    isCancelled: session.status === 'cancelled',
    spots: session.spots,
  };
}
