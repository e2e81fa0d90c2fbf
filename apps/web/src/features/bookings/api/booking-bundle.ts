import type { BookingBundle, CancelBundleResponse } from '@leisure/contract/bookings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';
import { userQueryKey } from '../../../shared/session/session';
import { myBookingsKeys } from './keys';

export type Bundle = Camel<BookingBundle>;

/** `GET api/v1/activities/bookings/bundles/{id}?cancellation_source=my-account`, answer `{ data }`. */
export async function getBookingBundle(id: string, signal?: AbortSignal): Promise<Bundle> {
  const answer = await api.get<{ data: Bundle }>(
    `api/v1/activities/bookings/bundles/${encodeURIComponent(id)}`,
    { query: { cancellationSource: 'my-account' }, signal },
  );
  return answer.data;
}

export function bookingBundleQueryOptions(id: string) {
  return queryOptions({
    queryKey: myBookingsKeys.bundle(id),
    queryFn: ({ signal }) => getBookingBundle(id, signal),
    retry: false,
  });
}

export function useBookingBundle(id: string) {
  return useQuery(bookingBundleQueryOptions(id));
}

/** `PATCH .../bundles/{id}/cancel?cancellation_source=my-account`; success refetches the bundle. */
export function useCancelBookingBundle(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (
        await api.patch<Camel<CancelBundleResponse>>(
          `api/v1/activities/bookings/bundles/${encodeURIComponent(id)}/cancel`,
          undefined,
          { query: { cancellationSource: 'my-account' } },
        )
      ).credit,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myBookingsKeys.all });
      void invalidateCart(queryClient);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
