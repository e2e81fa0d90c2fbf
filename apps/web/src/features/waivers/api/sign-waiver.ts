import type { WaiverResponse } from '@leisure/contract/documents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import type { WaiverView } from './get-waiver';
import { waiverKeys } from './keys';

export interface SignWaiverInput {
  slug: string;
  /** By question reference: an answer id (radio) or the text. */
  answers: Record<string, string>;
}

/** `POST api/my-account/user/waivers/{slug}/sign` ("I agree"). */
export async function signWaiver({ slug, answers }: SignWaiverInput): Promise<WaiverView> {
  const path = `api/my-account/user/waivers/${encodeURIComponent(slug)}/sign`;
  // References are snake_case already, so the client's key conversion leaves them as they are.
  const answer = await api.post<Camel<WaiverResponse>>(path, { answers });
  return answer.data;
}

export function useSignWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signWaiver,
    onSuccess: (waiver) => {
      queryClient.setQueryData(waiverKeys.detail(waiver.slug), waiver);
      return queryClient.invalidateQueries({ queryKey: waiverKeys.list() });
    },
  });
}
