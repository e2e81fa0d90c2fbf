import type { Slot as WireSlot } from '@leisure/contract/activities';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { activitiesKeys } from './keys';
import { activityPath, type SlotsQuery, type ViewerKey } from './paths';

/**
 * `GET .../activity/{activity}/v2/slots?date=&start_time=&end_time=&composite_key=`: one slot per
 * location (court, lane) of a time group; `id` is the occurrence to book.
 */
export type Slot = Camel<WireSlot>;

export function slotsQueryOptions(venue: string, activity: string, query: SlotsQuery, viewer: ViewerKey) {
  return queryOptions({
    queryKey: activitiesKeys.slots(venue, activity, query, viewer),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: Slot[] }>(`${activityPath(venue, activity)}/v2/slots`, {
          query: { ...query },
          signal,
        })
      ).data,
    staleTime: 10_000,
  });
}

export function useSlots(
  venue: string,
  activity: string,
  query: SlotsQuery,
  viewer: ViewerKey,
  enabled = true,
) {
  // After a login the same session is asked again for the user: keep showing it meanwhile.
  return useQuery({
    ...slotsQueryOptions(venue, activity, query, viewer),
    enabled,
    placeholderData: keepPreviousData,
  });
}
