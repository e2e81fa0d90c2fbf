import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';
import type { ChangeResult } from './types';

export interface ChangeRequest {
  membershipId: number;
  startsAt: string;
  paymentOptionId: number;
  billingDay?: number | null;
  directDebit?: { token: string };
}

/** POST api/memberships/{id}/change: an order id (nothing due) or a basket item. */
export async function changeMembership({ membershipId, ...body }: ChangeRequest): Promise<ChangeResult> {
  const payload = {
    startsAt: body.startsAt,
    paymentOptionId: body.paymentOptionId,
    ...(body.billingDay ? { billingDay: body.billingDay } : {}),
    ...(body.directDebit ? { directDebit: body.directDebit } : {}),
  };
  return (await api.post<{ data: ChangeResult }>(`api/memberships/${membershipId}/change`, payload)).data;
}

export function useChangeMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeMembership,
    onSuccess: () => invalidateCart(queryClient),
  });
}
