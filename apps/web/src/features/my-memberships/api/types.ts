import type {
  CancelMembershipResponse,
  CancelInfo as WireCancelInfo,
  MembershipDocument as WireMembershipDocument,
  MyMembership as WireMyMembership,
  OutstandingPenalty as WireOutstandingPenalty,
} from '@leisure/contract/my-memberships';
import type { Camel } from '../../../shared/api/camel';

/** The contract's shapes (packages/contract/src/my-memberships.ts) as the client returns them. */
export type MyMembership = Camel<WireMyMembership>;
export type MembershipDocument = Camel<WireMembershipDocument>;
export type CancelInfo = Camel<WireCancelInfo>;
export type OutstandingPenalty = Camel<WireOutstandingPenalty>;
export type CancelMembershipResult = Camel<CancelMembershipResponse['data']>;
