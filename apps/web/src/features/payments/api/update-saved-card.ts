import type { SavedCardUpdateRequest } from '@leisure/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import type { SavedCard } from './get-saved-cards';
import { paymentsKeys } from './keys';

/**
 * `PUT api/my-account/saved-cards/{id}/update`: billing details only. The body is sent with its
 * wire names (`address_line_1` does not survive a camelCase round trip).
 */
export async function updateSavedCard(input: {
  id: number;
  billing: SavedCardUpdateRequest;
}): Promise<SavedCard> {
  return (await api.put<{ data: SavedCard }>(`api/my-account/saved-cards/${input.id}/update`, input.billing))
    .data;
}

export function useUpdateSavedCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSavedCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: paymentsKeys.savedCards }),
  });
}
