import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { membershipManagementKeys } from './keys';
import type { MyMembership } from './types';

/** GET api/my-account/user/memberships */
export function myMembershipsQueryOptions() {
  return queryOptions({
    queryKey: membershipManagementKeys.list,
    queryFn: async ({ signal }) =>
      (await api.get<{ data: MyMembership[] }>('api/my-account/user/memberships', { signal })).data,
  });
}

export function useMyMemberships() {
  return useQuery(myMembershipsQueryOptions());
}
