import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { GuestPassView } from './get-guest-passes';
import { guestPassesKeys } from './keys';

/** GET api/v1/users/{userId}/guestPasses/{guestPassId}: one pass the member sent. */
export async function getGuestPass(userId: number, id: number, signal?: AbortSignal): Promise<GuestPassView> {
  return (await api.get<{ data: GuestPassView }>(`api/v1/users/${userId}/guestPasses/${id}`, { signal }))
    .data;
}

export function guestPassQueryOptions(userId: number, id: number) {
  return queryOptions({
    queryKey: guestPassesKeys.detail(userId, id),
    queryFn: ({ signal }) => getGuestPass(userId, id, signal),
  });
}

export function useGuestPass(userId: number | undefined, id: number) {
  return useQuery({
    ...guestPassQueryOptions(userId ?? 0, id),
    enabled: userId !== undefined && Number.isInteger(id) && id > 0,
  });
}
