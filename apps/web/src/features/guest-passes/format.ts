/**
 * Dates as the spec shows them (my-account.md 9): 'D MMM YYYY' for a day, with 'HH:mm' for an
 * expiry. A pass's dates are the venue's local dates (no time zone to convert).
 */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-11-24' -> '24 Nov 2026'. */
export function formatLocalDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return `${day} ${months[month - 1] ?? ''} ${year}`;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An instant in the browser's time zone: '30 Nov 2026 23:59'. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getDate()} ${months[date.getMonth()] ?? ''} ${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** An instant's day only: '30 Nov 2026'. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getDate()} ${months[date.getMonth()] ?? ''} ${date.getFullYear()}`;
}
