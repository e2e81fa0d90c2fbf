import type { CancelBookingsResponse, CancelBookingV2Response } from '@leisure/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { invalidateCart } from '../../../shared/cart/cart-query';
import { useClient } from '../../../shared/operator/use-client';
import { userQueryKey } from '../../../shared/session/session';
import { myBookingsKeys } from './keys';

export type CreditAwarded = Camel<CancelBookingsResponse['credit']>;

/** `PATCH api/v1/activities/bookings` body `{ data: { cancellation_source, update_type, booking_ids } }` (v1). */
export async function cancelBookingV1(bookingId: number): Promise<CreditAwarded> {
  const answer = await api.patch<Camel<CancelBookingsResponse>>('api/v1/activities/bookings', {
    data: { cancellationSource: 'my-account', updateType: 'cancellation', bookingIds: [bookingId] },
  });
  return answer.credit;
}

/** `DELETE api/activities/bookings/{id}/?source=my-account` (v2). */
export async function cancelBookingV2(bookingId: number): Promise<CreditAwarded> {
  const answer = await api.delete<Camel<CancelBookingV2Response>>(`api/activities/bookings/${bookingId}/`, {
    query: { source: 'my-account' },
  });
  return answer.credit;
}

/**
 * Cancels one booking through v1 or v2 (the `activitiesV2Enabled` setting). Afterwards the lists,
 * the basket (a freed place may be offered from a waitlist) and the user's credit balance reload.
 */
export function useCancelBooking() {
  const queryClient = useQueryClient();
  const v2 = useClient().data?.activitiesV2Enabled ?? false;
  return useMutation({
    mutationFn: (bookingId: number) => (v2 ? cancelBookingV2(bookingId) : cancelBookingV1(bookingId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: myBookingsKeys.all });
      void invalidateCart(queryClient);
      void queryClient.invalidateQueries({ queryKey: userQueryKey });
    },
  });
}
