import type { CheckoutCompleteResponse, zCheckoutCompleteRequest } from '@leisure/contract/checkout';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';

/**
 * `POST api/checkout/complete` body `{ completed_waivers, payments, item_hash, selected_user_id,
 * source, terms, card: { token, save_card, billing } | saved_card: true }` -> `{ complete_order_id }`.
 * The card token comes from the provider's frame; our page never holds a card number.
 */
export type CompleteCheckoutRequest = Camel<z.input<typeof zCheckoutCompleteRequest>>;
export type CompleteCheckoutAnswer = Camel<CheckoutCompleteResponse>;

export function completeCheckout(request: CompleteCheckoutRequest): Promise<CompleteCheckoutAnswer> {
  // The client's camelCase -> snake_case turns `addressLine1` into `address_line1`; the wire name
  // is `address_line_1`, so that one key is sent already in wire form (snake keys pass unchanged).
  const body = request.card
    ? (() => {
        const { addressLine1, ...billing } = request.card.billing;
        return {
          ...request,
          card: { ...request.card, billing: { ...billing, address_line_1: addressLine1 } },
        };
      })()
    : request;
  return api.post<CompleteCheckoutAnswer>('api/checkout/complete', body);
}

export function useCompleteCheckout() {
  return useMutation({ mutationFn: completeCheckout });
}
