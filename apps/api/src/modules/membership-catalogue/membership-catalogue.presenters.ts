import type { CostBreakdown, MembershipMoney, PaymentOption } from '@leisure/contract/memberships';
import { formatMoney } from '@leisure/contract/money';
import type { PromotionRow } from '../promotions/promotions.service';
import type { MembershipTypeRow, PaymentOptionRow } from './membership-catalogue.repository';
import { type MembershipPrice, type PricedOption, priceMembership } from './pricing';

export function money(raw: number, currency: string): MembershipMoney {
  return { raw, formatted: formatMoney(raw, currency), decimal: (raw / 100).toFixed(2) };
}

/** An option row as pricing.ts reads it. */
export function pricedOption(row: PaymentOptionRow): PricedOption {
  return {
    paymentType: row.paymentType,
    baseFee: row.baseFee,
    joiningFee: row.joiningFee,
    monthInHand: row.monthInHand,
    fixedDuration: row.fixedDuration,
    fixedPeriod: row.fixedPeriod,
  };
}

export function describeOption(
  option: PaymentOptionRow,
  today: string,
  currency: string,
  isPurchasable: PaymentOption['is_purchasable'],
): PaymentOption {
  const price = priceMembership({ option: pricedOption(option), startDate: today });
  return {
    id: option.id,
    name: option.name,
    payment_type: option.paymentType,
    fixed_duration: option.fixedDuration,
    fixed_period: option.fixedPeriod,
    fees: { base_fee: money(option.baseFee, currency), joining_fee: money(option.joiningFee, currency) },
    global_base_price: money(option.baseFee, currency),
    total_to_pay_now: money(price.totalToPayNow, currency),
    is_purchasable: isPurchasable,
  };
}

/** A type and option priced for a start date, with everything the answer shows. */
export interface PricedChoice {
  type: MembershipTypeRow;
  option: PaymentOptionRow;
  promotion: PromotionRow | undefined;
  price: MembershipPrice;
  startDate: string;
  currency: string;
  clientId: number;
  promotionEnabled: boolean;
}

export function costBreakdown(choice: PricedChoice): CostBreakdown {
  const { price, option, currency } = choice;
  return {
    payment_option_id: option.id,
    payment_type: option.paymentType,
    fixed_duration: option.fixedDuration,
    fixed_period: option.fixedPeriod,
    fees: {
      joining_fee: money(price.joiningFee, currency),
      base_fee: money(price.baseFee, currency),
      pro_rata_fee: money(price.proRataFee, currency),
      month_in_hand_fee: money(price.monthInHandFee, currency),
      discount: money(price.discount, currency),
    },
    global_base_price: money(option.baseFee, currency),
    total_to_pay_now: money(price.totalToPayNow, currency),
    start_date: choice.startDate,
    pro_rata_days: price.proRataDays,
    first_billing_date: price.firstBillingDate,
    pretty_first_billing_date: price.prettyFirstBillingDate,
    billing_day: price.billingDay,
    end_date: price.endDate,
    promotion_enabled: choice.promotionEnabled,
    promotion_code: price.promotionApplied && choice.promotion ? choice.promotion.code : null,
    currency,
  };
}
