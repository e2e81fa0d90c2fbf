import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';
import { membershipManagementKeys } from './keys';
import type { CancelMembershipResult } from './types';

/** POST api/memberships/{membershipId}/cancel (200). */
export async function cancelMembership(membershipId: number): Promise<CancelMembershipResult> {
  return (await api.post<{ data: CancelMembershipResult }>(`api/memberships/${membershipId}/cancel`, {}))
    .data;
}

export function useCancelMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelMembership,
    onSuccess: async (result) => {
      // Debts went into the basket: its badge must show them.
      if (result.checkoutRequired) await invalidateCart(queryClient);
      await queryClient.invalidateQueries({ queryKey: membershipManagementKeys.list });
    },
  });
}
