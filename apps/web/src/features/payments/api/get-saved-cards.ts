import type { SavedCard as WireSavedCard } from '@leisure/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { paymentsKeys } from './keys';

export type SavedCard = Camel<WireSavedCard>;

/** `GET api/my-account/saved-cards`: none or one card. */
export async function getSavedCards(): Promise<SavedCard[]> {
  return (await api.get<{ data: SavedCard[] }>('api/my-account/saved-cards')).data;
}

export const savedCardsQueryOptions = queryOptions({
  queryKey: paymentsKeys.savedCards,
  queryFn: getSavedCards,
});

export function useSavedCards() {
  return useQuery(savedCardsQueryOptions);
}
