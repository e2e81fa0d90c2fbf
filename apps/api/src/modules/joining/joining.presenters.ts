import type { AdditionalQuestion, MembershipSummary } from '@leisure/contract/memberships';
import type { MembershipAnswer } from '../../db/schema';
import type {
  MembershipTypeRow,
  PaymentOptionRow,
} from '../membership-catalogue/membership-catalogue.service';
import type { MembershipRow, QuestionRow } from './joining.repository';

export function describeQuestion(row: QuestionRow, answers: MembershipAnswer[]): AdditionalQuestion {
  return {
    id: row.id,
    reference: row.reference,
    label: row.label,
    type: row.type,
    options: row.options,
    placeholder: row.placeholder,
    default: row.defaultValue,
    is_required: row.isRequired,
    answer: answers.find((a) => a.questionId === row.id)?.answer ?? null,
  };
}

export function describeMembership(
  row: MembershipRow,
  type: MembershipTypeRow,
  option: PaymentOptionRow,
): MembershipSummary {
  return {
    id: row.id,
    status: row.status,
    membership_type_id: row.membershipTypeId,
    membership_type_name: type.name,
    payment_option_id: row.paymentOptionId,
    payment_type: option.paymentType,
    home_venue_id: row.homeVenueId,
    start_date: row.startDate,
    billing_day: row.billingDay,
    first_billing_date: row.firstBillingDate,
    end_date: row.endDate,
    requires_document: row.requiresDocument,
  };
}
