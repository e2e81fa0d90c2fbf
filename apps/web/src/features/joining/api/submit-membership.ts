import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';
import type { QuestionAnswer, SubmittedMembership } from './types';

export interface MembershipDetails {
  membershipTypeId: number;
  paymentOptionId: number;
  homeVenueId: number;
  startDate: string;
  billingDay: number | null;
  promotionCodeId: number | null;
  answers: { questionId: number; answer: QuestionAnswer | null }[];
  /** Ids of the accepted health commitment and membership terms. */
  terms: number[];
  directDebit?: { token: string };
}

/** POST api/online-joining/memberships: creates the pending membership and its basket item. */
export async function submitMembership(details: MembershipDetails): Promise<SubmittedMembership> {
  return (await api.post<{ data: SubmittedMembership }>('api/online-joining/memberships', details)).data;
}

export function useSubmitMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMembership,
    onSuccess: () => invalidateCart(queryClient),
  });
}
