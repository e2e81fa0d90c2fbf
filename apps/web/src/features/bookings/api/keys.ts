import { waitlistKey } from '../../../shared/api/query-keys';

/** Query keys of the customer's bookings; every key starts with 'my-account'. */
export const myBookingsKeys = {
  all: ['my-account', 'bookings'] as const,
  list: (filter: 'future' | 'past', v2: boolean) =>
    ['my-account', 'bookings', filter, v2 ? 'v2' : 'v1'] as const,
  waitlist: waitlistKey,
  bundle: (id: string) => ['my-account', 'bookings', 'bundle', id] as const,
};
