import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { membershipChangesKeys } from './keys';
import type { RenewalDetails } from './types';

export function renewalQueryOptions(membershipId: number) {
  return queryOptions({
    queryKey: membershipChangesKeys.renewal(membershipId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: RenewalDetails }>(`api/memberships/${membershipId}/renew`, { signal })).data,
    retry: false,
  });
}

export function useRenewal(membershipId: number, enabled = true) {
  return useQuery({ ...renewalQueryOptions(membershipId), enabled });
}
