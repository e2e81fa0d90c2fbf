import type { NewMembership } from '@leisure/contract/cart';
import type { MembershipLineFacts } from '../../db/line-details';
import { money } from '../membership-catalogue/membership-catalogue.presenters';
import { prettyDate } from '../membership-catalogue/pricing';

/**
 * A membership's basket or order line as the wire describes it (`cartable_resource.new_membership`):
 * the costs it was priced at when submitted, so the basket, the checkout, the confirmation page and
 * the order email show what the customer agreed to, not a price worked out again.
 */
export function newMembershipAnswer(line: MembershipLineFacts): NewMembership {
  const { costs, currency } = line;
  return {
    membership_id: line.membershipId,
    membership_type_id: line.membershipTypeId,
    payment_type: line.paymentType,
    start_date: line.startDate,
    billing_day: line.billingDay,
    first_billing_date: line.firstBillingDate,
    kind:
      line.renewsMembershipId !== null ? 'renewal' : line.replacesMembershipId !== null ? 'change' : 'join',
    name: line.typeName,
    home_venue: { id: line.venueId, name: line.venueName, slug: line.venueSlug },
    pretty_start_date: prettyDate(line.startDate),
    costs: {
      payment_option_id: line.paymentOptionId,
      payment_type: line.paymentType,
      fixed_duration: line.fixedDuration,
      fixed_period: line.fixedPeriod,
      fees: {
        joining_fee: money(costs.joiningFee, currency),
        base_fee: money(costs.baseFee, currency),
        pro_rata_fee: money(costs.proRataFee, currency),
        month_in_hand_fee: money(costs.monthInHandFee, currency),
        discount: money(costs.discount, currency),
      },
      global_base_price: money(costs.baseFee, currency),
      total_to_pay_now: money(costs.totalToPayNow, currency),
      start_date: line.startDate,
      pro_rata_days: costs.proRataDays,
      first_billing_date: line.firstBillingDate,
      pretty_first_billing_date: line.firstBillingDate ? prettyDate(line.firstBillingDate) : null,
      billing_day: line.billingDay,
      end_date: line.endDate,
      promotion_enabled: line.promotionCode !== null,
      promotion_code: costs.discount > 0 ? line.promotionCode : null,
      currency,
    },
  };
}

/** One line per cost, as the order email and the receipt read them ('Joining fee: £20.00'). */
export function membershipCostLines(membership: NewMembership): string[] {
  const { costs } = membership;
  const { fees } = costs;
  const lines = [
    `Home centre: ${membership.home_venue.name}`,
    `Payment type: ${membership.payment_type === 'recurring' ? 'Monthly' : 'Single payment'}`,
    `Start date: ${membership.pretty_start_date}`,
  ];
  if (fees.joining_fee.raw > 0) lines.push(`Joining fee: ${fees.joining_fee.formatted}`);
  if (costs.payment_type === 'recurring') {
    if (costs.pro_rata_days > 0 || fees.pro_rata_fee.raw > 0) {
      const days = `${costs.pro_rata_days} day${costs.pro_rata_days === 1 ? '' : 's'}`;
      lines.push(`Pro-rata fee (${days}): ${fees.pro_rata_fee.formatted}`);
    }
    if (fees.month_in_hand_fee.raw > 0) lines.push(`Month in hand: ${fees.month_in_hand_fee.formatted}`);
  } else {
    lines.push(`Membership fee: ${fees.base_fee.formatted}`);
  }
  if (fees.discount.raw > 0) {
    const code = costs.promotion_code ? ` (${costs.promotion_code})` : '';
    lines.push(`Discount${code}: -${fees.discount.formatted}`);
  }
  lines.push(`Total to pay now: ${costs.total_to_pay_now.formatted}`);
  if (costs.payment_type === 'recurring') {
    if (costs.pretty_first_billing_date) lines.push(`First billing date: ${costs.pretty_first_billing_date}`);
    lines.push(`Monthly payment: ${costs.global_base_price.formatted}`);
  } else if (costs.fixed_duration !== null && costs.fixed_period !== null) {
    const count = costs.fixed_duration;
    lines.push(`Duration: ${count} ${costs.fixed_period}${count === 1 ? '' : 's'}`);
  }
  return lines;
}
