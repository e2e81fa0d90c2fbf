/** Paths of the bookings pages (bookings-api.md "Pages"); every slug is encoded. */
const enc = encodeURIComponent;

export const venueHref = (venue: string) => `/location/${enc(venue)}`;

export const activityHref = (venue: string, slug: string) => `${venueHref(venue)}/${enc(slug)}`;

export const byTimeHref = (venue: string, activity: string, date: string) =>
  `${activityHref(venue, activity)}/${enc(date)}/by-time`;

/** `.../by-time/slot/{HH:MM}-{HH:MM}/{compositeKey}` */
export const slotHref = (
  venue: string,
  activity: string,
  date: string,
  start: string,
  end: string,
  compositeKey: string,
) => `${byTimeHref(venue, activity, date)}/slot/${start}-${end}/${enc(compositeKey)}`;

/** `.../by-time/class/{id}` */
export const classHref = (venue: string, activity: string, date: string, id: string) =>
  `${byTimeHref(venue, activity, date)}/class/${enc(id)}`;

/** '09:00-09:40' into its two times, or null when malformed. */
export function parseTimeRange(range: string | undefined): { start: string; end: string } | null {
  const match = range ? /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/.exec(range) : null;
  if (!match) return null;
  return { start: `${match[1]}:${match[2]}`, end: `${match[3]}:${match[4]}` };
}
