import type { WaitlistEntry } from '@leisure/contract/cart';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';
import { waitlistKey } from '../../../shared/api/query-keys';
import { withQuery } from '../../../shared/links/links';
import { activitiesKeys } from './keys';

export interface LeaveWaitlistRequest {
  waitlistId: number;
  /** Front-of-house: the customer whose entry it is. */
  selectedUserId?: number | null | undefined;
}

/** `DELETE api/activities/waitlist/{id}[?selected_user_id]`: leave a class's waitlist. */
export async function leaveWaitlist({
  waitlistId,
  selectedUserId,
}: LeaveWaitlistRequest): Promise<Camel<WaitlistEntry>> {
  const path = withQuery(`api/activities/waitlist/${waitlistId}`, { selected_user_id: selectedUserId });
  return (await api.delete<{ data: Camel<WaitlistEntry> }>(path)).data;
}

export function useLeaveWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveWaitlist,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: activitiesKeys.all });
      void queryClient.invalidateQueries({ queryKey: waitlistKey });
    },
  });
}
