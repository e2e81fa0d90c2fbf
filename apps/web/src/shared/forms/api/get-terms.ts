import type { Term } from '@leisure/contract/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** The account (registration) terms: GET api/terms without a cart. */
export async function getTerms(): Promise<Term[]> {
  return (await api.get<{ data: Term[] }>('api/terms')).data;
}

export const termsQueryOptions = queryOptions({
  queryKey: ['operator', 'terms'] as const,
  queryFn: getTerms,
  staleTime: 5 * 60_000,
  retry: false,
});

export function useTerms() {
  return useQuery(termsQueryOptions);
}
