import type { MemberPackage } from '@leisure/contract/guest-passes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { guestPassesKeys } from './keys';

export type MemberPackageView = Camel<MemberPackage>;

/** GET api/my-account/user/packages: the packages the member owns. */
export async function getPackages(signal?: AbortSignal): Promise<MemberPackageView[]> {
  return (await api.get<{ data: MemberPackageView[] }>('api/my-account/user/packages', { signal })).data;
}

export const packagesQueryOptions = queryOptions({
  queryKey: guestPassesKeys.packages,
  queryFn: ({ signal }) => getPackages(signal),
});

export function usePackages() {
  return useQuery(packagesQueryOptions);
}
