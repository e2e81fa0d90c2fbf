import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { membershipManagementKeys } from './keys';
import type { CancelInfo } from './types';

/** GET api/memberships/{membershipId}/cancel */
export function cancelInfoQueryOptions(membershipId: number) {
  return queryOptions({
    queryKey: membershipManagementKeys.cancelInfo(membershipId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: CancelInfo }>(`api/memberships/${membershipId}/cancel`, { signal })).data,
    // The notice dates depend on today and the debts change at checkout: always ask again.
    staleTime: 0,
    gcTime: 0,
  });
}

export function useCancelInfo(membershipId: number) {
  return useQuery(cancelInfoQueryOptions(membershipId));
}
