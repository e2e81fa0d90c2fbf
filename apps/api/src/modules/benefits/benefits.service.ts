import type { Database } from '../../db/client';
import { addDays, localDateOf, zonedTimeToUtc } from '../../lib/dates';
import { benefitPeriod } from '../guest-passes/guest-passes.service';
import {
  type ActivityBenefitRow,
  countBookedBenefitPlaces,
  listActivityBenefits,
  lockMemberships,
} from './benefits.repository';

/**
 * Membership activity benefits applied to basket lines: free or discounted places on an activity,
 * a number of uses per period (or unlimited). A use is a place booked through a line that had the
 * benefit; a cancelled place gives its use back. The basket prices its lines with the best benefit
 * that has uses left; checkout checks them again under the memberships' locks.
 */

/** A member's activity benefit as pricing sees it: its discount and the uses left this period. */
export interface BenefitOffer {
  membershipId: number;
  /** 1-100; 100 is free. */
  discountPercent: number;
  /** Null: unlimited. */
  usesLeft: number | null;
}

/** The best benefit (largest discount) with enough uses left for `places`; none when no benefit fits. */
function chooseBenefit(offers: BenefitOffer[], places: number): BenefitOffer | undefined {
  return offers
    .filter((offer) => offer.usesLeft === null || offer.usesLeft >= places)
    .sort((a, b) => b.discountPercent - a.discountPercent || a.membershipId - b.membershipId)[0];
}

/** The instants a benefit's current period covers: its local calendar days in the home venue's zone. */
function benefitWindow(row: ActivityBenefitRow, now: Date): { from: Date; to: Date | null } {
  const period = benefitPeriod(row.frequency, localDateOf(now, row.timezone), row);
  return {
    from: zonedTimeToUtc(period.start, '00:00', row.timezone),
    to: period.end ? zonedTimeToUtc(addDays(period.end, 1), '00:00', row.timezone) : null,
  };
}

/**
 * The member's activity benefits for the activity with the uses left this period: total uses less
 * the places booked (not cancelled) through benefit lines in the period and `inBasket` places.
 */
async function benefitOffers(
  db: Database,
  customerId: number,
  activityId: number,
  now: Date,
  basketPlaces: number | (() => Promise<number>),
): Promise<BenefitOffer[]> {
  const rows = await listActivityBenefits(db, customerId, activityId);
  if (rows.length === 0) return [];
  // Counted only when there is a benefit to count against (most customers have none).
  const inBasket = typeof basketPlaces === 'number' ? basketPlaces : await basketPlaces();
  const offers: BenefitOffer[] = [];
  for (const row of rows) {
    if (row.totalUses === null) {
      offers.push({ membershipId: row.membershipId, discountPercent: row.discountPercent, usesLeft: null });
      continue;
    }
    const { from, to } = benefitWindow(row, now);
    const booked = await countBookedBenefitPlaces(db, customerId, activityId, from, to);
    offers.push({
      membershipId: row.membershipId,
      discountPercent: row.discountPercent,
      usesLeft: row.totalUses - booked - inBasket,
    });
  }
  return offers;
}

/**
 * The customer's best membership activity benefit for `places` more places on the activity, when
 * one has uses left for all of them after the `inBasket` places the basket already holds with one.
 */
export async function bestActivityBenefit(
  db: Database,
  customerId: number,
  activityId: number,
  /** `inBasket`: the places the basket already holds with a benefit on the activity (or how to count them). */
  options: { places: number; now: Date; inBasket: number | (() => Promise<number>) },
): Promise<BenefitOffer | undefined> {
  const offers = await benefitOffers(db, customerId, activityId, options.now, options.inBasket);
  return chooseBenefit(offers, options.places);
}

/**
 * The uses an activity benefit with a period allowance has left in its current period, as the basket
 * counts them (places booked through benefit lines in the period), for my-account's benefit list.
 */
export async function activityBenefitUsesLeft(
  db: Database,
  customerId: number,
  benefit: {
    activityId: number;
    totalUses: number;
    frequency: string | null;
    startDate: string;
    endDate: string | null;
    timezone: string;
  },
  now: Date,
): Promise<number> {
  const { from, to } = benefitWindow(
    { ...benefit, membershipId: 0, benefitId: 0, discountPercent: 100 },
    now,
  );
  const booked = await countBookedBenefitPlaces(db, customerId, benefit.activityId, from, to);
  return Math.max(0, benefit.totalUses - booked);
}

/** Whether the customer's memberships give any benefit on the activity (most give none). */
export async function hasActivityBenefits(
  db: Database,
  customerId: number,
  activityId: number,
): Promise<boolean> {
  return (await listActivityBenefits(db, customerId, activityId)).length > 0;
}

/** A basket line priced with a benefit, and the places it holds. */
export interface BenefitLine {
  id: number;
  activityId: number;
  places: number;
}

/**
 * Checkout's re-check of a basket's benefit lines (their holds already locked by the caller), under
 * locks of the memberships whose benefits they spend, so two checkouts cannot both spend the last
 * use: answers the lines, in id order per activity, that no longer fit in the uses left.
 */
export async function spentBenefitLines(
  tx: Database,
  customerId: number,
  lines: BenefitLine[],
  now: Date,
): Promise<number[]> {
  const byActivity = new Map<number, ActivityBenefitRow[]>();
  for (const activityId of new Set(lines.map((line) => line.activityId))) {
    const rows = await listActivityBenefits(tx, customerId, activityId);
    if (rows.length > 0) byActivity.set(activityId, rows);
  }
  await lockMemberships(
    tx,
    [...byActivity.values()].flatMap((rows) => rows.map((row) => row.membershipId)),
  );
  const spent: number[] = [];
  for (const [activityId, rows] of byActivity) {
    const activityLines = lines.filter((line) => line.activityId === activityId).sort((a, b) => a.id - b.id);
    let inBasket = 0;
    for (const line of activityLines) {
      const offers = await benefitOffers(tx, customerId, activityId, now, inBasket);
      if (rows.length > 0 && !chooseBenefit(offers, line.places)) {
        spent.push(line.id);
        continue;
      }
      inBasket += line.places;
    }
  }
  return spent;
}
