import { activities, courseBundles, locations, occurrences, pricingOptions, venues } from './schema';

/**
 * The columns a basket line and an order line are shown with (the basket, the order confirmation):
 * both join the same activity, venue, pricing option, session, location and course.
 */

/** What a basket or an order line names: its activity, venue, option, session and course. */
export const lineDetailColumns = {
  activityName: activities.name,
  activitySlug: activities.slug,
  activityKind: activities.kind,
  durationMinutes: activities.durationMinutes,
  needsWaiver: activities.needsWaiver,
  venueName: venues.name,
  venueSlug: venues.slug,
  timezone: venues.timezone,
  pricingOptionName: pricingOptions.name,
  startsAt: occurrences.startsAt,
  endsAt: occurrences.endsAt,
  locationName: locations.name,
  instructorName: occurrences.instructorName,
  bundleName: courseBundles.name,
};

interface LineSession {
  startsAt: Date | null;
  endsAt: Date | null;
  locationName: string | null;
  instructorName: string | null;
}

/** Folds a line's session columns into `occurrence` (null for lines without one, e.g. a course). */
export function withOccurrence<Row extends LineSession>(rows: Row[]) {
  return rows.map(({ startsAt, endsAt, locationName, instructorName, ...row }) => ({
    ...row,
    occurrence:
      startsAt && endsAt && locationName !== null ? { startsAt, endsAt, locationName, instructorName } : null,
  }));
}
