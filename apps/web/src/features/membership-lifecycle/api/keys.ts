import { membershipsKey } from '../../../shared/api/query-keys';

/** Query keys of a membership's freeze, renewal and change; a freeze invalidates every membership key. */
export const membershipChangesKeys = {
  all: membershipsKey,
  change: (membershipId: number) => [...membershipsKey, membershipId, 'change'] as const,
  changeCosts: (membershipId: number, paymentOptionId: number, startsAt: string) =>
    [...membershipsKey, membershipId, 'change', paymentOptionId, startsAt] as const,
  freezeTypes: (membershipId: number) => [...membershipsKey, membershipId, 'freeze-types'] as const,
  renewal: (membershipId: number) => [...membershipsKey, membershipId, 'renewal'] as const,
};
