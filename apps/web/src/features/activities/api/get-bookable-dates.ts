import type { BookableDate as WireBookableDate } from '@leisure/contract/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { type ApiCall, api } from '../../../shared/api/client';
import { activitiesKeys } from './keys';
import { venuePath } from './paths';

/** `GET api/activities/venue/{venue}/activity-category/{category}/dates`: the bookable dates. */
export type BookableDate = Camel<WireBookableDate>;

export const bookableDatesCall = (venue: string, category: string): ApiCall => ({
  path: `${venuePath(venue)}/activity-category/${encodeURIComponent(category)}/dates`,
});

export function bookableDatesQueryOptions(venue: string, category: string) {
  return queryOptions({
    queryKey: activitiesKeys.dates(venue, category),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: BookableDate[] }>(bookableDatesCall(venue, category).path, { signal })).data,
    staleTime: 60_000,
  });
}

export function useBookableDates(venue: string, category: string) {
  return useQuery(bookableDatesQueryOptions(venue, category));
}
