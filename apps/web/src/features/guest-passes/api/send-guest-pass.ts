import type { CreateGuestPassFields } from '@leisure/contract/guest-passes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import type { GuestPassView } from './get-guest-passes';
import { guestPassesKeys } from './keys';

export type SendGuestPassRequest = Camel<CreateGuestPassFields>;

/** POST api/v1/users/{userId}/guestPasses with body `{data: {guest_name, guest_email, venue_id}}`. */
export async function sendGuestPass(userId: number, fields: SendGuestPassRequest): Promise<GuestPassView> {
  return (await api.post<{ data: GuestPassView }>(`api/v1/users/${userId}/guestPasses`, { data: fields }))
    .data;
}

/** Sends a pass; the list and the allowances reload after. */
export function useSendGuestPass(userId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: SendGuestPassRequest) => {
      if (userId === undefined) throw new Error('not signed in');
      return sendGuestPass(userId, fields);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: guestPassesKeys.all }),
  });
}
