import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { membershipChangesKeys } from './keys';
import type { FreezeTypes } from './types';

export function freezeTypesQueryOptions(membershipId: number) {
  return queryOptions({
    queryKey: membershipChangesKeys.freezeTypes(membershipId),
    queryFn: async ({ signal }) =>
      (
        await api.get<{ data: FreezeTypes }>(`api/my-account/user/memberships/${membershipId}/freezetypes`, {
          signal,
        })
      ).data,
  });
}

export function useFreezeTypes(membershipId: number, enabled = true) {
  return useQuery({ ...freezeTypesQueryOptions(membershipId), enabled });
}
