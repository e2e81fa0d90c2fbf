import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { joiningKeys } from './keys';
import type { JoiningVenue } from './types';

/** GET api/online-joining/venues: the venues that sell memberships online, with coordinates. */
export async function getJoiningVenues(): Promise<JoiningVenue[]> {
  return (await api.get<{ data: JoiningVenue[] }>('api/online-joining/venues')).data;
}

export const joiningVenuesQueryOptions = queryOptions({
  queryKey: joiningKeys.venues,
  queryFn: getJoiningVenues,
  staleTime: 5 * 60_000,
});

export function useJoiningVenues() {
  return useQuery(joiningVenuesQueryOptions);
}
