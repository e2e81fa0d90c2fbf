import type { CheckoutPrepareResponse } from '@leisure/contract/checkout';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { checkoutKeys } from './keys';

/**
 * `GET api/checkout/prepare?selected_user_id=&source=` -> `{ payment_provider, data: { amount,
 * currency, requires_payment, frame_url, frame_origin, saved_card, ... } }`: what the page needs to
 * take the payment. Its key starts with the cart's, so every cart change refreshes it.
 */
export type CheckoutPreparation = Camel<CheckoutPrepareResponse>;
export type SavedCard = NonNullable<CheckoutPreparation['data']['savedCard']>;

export function prepareCheckout(selectedUserId: number | null, source: string): Promise<CheckoutPreparation> {
  return api.get<CheckoutPreparation>('api/checkout/prepare', { query: { selectedUserId, source } });
}

export function prepareCheckoutQueryOptions(selectedUserId: number | null, source: string) {
  return queryOptions({
    queryKey: checkoutKeys.prepare(selectedUserId, source),
    queryFn: () => prepareCheckout(selectedUserId, source),
    staleTime: 0,
  });
}

export function usePrepareCheckout(selectedUserId: number | null, source: string, enabled: boolean) {
  return useQuery({ ...prepareCheckoutQueryOptions(selectedUserId, source), enabled });
}
