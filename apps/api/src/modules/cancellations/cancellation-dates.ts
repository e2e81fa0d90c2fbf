import { addDays, addMonths, billingDateOnOrAfter, withDay } from '../../lib/dates';

/**
 * Calendar arithmetic of cancellation, on 'YYYY-MM-DD' local dates (the venue's day). Pure, so the
 * notice rules are tested without a database.
 */

export interface CancellationDates {
  /** The last direct debit collection (or the joining payment when the month in hand covers the end). */
  finalPaymentDate: string;
  /** The last day the membership can be used. */
  finalDay: string;
}

/**
 * A monthly membership cancelled on `today` with `noticeDays` of notice: the notice runs from today
 * for `noticeDays` days, and the membership ends with the billing period in which the notice ends
 * (the day before the next billing day), so the last collection is the one that paid that period.
 * With no notice it ends with the current period. A period paid up front (month in hand, before the
 * first collection) means no further collection: the final payment was the joining payment.
 */
export function cancellationDates(input: {
  today: string;
  noticeDays: number;
  billingDay: number;
  startDate: string;
  firstBillingDate: string | null;
}): CancellationDates {
  const lastNoticeDay = addDays(input.today, Math.max(input.noticeDays, 1) - 1);
  const nextBilling = billingDateOnOrAfter(addDays(lastNoticeDay, 1), input.billingDay);
  const finalDay = addDays(nextBilling, -1);
  const periodStart = withDay(addMonths(withDay(nextBilling, 1), -1), input.billingDay);
  const paidUpFront = input.firstBillingDate !== null && periodStart < input.firstBillingDate;
  return { finalPaymentDate: paidUpFront ? input.startDate : periodStart, finalDay };
}
