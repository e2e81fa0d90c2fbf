import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { MyMembership } from './types';

/** Under ['memberships']: a freeze, renewal or cancellation invalidates that prefix and the list reloads. */
export const myMembershipsQueryKey = ['memberships', 'list'] as const;

/** GET api/my-account/user/memberships */
export function myMembershipsQueryOptions() {
  return queryOptions({
    queryKey: myMembershipsQueryKey,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: MyMembership[] }>('api/my-account/user/memberships', { signal })).data,
  });
}

export function useMyMemberships() {
  return useQuery(myMembershipsQueryOptions());
}
