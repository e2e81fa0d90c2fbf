import type { WaitlistEntry, zWaitlistJoinRequest } from '@leisure/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { waitlistKey } from '../../../shared/api/query-keys';
import { activitiesKeys } from './keys';

/** `POST api/activities/waitlist` body `{ occurrence_id, selected_user_id }`: join a full class's waitlist. */
export type JoinWaitlistRequest = Camel<z.input<typeof zWaitlistJoinRequest>>;
export type Waitlisting = Camel<WaitlistEntry>;

export async function joinWaitlist(request: JoinWaitlistRequest): Promise<Waitlisting> {
  return (await api.post<{ data: Waitlisting }>('api/activities/waitlist', request)).data;
}

export function useJoinWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWaitlist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: activitiesKeys.all });
      void queryClient.invalidateQueries({ queryKey: waitlistKey });
    },
  });
}
