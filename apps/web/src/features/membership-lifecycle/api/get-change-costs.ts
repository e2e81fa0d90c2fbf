import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { membershipChangesKeys } from './keys';
import type { ChangeCosts } from './types';

export function changeCostsQueryOptions(
  membershipId: number,
  paymentOptionId: number,
  startsAt: string,
  billingDay: number | null = null,
) {
  return queryOptions({
    queryKey: [...membershipChangesKeys.changeCosts(membershipId, paymentOptionId, startsAt), billingDay],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: ChangeCosts }>(`api/memberships/${membershipId}/change/${paymentOptionId}`, {
          query: billingDay === null ? { startsAt } : { startsAt, billing_day: billingDay },
          signal,
        })
      ).data,
    retry: false,
  });
}

export function useChangeCosts(
  membershipId: number,
  paymentOptionId: number | null,
  startsAt: string,
  billingDay: number | null = null,
) {
  return useQuery({
    ...changeCostsQueryOptions(membershipId, paymentOptionId ?? 0, startsAt, billingDay),
    enabled: paymentOptionId !== null,
  });
}
