import type { MyMembership } from '@leisure/contract/my-memberships';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { localDateOf } from '../../lib/dates';
import { activityBenefitUsesLeft } from '../benefits/benefits.service';
import { completePaidUpCancellations, isCancellable } from '../cancellations/cancellations.service';
import { nextCollectionDates } from '../direct-debit/direct-debit.service';
import { eligibilityOfMemberships } from '../eligibility-documents/eligibility-documents.service';
import { guestPassBenefitStanding, nextBenefitPeriodStart } from '../guest-passes/guest-passes.service';
import { type BenefitRow, listBenefitsOfTypes } from '../membership-catalogue/membership-catalogue.service';
import {
  findMembershipWithType,
  listMembershipsWithTypeOfUser,
  type MembershipDetailRow,
  type MembershipRow,
  zoneOf,
} from '../membership-lifecycle/membership-lifecycle.service';
import { type MembershipOptions, membershipOptionsFor } from '../membership-lifecycle/membership-options';
import { getCurrentClient } from '../operator/operator.service';
import type { Auth } from '../session/session';
import { type BenefitStanding, benefitKey, myMembershipAnswer } from './my-memberships.presenters';

/**
 * The member's memberships as my-account shows them (my-account.md 2.6, 3 "Membership"): each card
 * brings together the membership lifecycle's freeze, renew and change flags, its cancellation, its
 * eligibility documents and its next direct debit collection. A composer of the membership modules.
 */

export interface MyMembershipsDeps {
  db: Database;
  config: Config;
}

/**
 * The freeze, renew and change flags come from modules/membership-lifecycle (one call for all the
 * member's memberships); a membership it does not know gets everything off.
 */
const noOptions: MembershipOptions = {
  freezable: false,
  freezePending: false,
  freezeStatusLabel: null,
  freezeDates: null,
  renewable: false,
  canRenew: false,
  renewForbidReason: 'This membership cannot be renewed.',
  canChange: false,
  cannotChangeReason: 'This membership cannot be changed.',
};

const statusRank: Record<string, number> = { pending: 0, active: 1, frozen: 2 };

/** Pending, active, frozen, then the others (my-account.md 3); newest first within each. */
function listOrder(a: MembershipRow, b: MembershipRow): number {
  const rank = (row: MembershipRow) => statusRank[row.status] ?? 3;
  return rank(a) - rank(b) || b.id - a.id;
}

/**
 * Each benefit's uses left and renewal day. A guest-pass benefit's come from modules/guest-passes'
 * count (the allowances answer the same); other benefits show their allowance per period.
 */
async function benefitStandings(
  db: Database,
  details: MembershipDetailRow[],
  benefits: BenefitRow[],
  now: Date,
): Promise<Map<string, BenefitStanding>> {
  const standings = new Map<string, BenefitStanding>();
  for (const detail of details) {
    const { membership } = detail;
    const timezone = zoneOf(detail);
    for (const benefit of benefits.filter((row) => row.membershipTypeId === detail.type.id)) {
      const key = benefitKey(membership.id, benefit.id);
      if (benefit.kind === 'guest_pass' && benefit.totalUses !== null) {
        const standing = await guestPassBenefitStanding(
          db,
          {
            membershipId: membership.id,
            benefitId: benefit.id,
            totalUses: benefit.totalUses,
            frequency: benefit.frequency,
            startDate: membership.startDate,
            endDate: membership.endDate,
            timezone,
          },
          now,
        );
        standings.set(key, { remainingUses: standing.usesRemaining, renewsOn: standing.renewsOn });
      } else if (
        benefit.kind === 'activity' &&
        benefit.activityId !== null &&
        benefit.totalUses !== null &&
        membership.status === 'active'
      ) {
        // An activity benefit's uses are the places booked with it this period (modules/benefits).
        const remainingUses = await activityBenefitUsesLeft(
          db,
          membership.userId,
          {
            activityId: benefit.activityId,
            totalUses: benefit.totalUses,
            frequency: benefit.frequency,
            startDate: membership.startDate,
            endDate: membership.endDate,
            timezone,
          },
          now,
        );
        standings.set(key, {
          remainingUses,
          renewsOn: nextBenefitPeriodStart(benefit.frequency, localDateOf(now, timezone), membership),
        });
      } else {
        standings.set(key, {
          remainingUses: benefit.totalUses,
          renewsOn: nextBenefitPeriodStart(benefit.frequency, localDateOf(now, timezone), membership),
        });
      }
    }
  }
  return standings;
}

async function describeMemberships(
  db: Database,
  config: Config,
  details: MembershipDetailRow[],
  now: Date,
): Promise<MyMembership[]> {
  if (details.length === 0) return [];
  const client = await getCurrentClient(db, config);
  const rows = details.map((detail) => detail.membership);
  const ids = rows.map((row) => row.id);
  const listed = [...details].sort((a, b) => listOrder(a.membership, b.membership));
  const options = await membershipOptionsFor(db, rows, now);
  const benefits = await listBenefitsOfTypes(db, [...new Set(details.map((detail) => detail.type.id))]);
  const collections = await nextCollectionDates(db, ids);
  const eligibility = await eligibilityOfMemberships(db, listed, now, client.eligibilityDaysAllowance);
  const standings = await benefitStandings(db, listed, benefits, now);
  return listed.map((detail) =>
    myMembershipAnswer({
      detail,
      flags: options.get(detail.membership.id) ?? noOptions,
      benefits,
      standings,
      eligibility: eligibility.get(detail.membership.id),
      nextCollection: collections.find((row) => row.membershipId === detail.membership.id)?.chargeDate,
      monthlyAmount: collections.find((row) => row.membershipId === detail.membership.id)?.monthlyAmount,
      cancellable: isCancellable(detail.membership, detail.type.managementEnabled),
    }),
  );
}

/** `GET api/my-account/user/memberships`: every membership of the signed-in member, in the spec's order. */
export async function listMyMemberships(
  deps: MyMembershipsDeps,
  auth: Auth,
  now = new Date(),
): Promise<MyMembership[]> {
  // A cancellation waiting for debts goes through on the next read once they are paid.
  await completePaidUpCancellations(deps.db, now, auth.user.id);
  const details = await listMembershipsWithTypeOfUser(deps.db, auth.user.id);
  return describeMemberships(deps.db, deps.config, details, now);
}

/** One membership as the list shows it (the answer after cancelling); the caller has checked access. */
export async function describeMyMembership(
  deps: MyMembershipsDeps,
  membershipId: number,
  now = new Date(),
): Promise<MyMembership> {
  const detail = await findMembershipWithType(deps.db, membershipId);
  if (!detail) throw AppError.notFound();
  const [described] = await describeMemberships(deps.db, deps.config, [detail], now);
  if (!described) throw AppError.notFound();
  return described;
}
