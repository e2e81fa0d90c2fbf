import { formatMoney } from '@leisure/contract/money';
import type {
  CancelInfo,
  CancellationState,
  CancelMembershipResponse,
} from '@leisure/contract/my-memberships';
import type { Penalty } from '@leisure/contract/payments';
import { membershipDate } from '../membership-lifecycle/membership-lifecycle.presenters';
import type { MembershipDetailRow } from '../membership-lifecycle/membership-lifecycle.service';
import type { CancellationDates } from './cancellation-dates';

/** `GET api/memberships/{membershipId}/cancel` (my-account.md 3 "Cancel info"). */
export function cancelInfoAnswer(
  detail: MembershipDetailRow,
  refusalMessage: string | null,
  penalties: Penalty[],
  currency: string,
  dates: CancellationDates | null,
): CancelInfo {
  const { membership, type, option } = detail;
  const total = penalties.reduce((sum, penalty) => sum + penalty.fee_amount.amount, 0);
  return {
    membership_id: membership.id,
    allow_online_membership_cancellation: type.allowOnlineCancellation,
    membership_cancellation_refusal_message: refusalMessage,
    outstanding_penalties_due: penalties.map((penalty) => ({
      id: penalty.id,
      type: penalty.type_label,
      fee_amount: penalty.fee_amount,
      venue: penalty.booking.venue,
      session: penalty.booking.description,
      created_at: [penalty.booking.date, penalty.booking.time].filter(Boolean).join(' '),
    })),
    has_outstanding_penalties_due: penalties.length > 0,
    total_owed: { amount: total, formatted: formatMoney(total, currency) },
    payment_type: option.paymentType,
    recurring: dates
      ? {
          cancellation_notice_period: type.cancellationNoticeDays,
          earliest_final_payment_date: membershipDate(dates.finalPaymentDate),
          earliest_final_day_of_membership: membershipDate(dates.finalDay),
          cancellation_notice_required: type.cancellationNoticeDays > 0,
        }
      : null,
  };
}

/** `POST api/memberships/{membershipId}/cancel`'s outcome; the route adds the membership as it now is. */
export function cancellationAnswer(outcome: {
  state: CancellationState;
  finalPaymentDate: string | null;
  finalDay: string | null;
}): Omit<CancelMembershipResponse['data'], 'membership'> {
  return {
    state: outcome.state,
    final_payment_date: outcome.finalPaymentDate ? membershipDate(outcome.finalPaymentDate) : null,
    final_day: outcome.finalDay ? membershipDate(outcome.finalDay) : null,
    checkout_required: outcome.state === 'awaiting_payment',
  };
}
