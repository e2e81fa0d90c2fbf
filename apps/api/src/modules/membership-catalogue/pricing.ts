/**
 * The one place membership prices are worked out (docs/decisions/010-membership-pricing.md).
 * Pure functions on integer minor units and 'YYYY-MM-DD' calendar dates (no time zones: a date is
 * the venue's local calendar day, worked out by the caller). Nothing here reads the database.
 */

import { longMonthNames } from '@leisure/contract/calendar-names';
import { addDays, addMonths, daysBetween, daysInMonth } from '../../lib/dates';
import {
  mulDivHalfUp,
  type PricedPromotion,
  promotionDiscount,
  promotionFitsOption,
} from '../promotions/promotion-discounts';

export type PaymentType = 'recurring' | 'fixed';
export type FixedPeriod = 'day' | 'week' | 'month' | 'year';

export interface PricedOption {
  paymentType: PaymentType;
  /** Monthly fee (recurring) or the single payment (fixed). */
  baseFee: number;
  joiningFee: number;
  /** Recurring: the first full month is paid up front. */
  monthInHand: boolean;
  fixedDuration: number | null;
  fixedPeriod: FixedPeriod | null;
}

export interface PriceRequest {
  option: PricedOption;
  /** 'YYYY-MM-DD' */
  startDate: string;
  /** Recurring: 1-28; undefined picks the default (the start date's day, or the 1st after the 28th). */
  billingDay?: number | undefined;
  promotion?: PricedPromotion | undefined;
}

export interface MembershipPrice {
  paymentType: PaymentType;
  joiningFee: number;
  baseFee: number;
  /** Fixed: the single payment taken now (= baseFee); recurring: 0. */
  singlePaymentFee: number;
  proRataFee: number;
  monthInHandFee: number;
  discount: number;
  /** joiningFee + singlePaymentFee + proRataFee + monthInHandFee - discount, never negative. */
  totalToPayNow: number;
  proRataDays: number;
  billingDay: number | null;
  /** Recurring: the first direct-debit collection; null for fixed. */
  firstBillingDate: string | null;
  prettyFirstBillingDate: string | null;
  /** Fixed: the last day covered; null for recurring. */
  endDate: string | null;
  /** Whether the promotion given (if any) changed the price. */
  promotionApplied: boolean;
}

export class PriceError extends Error {}

// ---- Calendar dates ---------------------------------------------------------------------------------

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

function toUtc(date: string): Date {
  const match = datePattern.exec(date);
  if (!match) throw new PriceError(`not a date: ${date}`);
  const value = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (formatDate(value) !== date) throw new PriceError(`not a date: ${date}`);
  return value;
}

function formatDate(value: Date): string {
  return value.toISOString().slice(0, 10);
}

function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/** '2027-02-01' -> '1st February 2027'. */
export function prettyDate(date: string): string {
  const value = toUtc(date);
  return `${ordinal(value.getUTCDate())} ${longMonthNames[value.getUTCMonth()]} ${value.getUTCFullYear()}`;
}

/** Start dates allowed on `today`: from today to the same day next month (spec 5 and 9). */
export function startDateBounds(today: string): { min: string; max: string } {
  return { min: today, max: addMonths(today, 1) };
}

// ---- Money ------------------------------------------------------------------------------------------

function assertMinorUnits(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new PriceError(`${name} must be a whole amount >= 0`);
}

/** The default billing day for a start date: its day of the month, or the 1st after the 28th. */
export function defaultBillingDay(startDate: string): number {
  const day = toUtc(startDate).getUTCDate();
  return day <= 28 ? day : 1;
}

/**
 * What a customer pays today for an option starting on `startDate`.
 *
 * Recurring: the pro-rata period runs from the start date up to (not including) the next date on
 * the billing day (0 days when the start date is on it); pro-rata = base × days / days in the start
 * date's month, rounded half-up. With month in hand the month from that date is paid now too and
 * the first collection is a month later; without it the first collection is that date.
 * Fixed: the single payment now; the membership ends the day before start + duration.
 * The discount never exceeds the part it applies to (joining fee, or the month in hand for a
 * first-months offer), so the total is never negative.
 */
export function priceMembership(request: PriceRequest): MembershipPrice {
  const { option, startDate, promotion } = request;
  assertMinorUnits('baseFee', option.baseFee);
  assertMinorUnits('joiningFee', option.joiningFee);
  toUtc(startDate);
  const fits = promotion !== undefined && promotionFitsOption(promotion, option);

  if (option.paymentType === 'fixed') {
    if (!option.fixedDuration || option.fixedDuration <= 0 || !option.fixedPeriod) {
      throw new PriceError('a fixed option needs a duration and a period');
    }
    const discount = fits && promotion ? promotionDiscount(promotion, option.joiningFee) : 0;
    const end =
      option.fixedPeriod === 'day'
        ? addDays(startDate, option.fixedDuration)
        : option.fixedPeriod === 'week'
          ? addDays(startDate, option.fixedDuration * 7)
          : addMonths(startDate, option.fixedDuration * (option.fixedPeriod === 'year' ? 12 : 1));
    return {
      paymentType: 'fixed',
      joiningFee: option.joiningFee,
      baseFee: option.baseFee,
      singlePaymentFee: option.baseFee,
      proRataFee: 0,
      monthInHandFee: 0,
      discount,
      totalToPayNow: option.joiningFee + option.baseFee - discount,
      proRataDays: 0,
      billingDay: null,
      firstBillingDate: null,
      prettyFirstBillingDate: null,
      endDate: addDays(end, -1),
      promotionApplied: discount > 0,
    };
  }

  const billingDay = request.billingDay ?? defaultBillingDay(startDate);
  if (!Number.isInteger(billingDay) || billingDay < 1 || billingDay > 28) {
    throw new PriceError('the billing day must be 1-28');
  }
  const start = toUtc(startDate);
  const year = start.getUTCFullYear();
  const month = start.getUTCMonth();
  const anchor =
    start.getUTCDate() <= billingDay
      ? formatDate(new Date(Date.UTC(year, month, billingDay)))
      : formatDate(new Date(Date.UTC(year, month + 1, billingDay)));
  const proRataDays = daysBetween(startDate, anchor);
  const proRataFee = mulDivHalfUp(option.baseFee, proRataDays, daysInMonth(year, month));
  const monthInHandFee = option.monthInHand ? option.baseFee : 0;
  const firstBillingDate = option.monthInHand ? addMonths(anchor, 1) : anchor;

  let discount = 0;
  if (fits && promotion) {
    discount =
      promotion.appliesTo === 'joining_fee'
        ? promotionDiscount(promotion, option.joiningFee)
        : promotionDiscount(promotion, monthInHandFee);
  }
  return {
    paymentType: 'recurring',
    joiningFee: option.joiningFee,
    baseFee: option.baseFee,
    singlePaymentFee: 0,
    proRataFee,
    monthInHandFee,
    discount,
    totalToPayNow: option.joiningFee + proRataFee + monthInHandFee - discount,
    proRataDays,
    billingDay,
    firstBillingDate,
    prettyFirstBillingDate: prettyDate(firstBillingDate),
    endDate: null,
    promotionApplied: discount > 0,
  };
}

/**
 * Monthly collections the promotion still reduces after today's payment (for the direct-debit
 * schedule): a first-months offer of N months covers the month in hand (when taken) and the rest.
 */
export function discountedCollections(option: PricedOption, promotion: PricedPromotion | undefined) {
  if (promotion?.appliesTo !== 'first_months' || option.paymentType !== 'recurring') {
    return { count: 0, amount: option.baseFee };
  }
  const count = Math.max(0, promotion.months - (option.monthInHand ? 1 : 0));
  return { count, amount: option.baseFee - promotionDiscount(promotion, option.baseFee) };
}
