/**
 * What changing a membership costs (docs/decisions/019-change-pricing.md): one rule, pure functions
 * on integer minor units and 'YYYY-MM-DD' calendar dates, beside joining's pricing.ts.
 *
 * The new membership is priced from its start date as joining prices it, but without a joining fee
 * (the option's change fee instead, none by default). The period the old membership has already
 * paid for from that date is valued at the old price and at the new one: the difference is charged,
 * or credited. A new monthly membership's first collection is never inside that paid period.
 */

import { addDays, addMonths, billingDateOnOrAfter, daysBetween, daysInMonth } from '../../lib/dates';
import { mulDivHalfUp } from '../promotions/promotion-discounts';
import { type PricedOption, PriceError, priceMembership } from './pricing';

/** The membership being changed, as far as its price goes. */
export interface PaidMembership {
  option: PricedOption;
  startDate: string;
  /** Recurring: 1-28 (null for a fixed option). */
  billingDay: number | null;
  /** Fixed: the last day of its term. */
  endDate: string | null;
  /** The first day not paid for: the next collection not yet taken (recurring), the day after its end (fixed). */
  paidUntil: string;
}

export interface ChangePriceRequest {
  old: PaidMembership;
  /** The option changed to. */
  option: PricedOption;
  /** Set by the operator on the option changed to (minor units); 0 when none. */
  changeFee: number;
  startDate: string;
  /** Recurring: the member's billing day (kept from their instruction) or the one chosen. */
  billingDay?: number | undefined;
}

export interface ChangePrice {
  changeFee: number;
  /** The new membership's price for its first period that the old one has not paid for. */
  newPeriodFee: number;
  /** New price minus old price for the period already paid from the change (negative: a credit). */
  difference: number;
  /** changeFee + newPeriodFee + difference when that is positive, else 0. */
  totalDueNow: number;
  /** What goes to the member's account credit: the negative rest of that sum, else 0. */
  credit: number;
  /** The already-paid period from the change, [from, until), or null when nothing is paid ahead. */
  paidPeriod: { from: string; until: string } | null;
  /** The new membership's price for the whole of its first period (what joining would charge, less the joining fee). */
  newFirstPeriodPrice: number;
  /** Recurring: the first direct debit collection of the new membership; null for fixed. */
  firstBillingDate: string | null;
  billingDay: number | null;
  /** Fixed: the new membership's last day; null for recurring. */
  endDate: string | null;
  /** The old membership's last day: the day before the change starts, never before its own start. */
  oldEndDate: string;
  /** The change starts on or before the old membership's start day: the old one is replaced outright. */
  replacesOutright: boolean;
}

/**
 * A monthly option's price for the days [from, until): a whole billing month (billing day to
 * billing day) is the monthly fee; a part of one is pro-rata as joining charges it
 * (fee × days / days in the month it starts in, half-up).
 */
function recurringValue(option: PricedOption, billingDay: number, from: string, until: string): number {
  let total = 0;
  let at = from;
  while (at < until) {
    const next = billingDateOnOrAfter(addDays(at, 1), billingDay);
    const end = next < until ? next : until;
    const [year, month, dom] = at.split('-').map(Number) as [number, number, number];
    total +=
      dom === billingDay && end === next
        ? option.baseFee
        : mulDivHalfUp(option.baseFee, daysBetween(at, end), daysInMonth(year, month - 1));
    at = end;
  }
  return total;
}

/** A single payment's price for the days [from, until) of its term [termStart, termUntil). */
function fixedValue(option: PricedOption, termStart: string, termUntil: string, from: string, until: string) {
  const days = Math.max(
    0,
    daysBetween(from < termStart ? termStart : from, until > termUntil ? termUntil : until),
  );
  return mulDivHalfUp(option.baseFee, days, Math.max(1, daysBetween(termStart, termUntil)));
}

function oldValue(old: PaidMembership, from: string, until: string): number {
  if (from >= until) return 0;
  if (old.option.paymentType === 'recurring') {
    if (old.billingDay === null) throw new PriceError('a monthly membership needs a billing day');
    return recurringValue(old.option, old.billingDay, from, until);
  }
  if (old.endDate === null) throw new PriceError('a single payment membership needs an end date');
  return fixedValue(old.option, old.startDate, addDays(old.endDate, 1), from, until);
}

/**
 * The old membership's last day when a change starting `newStart` is paid: the day before, or,
 * when the change starts on or before the old one's own start, its start day (it is replaced
 * outright and never ran past it). Never before its start.
 */
export function oldMembershipEnd(
  oldStart: string,
  newStart: string,
): { endDate: string; replacedOutright: boolean } {
  return newStart <= oldStart
    ? { endDate: oldStart, replacedOutright: true }
    : { endDate: addDays(newStart, -1), replacedOutright: false };
}

/**
 * The start dates a change may take: from today to a month ahead as joining, and no later than the
 * day the old membership is paid until (its next collection is never taken for a change).
 */
export function changeStartBounds(today: string, paidUntil: string): { min: string; max: string } {
  const max = addMonths(today, 1);
  const capped = paidUntil < max ? paidUntil : max;
  return { min: today, max: capped < today ? today : capped };
}

/** Prices a change (docs/decisions/019). Throws PriceError on impossible inputs. */
export function priceChange(request: ChangePriceRequest): ChangePrice {
  const { old, option, startDate } = request;
  if (!Number.isSafeInteger(request.changeFee) || request.changeFee < 0) {
    throw new PriceError('the change fee must be a whole amount >= 0');
  }
  // Joining's price without its joining fee: the member joined once already.
  const joining = priceMembership({
    option: { ...option, joiningFee: 0 },
    startDate,
    billingDay: request.billingDay,
  });
  const paidFrom = startDate > old.startDate ? startDate : old.startDate;
  const paid = paidFrom < old.paidUntil;

  let coverUntil: string;
  let newFirstPeriodPrice: number;
  let newValueOf: (from: string, until: string) => number;
  let firstBillingDate: string | null = null;
  if (option.paymentType === 'recurring') {
    const billingDay = joining.billingDay ?? 1;
    // Its first collection comes after the period the old membership paid for, never inside it.
    const natural = joining.firstBillingDate ?? startDate;
    firstBillingDate =
      paid && old.paidUntil > natural ? billingDateOnOrAfter(old.paidUntil, billingDay) : natural;
    coverUntil = firstBillingDate;
    newValueOf = (from, until) => recurringValue(option, billingDay, from, until);
    newFirstPeriodPrice = coverUntil === natural ? joining.totalToPayNow : newValueOf(startDate, coverUntil);
  } else {
    coverUntil = addDays(joining.endDate ?? startDate, 1);
    newValueOf = (from, until) => fixedValue(option, startDate, coverUntil, from, until);
    newFirstPeriodPrice = joining.totalToPayNow;
  }

  let difference = 0;
  let newPeriodFee = newFirstPeriodPrice;
  if (paid) {
    const overlapUntil = old.paidUntil < coverUntil ? old.paidUntil : coverUntil;
    // Rounding of part months may value a part a penny above the whole: never above it.
    const newForPaid = Math.min(newFirstPeriodPrice, newValueOf(paidFrom, overlapUntil));
    difference = newForPaid - oldValue(old, paidFrom, old.paidUntil);
    newPeriodFee = newFirstPeriodPrice - newForPaid;
  }
  const sum = request.changeFee + newPeriodFee + difference;
  const ending = oldMembershipEnd(old.startDate, startDate);
  return {
    changeFee: request.changeFee,
    newPeriodFee,
    difference,
    totalDueNow: Math.max(0, sum),
    credit: Math.max(0, -sum),
    paidPeriod: paid ? { from: paidFrom, until: old.paidUntil } : null,
    newFirstPeriodPrice,
    firstBillingDate,
    billingDay: joining.billingDay,
    endDate: joining.endDate,
    oldEndDate: ending.endDate,
    replacesOutright: ending.replacedOutright,
  };
}

/** The old membership's paid value from the change (for tests and the decision's worked example). */
export function paidValueFrom(old: PaidMembership, startDate: string): number {
  const from = startDate > old.startDate ? startDate : old.startDate;
  return oldValue(old, from, old.paidUntil);
}
