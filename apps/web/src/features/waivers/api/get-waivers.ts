import type { WaiversResponse } from '@leisure/contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { waiverKeys } from './keys';

export type WaiverGroupView = Camel<WaiversResponse['data'][number]>;
export type WaiverSummary = WaiverGroupView['waivers'][number];

/** `GET api/my-account/user/waivers`: groups by restriction; expired waivers are not listed. */
export async function getWaivers(signal?: AbortSignal): Promise<WaiverGroupView[]> {
  return (await api.get<Camel<WaiversResponse>>('api/my-account/user/waivers', { signal })).data;
}

export const waiversQueryOptions = () =>
  queryOptions({ queryKey: waiverKeys.list(), queryFn: ({ signal }) => getWaivers(signal) });

export function useWaivers() {
  return useQuery(waiversQueryOptions());
}
