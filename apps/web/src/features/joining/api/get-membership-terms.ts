import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { joiningKeys } from './keys';
import type { JoiningTerm, MembershipTermsType } from './types';

/** GET api/terms?type=: the health commitment, membership or direct debit terms. */
export async function getMembershipTerms(type: MembershipTermsType): Promise<JoiningTerm[]> {
  return (await api.get<{ data: JoiningTerm[] }>('api/terms', { query: { type } })).data;
}

export const membershipTermsQueryOptions = (type: MembershipTermsType) =>
  queryOptions({
    queryKey: joiningKeys.terms(type),
    queryFn: () => getMembershipTerms(type),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useMembershipTerms(type: MembershipTermsType) {
  return useQuery(membershipTermsQueryOptions(type));
}
