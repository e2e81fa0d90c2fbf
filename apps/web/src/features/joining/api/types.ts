import type {
  SubmitMembershipResponse,
  CostBreakdown as WireCostBreakdown,
  MembershipType as WireMembershipType,
  PaymentOption as WirePaymentOption,
  AdditionalQuestion as WireQuestion,
  JoiningVenue as WireVenue,
} from '@leisure/contract/memberships';
import type { Camel } from '../../../shared/api/camel';

/** The contract's membership shapes (packages/contract/src/memberships.ts) as the client returns them. */
export type { PaymentType } from '@leisure/contract/memberships';
export type MembershipType = Camel<WireMembershipType>;
export type PaymentOption = Camel<WirePaymentOption>;
export type JoiningVenue = Camel<WireVenue>;
export type AdditionalQuestion = Camel<WireQuestion>;
export type CostBreakdown = Camel<WireCostBreakdown>;
export type SubmittedMembership = Camel<SubmitMembershipResponse['data']>;
export type QuestionAnswer = string | string[] | boolean;

export interface JoiningTerm {
  id: number;
  title: string;
  html: string;
}

export type MembershipTermsType = 'health_commitment' | 'membership' | 'direct_debit';

/** The cost breakdown's question: a payment option priced for a start date (and billing day, promotion). */
export interface PriceRequest {
  typeId: number;
  optionId: number;
  startDate: string;
  billingDay: number | null;
  venueId: number;
  promotionCodeId: number | null;
}
