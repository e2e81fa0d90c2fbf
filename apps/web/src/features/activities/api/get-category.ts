import type { CategoryDetail } from '@leisure/contract/activities';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { type ApiCall, api } from '../../../shared/api/client';
import { activitiesKeys } from './keys';
import { venuePath } from './paths';

/**
 * `GET api/activities/venue/{venue}/categories/{slug}`: a category with its children, or an
 * activity (`type: 'activity'`, no children, the locations it runs in).
 */
export type ActivityCategoryDetail = Camel<CategoryDetail>;

export const categoryCall = (venue: string, slug: string): ApiCall => ({
  path: `${venuePath(venue)}/categories/${encodeURIComponent(slug)}`,
});

export function categoryQueryOptions(venue: string, slug: string) {
  return queryOptions({
    queryKey: activitiesKeys.category(venue, slug),
    queryFn: async ({ signal }) =>
      (await api.get<{ data: ActivityCategoryDetail }>(categoryCall(venue, slug).path, { signal })).data,
    staleTime: 5 * 60_000,
  });
}

export function useCategory(venue: string, slug: string) {
  return useQuery(categoryQueryOptions(venue, slug));
}
