import type { GuestPassAllowance } from '@leisure/contract/guest-passes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { guestPassesKeys } from './keys';

export type GuestPassAllowanceView = Camel<GuestPassAllowance>;

/** GET api/v1/users/{userId}/guestPasses/allowances: what the member can still send, and where. */
export async function getGuestPassAllowances(
  userId: number,
  signal?: AbortSignal,
): Promise<GuestPassAllowanceView[]> {
  return (
    await api.get<{ data: GuestPassAllowanceView[] }>(`api/v1/users/${userId}/guestPasses/allowances`, {
      signal,
    })
  ).data;
}

export function guestPassAllowancesQueryOptions(userId: number) {
  return queryOptions({
    queryKey: guestPassesKeys.allowances(userId),
    queryFn: ({ signal }) => getGuestPassAllowances(userId, signal),
  });
}

export function useGuestPassAllowances(userId: number | undefined) {
  return useQuery({ ...guestPassAllowancesQueryOptions(userId ?? 0), enabled: userId !== undefined });
}
