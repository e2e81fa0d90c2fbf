import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { joiningKeys } from './keys';
import type { AdditionalQuestion } from './types';

/** GET api/custom-questions/memberships/{membershipId}: the additional questions of a membership type. */
export async function getCustomQuestions(membershipId: number): Promise<AdditionalQuestion[]> {
  return (await api.get<{ data: AdditionalQuestion[] }>(`api/custom-questions/memberships/${membershipId}`))
    .data;
}

export const customQuestionsQueryOptions = (membershipId: number) =>
  queryOptions({
    queryKey: joiningKeys.questions(membershipId),
    queryFn: () => getCustomQuestions(membershipId),
    staleTime: 5 * 60_000,
  });

export function useCustomQuestions(membershipId: number | undefined) {
  return useQuery({ ...customQuestionsQueryOptions(membershipId ?? 0), enabled: membershipId !== undefined });
}
