import type {
  FreezeType as WireFreezeType,
  MembershipFreeze as WireMembershipFreeze,
} from '@leisure/contract/freezes';
import type {
  ChangeMembershipResponse,
  ChangeOptionsResponse,
  ChangeCosts as WireChangeCosts,
  RenewalDetails as WireRenewalDetails,
} from '@leisure/contract/membership-lifecycle';
import type { MyMembership as WireMyMembership } from '@leisure/contract/my-memberships';
import type { Camel } from '../../../shared/api/camel';

/** The client camel-cases every answer (DESIGN.md "Wire format"). */
export type MyMembership = Camel<WireMyMembership>;
export type FreezeType = Camel<WireFreezeType>;
export type MembershipFreeze = Camel<WireMembershipFreeze>;
export type RenewalDetails = Camel<WireRenewalDetails>;
export type ChangeOptions = Camel<ChangeOptionsResponse['data']>;
export type ChangeCosts = Camel<WireChangeCosts>;
export type ChangeResult = Camel<ChangeMembershipResponse['data']>;
export interface FreezeTypes {
  freezeTypes: FreezeType[];
  minFreezeStartDate: string;
  maxFreezeStartDate: string;
}
