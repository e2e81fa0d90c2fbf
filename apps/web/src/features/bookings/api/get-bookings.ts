import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiCall, api } from '../../../shared/api/client';
import { useClient } from '../../../shared/operator/use-client';
import { useSession } from '../../../shared/session/session';
import {
  type BookingView,
  fromBooking,
  fromBookingV2,
  type WireBooking,
  type WireBookingV2,
} from '../lib/booking-view';
import { myBookingsKeys } from './keys';

export type BookingsFilter = 'future' | 'past';

/** `GET api/my-account/bookings?filter=future|past` (activities v2 off). */
export const myBookingsCall = (filter: BookingsFilter): ApiCall => ({
  path: 'api/my-account/bookings',
  query: { filter },
});

export async function getMyBookings(filter: BookingsFilter, signal?: AbortSignal): Promise<BookingView[]> {
  const call = myBookingsCall(filter);
  const answer = await api.get<{ data: WireBooking[] }>(call.path, { query: call.query, signal });
  return answer.data.map(fromBooking);
}

/** `GET api/v1/activities/bookings?user_id&starts_after|starts_before&cancellation_source=my-account` (v2 on). */
export async function getActivityBookings(
  filter: BookingsFilter,
  userId: number,
  signal?: AbortSignal,
): Promise<BookingView[]> {
  const now = new Date().toISOString();
  const answer = await api.get<{ data: WireBookingV2[] }>('api/v1/activities/bookings', {
    query: {
      userId,
      startsAfter: filter === 'future' ? now : undefined,
      startsBefore: filter === 'past' ? now : undefined,
      cancellationSource: 'my-account',
    },
    signal,
  });
  return answer.data.map(fromBookingV2);
}

export function bookingsQueryOptions(filter: BookingsFilter, v2: boolean, userId: number | undefined) {
  return queryOptions({
    queryKey: myBookingsKeys.list(filter, v2),
    queryFn: ({ signal }) =>
      v2 && userId !== undefined
        ? getActivityBookings(filter, userId, signal)
        : getMyBookings(filter, signal),
    staleTime: 30_000,
  });
}

/** The customer's bookings, loaded the way the client's `activitiesV2Enabled` setting says. */
export function useBookings(filter: BookingsFilter, enabled = true) {
  const client = useClient();
  const { user } = useSession();
  const v2 = client.data?.activitiesV2Enabled ?? false;
  return useQuery({
    ...bookingsQueryOptions(filter, v2, user?.id),
    enabled: enabled && client.isSuccess && Boolean(user),
  });
}
