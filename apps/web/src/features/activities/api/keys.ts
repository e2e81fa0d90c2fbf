import { availabilityKey } from '../../../shared/api/query-keys';
import type { SlotsQuery, ViewerKey } from './paths';

/**
 * Query keys of the timetable: all under the availability key, which any basket change
 * invalidates. Keys of what depends on who asks carry the viewer.
 */
export const activitiesKeys = {
  all: availabilityKey,
  venues: [...availabilityKey, 'venues'] as const,
  categories: (venue: string) => [...availabilityKey, 'categories', venue] as const,
  category: (venue: string, slug: string) => [...availabilityKey, 'category', venue, slug] as const,
  dates: (venue: string, category: string) => [...availabilityKey, 'dates', venue, category] as const,
  times: (venue: string, activity: string, date: string, viewer: ViewerKey) =>
    [...availabilityKey, 'times', venue, activity, date, viewer] as const,
  slots: (venue: string, activity: string, query: SlotsQuery, viewer: ViewerKey) =>
    [...availabilityKey, 'slots', venue, activity, query, viewer] as const,
  occurrence: (id: string, viewer: ViewerKey) => [...availabilityKey, 'occurrence', id, viewer] as const,
};
