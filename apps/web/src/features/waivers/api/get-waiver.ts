import type { WaiverResponse } from '@leisure/contract/documents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { ApiError, api } from '../../../shared/api/client';
import { waiverKeys } from './keys';

export type WaiverView = Camel<WaiverResponse['data']>;

/** `GET api/my-account/user/waivers/{slug}`. */
export async function getWaiver(slug: string, signal?: AbortSignal): Promise<WaiverView> {
  const path = `api/my-account/user/waivers/${encodeURIComponent(slug)}`;
  return (await api.get<Camel<WaiverResponse>>(path, { signal })).data;
}

export const waiverQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: waiverKeys.detail(slug),
    queryFn: ({ signal }) => getWaiver(slug, signal),
    // A 404 is an answer ('Could not find this waiver.'), not a blip worth retrying.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

export function useWaiver(slug: string) {
  return useQuery(waiverQueryOptions(slug));
}
