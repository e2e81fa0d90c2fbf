import { eq } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgSelectQueryBuilder } from 'drizzle-orm/pg-core';
import {
  activities,
  courseBundles,
  locations,
  type MembershipCosts,
  membershipPaymentOptions,
  membershipPromotions,
  memberships,
  membershipTypes,
  occurrences,
  pricingOptions,
  venues,
} from './schema';

/**
 * What a basket or an order line names (the basket, the order confirmation): both join the same
 * activity, venue, pricing option, session, location and course.
 */
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

/** The columns of a basket or order line that `joinLineDetails` joins on. */
interface LineColumns {
  activityId: PgColumn;
  venueId: PgColumn;
  pricingOptionId: PgColumn;
  occurrenceId: PgColumn;
  bundleId: PgColumn;
}

/** Joins a basket or order line (`line`, its table's columns) to what `lineDetailColumns` reads. */
export function joinLineDetails<T extends PgSelectQueryBuilder>(query: T, line: LineColumns) {
  return query
    .innerJoin(activities, eq(activities.id, line.activityId))
    .innerJoin(venues, eq(venues.id, line.venueId))
    .innerJoin(pricingOptions, eq(pricingOptions.id, line.pricingOptionId))
    .leftJoin(occurrences, eq(occurrences.id, line.occurrenceId))
    .leftJoin(locations, eq(locations.id, occurrences.locationId))
    .leftJoin(courseBundles, eq(courseBundles.id, line.bundleId));
}

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

/**
 * What a basket or order line of a membership (its first payment) is shown with: the membership as
 * submitted (dates, the costs it was priced at, the promotion's code), its type, option and home
 * venue. Select them through `joinMembershipLine`.
 */
export const membershipLineColumns = {
  membershipId: memberships.id,
  membershipTypeId: memberships.membershipTypeId,
  typeName: membershipTypes.name,
  typeSlug: membershipTypes.slug,
  paymentOptionId: memberships.paymentOptionId,
  paymentType: membershipPaymentOptions.paymentType,
  fixedDuration: membershipPaymentOptions.fixedDuration,
  fixedPeriod: membershipPaymentOptions.fixedPeriod,
  startDate: memberships.startDate,
  billingDay: memberships.billingDay,
  firstBillingDate: memberships.firstBillingDate,
  endDate: memberships.endDate,
  costs: memberships.costs,
  currency: memberships.currency,
  promotionCode: membershipPromotions.code,
  renewsMembershipId: memberships.renewsMembershipId,
  replacesMembershipId: memberships.replacesMembershipId,
  venueId: venues.id,
  venueName: venues.name,
  venueSlug: venues.slug,
  timezone: venues.timezone,
};

/**
 * Joins a line's membership (`membershipId`, the line's column naming it) to its type, option, home
 * venue and promotion: what `membershipLineColumns` reads.
 */
export function joinMembershipLine<T extends PgSelect>(query: T, membershipId: PgColumn) {
  return query
    .innerJoin(memberships, eq(memberships.id, membershipId))
    .innerJoin(membershipTypes, eq(membershipTypes.id, memberships.membershipTypeId))
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.id, memberships.paymentOptionId))
    .innerJoin(venues, eq(venues.id, memberships.homeVenueId))
    .leftJoin(membershipPromotions, eq(membershipPromotions.id, memberships.promotionId));
}

/** A membership line's facts (`membershipLineColumns`). */
export interface MembershipLineFacts {
  membershipId: number;
  membershipTypeId: number;
  typeName: string;
  typeSlug: string;
  paymentOptionId: number;
  paymentType: 'recurring' | 'fixed';
  fixedDuration: number | null;
  fixedPeriod: 'day' | 'week' | 'month' | 'year' | null;
  startDate: string;
  billingDay: number | null;
  firstBillingDate: string | null;
  endDate: string | null;
  costs: MembershipCosts;
  currency: string;
  promotionCode: string | null;
  renewsMembershipId: number | null;
  replacesMembershipId: number | null;
  venueId: number;
  venueName: string;
  venueSlug: string;
  timezone: string;
}
