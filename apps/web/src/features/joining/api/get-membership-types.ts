import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { joiningKeys } from './keys';
import type { MembershipType } from './types';

/** GET api/memberships/types?venue_id: the membership types on sale at a venue. */
export async function getMembershipTypes(venueId: number): Promise<MembershipType[]> {
  return (await api.get<{ data: MembershipType[] }>('api/memberships/types', { query: { venueId } })).data;
}

/** The key carries the viewer: prices and eligibility differ for a signed-in user. */
export const membershipTypesQueryOptions = (venueId: number, userId: number | null) =>
  queryOptions({
    queryKey: joiningKeys.types(venueId, userId),
    queryFn: () => getMembershipTypes(venueId),
    staleTime: 60_000,
  });

export function useMembershipTypes(venueId: number | undefined, userId: number | null) {
  return useQuery({ ...membershipTypesQueryOptions(venueId ?? 0, userId), enabled: venueId !== undefined });
}
