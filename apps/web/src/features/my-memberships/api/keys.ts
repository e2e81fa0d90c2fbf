import { membershipsKey } from '../../../shared/api/query-keys';

/** Query keys of the member's memberships: under the memberships key, so a freeze, renewal or cancellation reloads them. */
export const membershipManagementKeys = {
  list: [...membershipsKey, 'list'] as const,
  cancelInfo: (membershipId: number) => [...membershipsKey, membershipId, 'cancel'] as const,
};
