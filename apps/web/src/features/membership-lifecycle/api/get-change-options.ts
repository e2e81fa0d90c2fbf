import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { membershipChangesKeys } from './keys';
import type { ChangeOptions } from './types';

export function changeOptionsQueryOptions(membershipId: number) {
  return queryOptions({
    queryKey: membershipChangesKeys.change(membershipId),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ChangeOptions }>(`api/memberships/${membershipId}/change`, { signal })).data,
    retry: false,
  });
}

export function useChangeOptions(membershipId: number, enabled = true) {
  return useQuery({ ...changeOptionsQueryOptions(membershipId), enabled });
}
