import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { paymentsKeys } from './keys';

/** `DELETE api/my-account/saved-cards/{id}/remove`. */
export async function removeSavedCard(id: number): Promise<void> {
  await api.delete<{ message: string }>(`api/my-account/saved-cards/${id}/remove`);
}

export function useRemoveSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeSavedCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.savedCards }),
  });
}
