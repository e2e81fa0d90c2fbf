import type { TimeV2 } from '@leisure/contract/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { activitiesKeys } from './keys';
import { activityPath, type ViewerKey } from './paths';

/**
 * `GET .../activity/{activity}/v2/times?date=`: one item per start time across locations. v2 rather
 * than v1 because its `id` (a session of the group) opens the class page.
 */
export type SessionTime = Camel<TimeV2>;

export function timesQueryOptions(venue: string, activity: string, date: string, viewer: ViewerKey) {
  return queryOptions({
    queryKey: activitiesKeys.times(venue, activity, date, viewer),
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: SessionTime[] }>(`${activityPath(venue, activity)}/v2/times`, {
        query: { date },
        signal,
      });
      // In time order, whatever order the server keeps.
      return [...answer.data].sort((a, b) => a.timestamp - b.timestamp);
    },
    staleTime: 15_000,
  });
}

export function useTimes(venue: string, activity: string, date: string, viewer: ViewerKey, enabled = true) {
  return useQuery({ ...timesQueryOptions(venue, activity, date, viewer), enabled });
}
