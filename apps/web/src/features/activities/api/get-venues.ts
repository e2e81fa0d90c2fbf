import type { ActivityVenue } from '@leisure/contract/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { type ApiCall, api } from '../../../shared/api/client';
import { activitiesKeys } from './keys';

/** `GET api/activities/venues`: the operator's venues. */
export type Venue = Camel<ActivityVenue>;

export const venuesCall: ApiCall = { path: 'api/activities/venues' };

export async function getVenues(signal?: AbortSignal): Promise<Venue[]> {
  const answer = await api.get<{ data: Venue[] }>(venuesCall.path, { signal });
  return answer.data;
}

export function venuesQueryOptions() {
  return queryOptions({
    queryKey: activitiesKeys.venues,
    queryFn: ({ signal }) => getVenues(signal),
    staleTime: 5 * 60_000,
  });
}

export function useVenues() {
  return useQuery(venuesQueryOptions());
}

/** One venue of the list, by slug (there is no single-venue call). */
export function useVenue(slug: string) {
  return useQuery({
    ...venuesQueryOptions(),
    select: (venues) => venues.find((venue) => venue.slug === slug),
  });
}
