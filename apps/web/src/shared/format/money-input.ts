/** '12.5' or '£12.50' -> 1250 minor units; null when it is not an amount with at most 2 decimals. */
export function parseMoneyInput(value: string): number | null {
  const clean = value.replace(/[£$€,\s]/g, '');
  if (!/^-?\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** 1250 -> '12.50' for an input's value. */
export function toMoneyInput(minor: number): string {
  return (minor / 100).toFixed(2);
}
