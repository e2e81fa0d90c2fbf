/** Venue-local calendar dates (YYYY-MM-DD) shown as text; no time zone can shift them. */
const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLocalDate(value: string | undefined): value is string {
  const match = value ? datePattern.exec(value) : null;
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

function format(raw: string, options: Intl.DateTimeFormatOptions): string {
  if (!isLocalDate(raw)) return raw;
  return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(
    new Date(`${raw}T12:00:00Z`),
  );
}

/** 'Monday 23 November 2026' */
export function formatLongDate(raw: string): string {
  return format(raw, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).replace(',', '');
}

/** 'Mon 23 Nov' */
export function formatShortDate(raw: string): string {
  return format(raw, { weekday: 'short', day: 'numeric', month: 'short' }).replace(',', '');
}
