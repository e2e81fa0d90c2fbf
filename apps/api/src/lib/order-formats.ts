import { localDateOf } from './dates';

/**
 * How order and fee answers write dates and order numbers (joining-and-payments.md 9): the orders,
 * receipts, penalties and credit history use them.
 */

export const defaultZone = 'Europe/London';

/** 'YYYY-MM-DD' -> 'DD/MM/YYYY' (joining-and-payments.md 9). */
export function ukDate(localDate: string): string {
  const [year, month, day] = localDate.split('-');
  return `${day}/${month}/${year}`;
}

export function ukDateOf(instant: Date, timeZone: string | null = defaultZone): string {
  return ukDate(localDateOf(instant, timeZone ?? defaultZone));
}

export function orderReferenceOf(orderId: number): string {
  return `ORD-${String(orderId).padStart(6, '0')}`;
}
