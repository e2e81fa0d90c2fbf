import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { RenewalDetails } from './types';

export function renewalQueryOptions(membershipId: number) {
  return queryOptions({
    queryKey: ['memberships', membershipId, 'renewal'],
    queryFn: async ({ signal }) =>
      (await api.get<{ data: RenewalDetails }>(`api/memberships/${membershipId}/renew`, { signal })).data,
    retry: false,
  });
}

export function useRenewal(membershipId: number, enabled = true) {
  return useQuery({ ...renewalQueryOptions(membershipId), enabled });
}
