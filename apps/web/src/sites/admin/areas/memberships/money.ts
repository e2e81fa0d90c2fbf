import { z } from 'zod';

/** An amount typed in pounds ('34.99') -> pence; the API keeps minor units. */
export const zPounds = z
  .string()
  .trim()
  .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount in pounds, like 34.99');

export function toPence(pounds: string): number {
  const [whole = '0', fraction = ''] = pounds.trim().split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function toPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

export function formatPounds(pence: number): string {
  return `£${toPounds(pence)}`;
}

/** A number field's value: '' -> null. */
export const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined || Number.isNaN(value) ? null : Number(value);
