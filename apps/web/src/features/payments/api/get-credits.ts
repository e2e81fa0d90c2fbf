import type { CreditsAdded, zCreditEntry } from '@leisure/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { paymentsKeys } from './keys';

export type CreditEntry = Camel<z.infer<typeof zCreditEntry>>;
export type CreditsAddedView = Camel<CreditsAdded>;

/** `GET api/credits/user`: credit added, with the booking and membership balances. */
export async function getCreditsAdded(): Promise<CreditsAddedView> {
  return (await api.get<{ data: CreditsAddedView }>('api/credits/user')).data;
}

/** `GET api/credits/user/credit-transactions`: credit spent. */
export async function getCreditsSpent(): Promise<CreditEntry[]> {
  return (await api.get<{ data: CreditEntry[] }>('api/credits/user/credit-transactions')).data;
}

export const creditsAddedQueryOptions = queryOptions({
  queryKey: paymentsKeys.creditsAdded,
  queryFn: getCreditsAdded,
});
export const creditsSpentQueryOptions = queryOptions({
  queryKey: paymentsKeys.creditsSpent,
  queryFn: getCreditsSpent,
});

export function useCreditsAdded(enabled = true) {
  return useQuery({ ...creditsAddedQueryOptions, enabled });
}

export function useCreditsSpent(enabled = true) {
  return useQuery({ ...creditsSpentQueryOptions, enabled });
}
