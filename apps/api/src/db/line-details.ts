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
  venueId: venues.id,
  venueName: venues.name,
  venueSlug: venues.slug,
  timezone: venues.timezone,
  pricingOptionName: pricingOptions.name,
  startsAt: occurrences.startsAt,
  endsAt: occurrences.endsAt,
  locationId: locations.id,
  locationName: locations.name,
  locationType: locations.type,
  locationSlug: locations.slug,
  instructorName: occurrences.instructorName,
  bundleName: courseBundles.name,
};

/** Where a session takes place, as the wire names it. */
export interface SessionLocation {
  id: number;
  name: string;
  type: string;
  slug: string;
}

/** A line's session. */
export interface LineOccurrence {
  startsAt: Date;
  endsAt: Date;
  location: SessionLocation;
  instructorName: string | null;
}

/** What every basket or order line is shown with (`lineDetailColumns`, its session folded in). */
export interface LineDetail {
  activityName: string;
  activitySlug: string;
  activityKind: 'court' | 'class' | 'course';
  durationMinutes: number;
  needsWaiver: boolean;
  venueId: number;
  venueName: string;
  venueSlug: string;
  timezone: string;
  pricingOptionName: string;
  occurrence: LineOccurrence | null;
  bundleName: string | null;
}

interface LineSession {
  startsAt: Date | null;
  endsAt: Date | null;
  locationId: number | null;
  locationName: string | null;
  locationType: string | null;
  locationSlug: string | null;
  instructorName: string | null;
}

/** Folds a line's session columns into `occurrence` (null for lines without one, e.g. a course). */
export function withOccurrence<Row extends LineSession>(rows: Row[]) {
  return rows.map(
    ({ startsAt, endsAt, locationId, locationName, locationType, locationSlug, instructorName, ...row }) => ({
      ...row,
      occurrence: (startsAt && endsAt && locationId !== null && locationName !== null
        ? {
            startsAt,
            endsAt,
            location: {
              id: locationId,
              name: locationName,
              type: locationType ?? '',
              slug: locationSlug ?? '',
            },
            instructorName,
          }
        : null) satisfies LineOccurrence | null,
    }),
  );
}
