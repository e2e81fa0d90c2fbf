import type { GuestPass, GuestPassListResponse } from '@leisure/contract/guest-passes';
import { guestPassPageSize } from '@leisure/contract/guest-passes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { guestPassesKeys } from './keys';

export type GuestPassView = Camel<GuestPass>;
export type GuestPassPage = Camel<GuestPassListResponse>;

/** GET api/v1/users/{userId}/guestPasses?page&per_page=10: one page of the passes the member sent. */
export async function getGuestPasses(
  userId: number,
  page: number,
  signal?: AbortSignal,
): Promise<GuestPassPage> {
  return api.get<GuestPassPage>(`api/v1/users/${userId}/guestPasses`, {
    query: { page, perPage: guestPassPageSize },
    signal,
  });
}

export function guestPassesQueryOptions(userId: number, page: number) {
  return queryOptions({
    queryKey: guestPassesKeys.list(userId, page),
    queryFn: ({ signal }) => getGuestPasses(userId, page, signal),
    // The old page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useGuestPasses(userId: number | undefined, page: number) {
  return useQuery({ ...guestPassesQueryOptions(userId ?? 0, page), enabled: userId !== undefined });
}
