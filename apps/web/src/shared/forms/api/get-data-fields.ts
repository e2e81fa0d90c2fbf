import type { OnboardingType } from '@leisure/contract/auth';
import type { DataFieldsResponse } from '@leisure/contract/operator';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Camel } from '../../api/camel';
import { api } from '../../api/client';
import { dataFieldsKeys } from '../../api/query-keys';

/** The data-field form of an onboarding type (sections and checksum), camelCase. */
export type DataFieldFormData = Camel<DataFieldsResponse['data']>;
export type DataFieldSectionData = DataFieldFormData['sections'][number];
export type DataFieldData = DataFieldSectionData['sectionFields'][number];

export async function getDataFields(onboardingType: OnboardingType): Promise<DataFieldFormData> {
  const answer = await api.get<Camel<DataFieldsResponse>>('api/data-fields', {
    query: { onboardingType },
  });
  return answer.data;
}

/**
 * With a session the answers are the user's, so the key carries the user id: one user's answers
 * never show for another (logout also clears every non-auth query).
 */
export const dataFieldsQueryOptions = (onboardingType: OnboardingType, userId: number | null) =>
  queryOptions({
    queryKey: dataFieldsKeys.of(onboardingType, userId),
    queryFn: () => getDataFields(onboardingType),
    // A form being filled in must not be reset by a background refetch.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useDataFields(onboardingType: OnboardingType, userId: number | null) {
  return useQuery(dataFieldsQueryOptions(onboardingType, userId));
}
