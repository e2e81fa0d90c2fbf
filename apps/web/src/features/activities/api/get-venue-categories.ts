import type { Category } from '@leisure/contract/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { type ApiCall, api } from '../../../shared/api/client';
import { activitiesKeys } from './keys';
import { venuePath } from './paths';

/** `GET api/activities/venue/{venue}/categories`: the root categories (or activities) of a venue. */
export type ActivityCategory = Camel<Category>;

export const venueCategoriesCall = (venue: string): ApiCall => ({ path: `${venuePath(venue)}/categories` });

export function venueCategoriesQueryOptions(venue: string) {
  return queryOptions({
    queryKey: activitiesKeys.categories(venue),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ActivityCategory[] }>(venueCategoriesCall(venue).path, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useVenueCategories(venue: string) {
  return useQuery(venueCategoriesQueryOptions(venue));
}
