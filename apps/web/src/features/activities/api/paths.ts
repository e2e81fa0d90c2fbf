/** Path pieces of the activities calls (bookings-api.md): slugs and ids are always encoded. */
export function venuePath(venue: string): string {
  return `api/activities/venue/${encodeURIComponent(venue)}`;
}

export function activityPath(venue: string, activity: string): string {
  return `${venuePath(venue)}/activity/${encodeURIComponent(activity)}`;
}

/**
 * Availability depends on who asks (LOGIN becomes BOOK, member prices), so its query keys carry the
 * viewer: after a login the same screen asks again.
 */
export type ViewerKey = number | 'anonymous';

/** The query of `.../v2/slots`: one time group of a day. */
export interface SlotsQuery {
  date: string;
  startTime: string;
  endTime: string;
  compositeKey: string;
}
