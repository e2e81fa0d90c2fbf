import type { Occurrence as WireOccurrence } from '@leisure/contract/activities';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { activitiesKeys } from './keys';
import type { ViewerKey } from './paths';

/** `GET api/v1/activities/occurrences/{id}`: one session with the tickets this user can buy. */
export type Occurrence = Camel<WireOccurrence>;
export type OccurrenceTicket = Occurrence['tickets'][number];

export function occurrenceQueryOptions(id: string, viewer: ViewerKey) {
  return queryOptions({
    queryKey: activitiesKeys.occurrence(id, viewer),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Occurrence }>(`api/v1/activities/occurrences/${encodeURIComponent(id)}`, {
          signal,
        })
      ).data,
    staleTime: 10_000,
  });
}

export function useOccurrence(id: string, viewer: ViewerKey, enabled = true) {
  // After a login the same session is asked again for the user: keep showing it meanwhile.
  return useQuery({ ...occurrenceQueryOptions(id, viewer), enabled, placeholderData: keepPreviousData });
}
