/**
 * What a promotion takes off an amount (docs/decisions/010-membership-pricing.md). Pure, on integer
 * minor units; membership-catalogue/pricing.ts applies it to a price.
 */

export interface PricedPromotion {
  discountKind: 'percentage' | 'fixed';
  /** Percent (1-100) or minor units. */
  discountValue: number;
  appliesTo: 'joining_fee' | 'first_months';
  months: number;
}

/** a × b / c rounded half-up, for non-negative integers (exact: no floating point). */
export function mulDivHalfUp(a: number, b: number, c: number): number {
  if (c <= 0) throw new RangeError('division by zero');
  return Math.floor((2 * a * b + c) / (2 * c));
}

export function promotionDiscount(promotion: PricedPromotion, amount: number): number {
  const raw =
    promotion.discountKind === 'percentage'
      ? mulDivHalfUp(amount, Math.min(promotion.discountValue, 100), 100)
      : promotion.discountValue;
  return Math.max(0, Math.min(raw, amount));
}

/** Whether a promotion can apply to an option at all: first-months offers are for monthly payers. */
export function promotionFitsOption(
  promotion: PricedPromotion,
  option: { paymentType: 'recurring' | 'fixed' },
): boolean {
  return promotion.appliesTo === 'joining_fee' || option.paymentType === 'recurring';
}

/**
 * Whether a promotion takes anything off an option: a joining-fee offer on an option without a
 * joining fee, or a first-months offer on a free monthly fee, takes nothing.
 */
export function promotionTakesSomethingOff(
  promotion: PricedPromotion,
  option: { paymentType: 'recurring' | 'fixed'; joiningFee: number; baseFee: number },
): boolean {
  if (!promotionFitsOption(promotion, option)) return false;
  const part = promotion.appliesTo === 'joining_fee' ? option.joiningFee : option.baseFee;
  return promotionDiscount(promotion, part) > 0;
}
