import type { Client } from '@leisure/contract/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../api/camel';
import { api } from '../api/client';
import { operatorKeys } from '../api/query-keys';

/** The operator (client) and its settings: feature gates, kiosk home, sub-site URLs. */
export type ClientSettings = Camel<Client>;

export const clientQueryOptions = queryOptions({
  queryKey: operatorKeys.client,
  queryFn: async () => (await api.get<{ data: ClientSettings }>('api/client')).data,
  staleTime: 5 * 60_000,
});

export function useClient() {
  return useQuery(clientQueryOptions);
}
