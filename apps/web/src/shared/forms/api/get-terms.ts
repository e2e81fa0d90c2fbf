import type { Term } from '@leisure/contract/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { operatorKeys } from '../../api/query-keys';

/** The account (registration) terms: GET api/terms without a cart. */
export async function getTerms(): Promise<Term[]> {
  return (await api.get<{ data: Term[] }>('api/terms')).data;
}

export const termsQueryOptions = queryOptions({
  queryKey: operatorKeys.terms,
  queryFn: getTerms,
  staleTime: 5 * 60_000,
  retry: false,
});

/** The checkout terms of a basket: GET api/terms?cart_id=. */
export async function getCartTerms(cartId: number): Promise<Term[]> {
  return (await api.get<{ data: Term[] }>('api/terms', { query: { cartId } })).data;
}

export function cartTermsQueryOptions(cartId: number) {
  return queryOptions({
    queryKey: operatorKeys.cartTerms(cartId),
    queryFn: () => getCartTerms(cartId),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** The account terms, or with `cartId` a basket's checkout terms. */
export function useTerms(cartId?: number) {
  const account = useQuery({ ...termsQueryOptions, enabled: cartId === undefined });
  const cart = useQuery({ ...cartTermsQueryOptions(cartId ?? 0), enabled: cartId !== undefined });
  return cartId === undefined ? account : cart;
}
