import type { zCustomerSearchResponse } from '@leisure/contract/cart';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { basketKeys } from './keys';

/** `GET api/foh/customers?q=` (front of house): customers by name, email or reference; 2+ characters. */
export type CustomerSearchAnswer = Camel<z.infer<typeof zCustomerSearchResponse>>;

export const customerSearchMinLength = 2;

export function searchCustomers(q: string, signal?: AbortSignal): Promise<CustomerSearchAnswer> {
  return api.get<CustomerSearchAnswer>('api/foh/customers', { query: { q }, signal });
}

export function customerSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: basketKeys.customers(q),
    queryFn: ({ signal }) => searchCustomers(q, signal),
    staleTime: 30_000,
  });
}

export function useCustomerSearch(q: string) {
  const term = q.trim();
  return useQuery({
    ...customerSearchQueryOptions(term),
    enabled: term.length >= customerSearchMinLength,
    placeholderData: keepPreviousData,
  });
}
