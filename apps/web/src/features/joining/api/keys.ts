import { membershipsKey, operatorKeys } from '../../../shared/api/query-keys';
import type { MembershipTermsType, PriceRequest } from './types';

/** Query keys of the joining flow. Membership terms are the operator's (kept at logout). */
export const joiningKeys = {
  venues: ['online-joining', 'venues'] as const,
  /** The key carries the viewer: prices and eligibility differ for a signed-in user. */
  types: (venueId: number, userId: number | null) => [...membershipsKey, 'types', venueId, userId] as const,
  price: (request: PriceRequest) => [...membershipsKey, 'price', request] as const,
  questions: (membershipId: number) => [...membershipsKey, 'questions', membershipId] as const,
  terms: (type: MembershipTermsType) => [...operatorKeys.terms, type] as const,
};
