import type { zPenaltiesResponse } from '@leisure/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { paymentsKeys } from './keys';

export type Penalty = Camel<z.infer<typeof zPenaltiesResponse>['data'][number]>;

/** `GET api/my-account/user/penalties`: the member's unpaid fees. */
export async function getPenalties(): Promise<Penalty[]> {
  return (await api.get<{ data: Penalty[] }>('api/my-account/user/penalties')).data;
}

export const penaltiesQueryOptions = queryOptions({
  queryKey: paymentsKeys.penalties,
  queryFn: getPenalties,
});

export function usePenalties() {
  return useQuery(penaltiesQueryOptions);
}
