/** Local calendar dates as 'YYYY-MM-DD'. */
export function isoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The start date's bounds: today to one month ahead (joining-and-payments.md 5 and 9). */
export function startDateBounds(now: Date = new Date()): { min: string; max: string } {
  const max = new Date(now.getFullYear(), now.getMonth() + 1, now.getDate());
  return { min: isoDate(now), max: isoDate(max) };
}

/** A start date before the minimum is reset to the minimum; after the maximum, to the maximum. */
export function clampStartDate(value: string, bounds: { min: string; max: string }): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value < bounds.min) return bounds.min;
  return value > bounds.max ? bounds.max : value;
}

/** 'YYYY-MM-DD' shown as 'D MMM YYYY'. */
export function displayDate(value: string): string {
  const date = new Date(`${value}T00:00:00`);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}
