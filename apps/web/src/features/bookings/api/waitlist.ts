import type { MyWaitlistEntry } from '@leisure/contract/bookings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';
import { myBookingsKeys } from './keys';

export type WaitlistEntry = Camel<MyWaitlistEntry>;

/** `GET api/my-account/waitlist`. */
export async function getWaitlist(signal?: AbortSignal): Promise<WaitlistEntry[]> {
  return (await api.get<{ data: WaitlistEntry[] }>('api/my-account/waitlist', { signal })).data;
}

export function waitlistQueryOptions() {
  return queryOptions({
    queryKey: myBookingsKeys.waitlist,
    queryFn: ({ signal }) => getWaitlist(signal),
    staleTime: 30_000,
  });
}

export function useWaitlist(enabled = true) {
  return useQuery({ ...waitlistQueryOptions(), enabled });
}

/** `DELETE api/my-account/waitlist/{id}`: a 200 reloads the waitlist. */
export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (waitlistId: number) => {
      await api.delete<unknown>(`api/my-account/waitlist/${waitlistId}`);
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myBookingsKeys.waitlist });
      // Leaving an offered place gives it up; the basket shows that.
      void invalidateCart(queryClient);
    },
  });
}
