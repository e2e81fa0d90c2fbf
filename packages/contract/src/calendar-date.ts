/**
 * The same rule as `z.iso.date()` (zod's own pattern: the month's length and leap years), written
 * without zod in a module of its own, so that the web app's first-load code, which formats dates,
 * does not carry zod (about 25 KB gzipped; issue 16). dates.test.ts checks that both agree.
 */
const calendarDate =
  /^(?:(?:\d\d[2468][048]|\d\d[13579][26]|\d\d0[48]|[02468][048]00|[13579][26]00)-02-29|\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|(?:02)-(?:0[1-9]|1\d|2[0-8])))$/;

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && calendarDate.test(value);
}
