import type {
  AdminMembershipCategory,
  AdminMembershipType,
  AdminPaymentOption,
} from '@leisure/contract/admin/memberships';
import type { PaymentOptionRow } from './membership-catalogue.repository';
import type { CategoryRow } from './membership-setup.repository';
import type { MembershipTypeView } from './membership-setup.service';

export function presentCategory(row: CategoryRow): AdminMembershipCategory {
  return { id: row.id, name: row.name, position: row.position };
}

export function presentTypeSummary(row: {
  type: MembershipTypeView['type'];
  categories: string[];
  optionCount: number;
}) {
  return {
    id: row.type.id,
    slug: row.type.slug,
    name: row.type.name,
    coverage: row.type.coverage,
    position: row.type.position,
    active: row.type.active,
    categories: row.categories,
    payment_option_count: Number(row.optionCount),
  };
}

export function presentType({ type, links }: MembershipTypeView): AdminMembershipType {
  const e = type.eligibility;
  return {
    id: type.id,
    slug: type.slug,
    name: type.name,
    description: type.description,
    coverage: type.coverage,
    eligibility: e
      ? {
          name: e.name,
          min_age: e.minAge,
          max_age: e.maxAge,
          requires_document: e.requiresDocument,
          document_types: e.documentTypes,
        }
      : null,
    category_ids: links.categoryIds,
    sold_at_venue_ids: links.soldAt,
    access_venue_ids: links.accessOnly,
    benefits: links.benefits.map((b) => ({
      id: b.id,
      name: b.name,
      kind: b.kind,
      total_uses: b.totalUses,
      frequency: b.frequency,
      description: b.description,
      activity_id: b.activityId,
      discount_percent: b.discountPercent,
    })),
    position: type.position,
    active: type.active,
    freezable: type.freezable,
    renewable: type.renewable,
    changeable: type.changeable,
    cancellation_notice_days: type.cancellationNoticeDays,
    allow_online_cancellation: type.allowOnlineCancellation,
    cancellation_refusal_message: type.cancellationRefusalMessage,
  };
}

export function presentPaymentOption(row: PaymentOptionRow): AdminPaymentOption {
  return {
    id: row.id,
    membership_type_id: row.membershipTypeId,
    name: row.name,
    payment_type: row.paymentType,
    base_fee: row.baseFee,
    joining_fee: row.joiningFee,
    month_in_hand: row.monthInHand,
    fixed_duration: row.fixedDuration,
    fixed_period: row.fixedPeriod,
    change_fee: row.changeFee,
    position: row.position,
    active: row.active,
  };
}
