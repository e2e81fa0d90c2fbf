import { formatMoney } from '@leisure/contract/money';
import type { MyMembership, MyMembershipStatus } from '@leisure/contract/my-memberships';
import type { MembershipEligibilityState as EligibilityState } from '../eligibility-documents/eligibility-documents.service';
import type { BenefitRow } from '../membership-catalogue/membership-catalogue.service';
import { membershipDate, membershipReference } from '../membership-lifecycle/membership-lifecycle.presenters';
import type {
  MembershipDetailRow,
  MembershipRow,
} from '../membership-lifecycle/membership-lifecycle.service';
import type { MembershipOptions } from '../membership-lifecycle/membership-options';

/** A benefit's uses left this period and the day they renew, keyed by `benefitKey`. */
export interface BenefitStanding {
  remainingUses: number | null;
  renewsOn: string | null;
}

export function benefitKey(membershipId: number, benefitId: number): string {
  return `${membershipId}-${benefitId}`;
}

function statusInfoOf(membership: MembershipRow, options: MembershipOptions): string | null {
  if (membership.cancellationState === 'scheduled' && membership.finalDay) {
    return `Cancelled: final day of membership ${membershipDate(membership.finalDay).full_date}`;
  }
  if (membership.cancellationState === 'awaiting_payment') {
    return 'Cancellation will be processed automatically after payment';
  }
  if (membership.status === 'suspended' && membership.suspendedForDocument) {
    return 'Suspended: your eligibility document is overdue';
  }
  if (options.freezeStatusLabel === 'freeze pending approval') return 'Freeze request awaiting approval';
  const dates = options.freezeDates;
  if (options.freezeStatusLabel === 'freeze pending' && dates) {
    return `Freeze approved: frozen from ${membershipDate(dates.startDate).full_date} to ${membershipDate(dates.endDate).full_date}`;
  }
  if (membership.status === 'frozen' && dates) {
    return `Frozen until ${membershipDate(dates.endDate).full_date}`;
  }
  return null;
}

function statusOf(membership: MembershipRow, options: MembershipOptions): MyMembershipStatus {
  // The reads of the member's memberships leave drafts out (docs/decisions/018).
  if (membership.status === 'draft') throw new Error(`membership ${membership.id} is a basket draft`);
  if (membership.status === 'active' && options.freezeStatusLabel) return options.freezeStatusLabel;
  return membership.status;
}

/** One membership card of `GET api/my-account/user/memberships` (my-account.md 3 "Membership"). */
export function myMembershipAnswer(input: {
  detail: MembershipDetailRow;
  flags: MembershipOptions;
  benefits: BenefitRow[];
  /** Every benefit's standing (modules/guest-passes' count for guest passes). */
  standings: Map<string, BenefitStanding>;
  eligibility: EligibilityState | undefined;
  nextCollection: string | undefined;
  /** What the member pays a month by direct debit (their own price), when they do. */
  monthlyAmount?: number | undefined;
  cancellable: boolean;
}): MyMembership {
  const { detail, flags, eligibility, nextCollection } = input;
  const { membership, type, option } = detail;
  const ending = membership.cancellationState !== null;
  return {
    id: membership.id,
    reference: membershipReference(membership.id),
    status: statusOf(membership, flags),
    status_info: statusInfoOf(membership, flags),
    membership_type: {
      id: type.id,
      name: type.name,
      coverage: type.coverage,
      eligibility_criterion: eligibility?.criterion ?? null,
    },
    home_venue: detail.venueName === null ? null : { id: membership.homeVenueId, name: detail.venueName },
    start_date: membershipDate(membership.startDate),
    expires_at: membership.finalDay
      ? membershipDate(membership.finalDay)
      : membership.endDate
        ? membershipDate(membership.endDate)
        : null,
    benefits: input.benefits
      .filter((benefit) => benefit.membershipTypeId === type.id)
      .map((benefit) => {
        const standing = input.standings.get(benefitKey(membership.id, benefit.id));
        return {
          id: benefit.id,
          name: benefit.name,
          description: benefit.description,
          remaining_uses: standing ? standing.remainingUses : benefit.totalUses,
          renews_at: standing?.renewsOn ? membershipDate(standing.renewsOn) : null,
        };
      }),
    // A member keeps their own monthly price (issue 47): the option's price is for new purchases.
    price: {
      raw: input.monthlyAmount ?? option.baseFee,
      formatted: formatMoney(input.monthlyAmount ?? option.baseFee, membership.currency),
    },
    next_payment_date: nextCollection ? membershipDate(nextCollection) : null,
    document: eligibility?.document ?? null,
    document_upload_required: eligibility?.uploadRequired ?? false,
    document_due_date: eligibility?.dueDate ? membershipDate(eligibility.dueDate) : null,
    document_overdue: eligibility?.firstDocumentDue?.overdue ?? false,
    cancellation:
      membership.cancellationState && membership.cancellationRequestedAt
        ? {
            state: membership.cancellationState,
            requested_at: membership.cancellationRequestedAt.toISOString(),
            final_payment_date: membership.finalPaymentDate
              ? membershipDate(membership.finalPaymentDate)
              : null,
            final_day: membership.finalDay ? membershipDate(membership.finalDay) : null,
          }
        : null,
    management_enabled: type.managementEnabled,
    freezable: flags.freezable && !ending,
    freeze_pending: flags.freezePending,
    cancellable: input.cancellable,
    renewable: flags.renewable,
    can_renew: flags.canRenew,
    renew_forbid_reason: flags.renewForbidReason,
    can_change: flags.canChange && !ending,
    cannot_change_reason:
      ending && flags.canChange
        ? 'This membership is ending and cannot be changed.'
        : flags.cannotChangeReason,
    slug: type.slug,
    payment_type: option.paymentType,
    payment_option_id: option.id,
  };
}
