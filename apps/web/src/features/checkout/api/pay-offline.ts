import type { CheckoutCompleteResponse, zCheckoutPayRequest } from '@leisure/contract/checkout';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';

/**
 * `POST api/checkout/pay` (front of house): offline tenders (cash, offline-voucher, cheque, credit)
 * that cover the balance exactly -> `{ complete_order_id }`.
 */
export type PayOfflineRequest = Camel<z.input<typeof zCheckoutPayRequest>>;

export function payOffline(request: PayOfflineRequest): Promise<Camel<CheckoutCompleteResponse>> {
  return api.post<Camel<CheckoutCompleteResponse>>('api/checkout/pay', request);
}

export function usePayOffline() {
  return useMutation({ mutationFn: payOffline });
}
