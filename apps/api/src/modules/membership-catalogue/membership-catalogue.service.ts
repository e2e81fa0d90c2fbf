import {
  type CostBreakdown,
  type MembershipType,
  membershipMessages,
  type PaymentOptionPriceQuery,
} from '@leisure/contract/memberships';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MembershipEligibility } from '../../db/schema';
import { AppError } from '../../errors';
import { localDateOf } from '../../lib/dates';
import { instructionFlagsOf } from '../direct-debit/direct-debit.service';
import { getCurrentClient } from '../operator/operator.service';
import {
  findUsablePromotion,
  hasUsablePromotion,
  type PromotionRow,
  pricedPromotion,
} from '../promotions/promotions.service';
import type { Auth } from '../session/session';
import {
  costBreakdown,
  describeOption,
  type PricedChoice,
  pricedOption,
} from './membership-catalogue.presenters';
import {
  findOption,
  findVenueOfClient,
  isTypeSoldAt,
  listLiveMembershipsOfUser,
  listTypeDetailsSoldAt,
  type MembershipRow,
  type MembershipTypeRow,
  type VenueRow,
} from './membership-catalogue.repository';
import { type MembershipPrice, PriceError, priceMembership, startDateBounds } from './pricing';

/**
 * The lookups other modules (joining, the membership lifecycle) make in the catalogue: types,
 * payment options, venues and benefits, and a customer's live memberships.
 */
export {
  type BenefitRow,
  findOption,
  findPaymentOption,
  findType,
  findTypeById,
  findVenueOfClient,
  isTypeSoldAt,
  listBenefitNames,
  listBenefitsOfTypes,
  listLiveMembershipsOfUser,
  type MembershipTypeRow,
  type PaymentOptionRow,
  type VenueRow,
} from './membership-catalogue.repository';

export interface MembershipDeps {
  db: Database;
  config: Config;
}

type UserRow = Auth['user'];

function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Why a customer may not buy a type (null: eligible). Proof documents are asked for after checkout. */
export function ineligibilityReason(
  eligibility: MembershipEligibility | null,
  user: Pick<UserRow, 'dateOfBirth'>,
  onDate: string,
): string | null {
  if (!eligibility || (eligibility.minAge === null && eligibility.maxAge === null)) return null;
  if (!user.dateOfBirth)
    return `Add your date of birth to your details to buy a ${eligibility.name} membership.`;
  const age = ageOn(user.dateOfBirth, onDate);
  const { minAge, maxAge } = eligibility;
  if ((minAge !== null && age < minAge) || (maxAge !== null && age > maxAge)) {
    if (minAge !== null && maxAge !== null)
      return `${eligibility.name} memberships are for ages ${minAge} to ${maxAge}.`;
    if (minAge !== null) return `${eligibility.name} memberships are for ages ${minAge} and over.`;
    return `${eligibility.name} memberships are for ages ${maxAge} and under.`;
  }
  return null;
}

/**
 * The time zone of a membership's dates: its home venue's, or the operator's when it has none
 * (decision 064; the membership lifecycle's `zoneOf` reads the same from its detail row).
 */
export async function membershipTimeZone(
  deps: MembershipDeps,
  membership: { clientId: number; homeVenueId: number | null },
): Promise<string> {
  const venue =
    membership.homeVenueId === null
      ? undefined
      : await findVenueOfClient(deps.db, membership.clientId, membership.homeVenueId);
  return venue?.timezone ?? (await getCurrentClient(deps.db, deps.config)).timezone;
}

async function clientToday(
  deps: MembershipDeps,
  venueId?: number,
): Promise<{ clientId: number; currency: string; today: string; venue: VenueRow | undefined }> {
  const client = await getCurrentClient(deps.db, deps.config);
  const venue = venueId === undefined ? undefined : await findVenueOfClient(deps.db, client.id, venueId);
  return {
    clientId: client.id,
    currency: client.currency,
    today: localDateOf(new Date(), venue?.timezone ?? client.timezone),
    venue,
  };
}

/** What stops a signed-in customer buying a type (null: nothing). */
function purchaseBlock(
  type: MembershipTypeRow,
  user: UserRow | undefined,
  live: MembershipRow[],
  today: string,
): { message: string; hasPrices: boolean } | null {
  if (!user) return null;
  if (ineligibilityReason(type.eligibility, user, today))
    return { message: membershipMessages.notEligible, hasPrices: false };
  const same = live.find((m) => m.membershipTypeId === type.id && m.activatedAt !== null);
  if (same) {
    return {
      message:
        same.status === 'pending' ? membershipMessages.alreadyPending : membershipMessages.alreadyActive,
      hasPrices: true,
    };
  }
  return null;
}

export async function listMembershipTypes(
  deps: MembershipDeps,
  auth: Auth | null,
  venueId: number,
): Promise<MembershipType[]> {
  const { clientId, currency, today, venue } = await clientToday(deps, venueId);
  if (!venue) throw AppError.notFound();
  const user = auth && auth.user.role === 'customer' ? auth.user : undefined;
  const [types, live] = await Promise.all([
    listTypeDetailsSoldAt(deps.db, clientId, venueId),
    user ? listLiveMembershipsOfUser(deps.db, user.id) : Promise.resolve([]),
  ]);
  return types.map(({ type, categories, access, benefits, options }) => {
    const block = purchaseBlock(type, user, live, today);
    const isPurchasable = {
      can_purchase: block === null,
      has_prices: block?.hasPrices ?? true,
      message: block?.message ?? null,
    };
    return {
      id: type.id,
      name: type.name,
      slug: type.slug,
      categories,
      coverage: type.coverage,
      description: type.description,
      eligibility: type.eligibility
        ? {
            name: type.eligibility.name,
            min_age: type.eligibility.minAge,
            max_age: type.eligibility.maxAge,
            requires_document: type.eligibility.requiresDocument,
            document_types: type.eligibility.documentTypes,
          }
        : null,
      benefits: benefits.map((b) => ({
        name: b.name,
        total_uses: b.totalUses,
        frequency: b.frequency,
        description: b.description,
      })),
      provides_access_to: access,
      payment_options: options.map((o) => describeOption(o, today, currency, isPurchasable)),
      is_purchasable: isPurchasable,
    };
  });
}

function incalculable(field: string, reason: string): AppError {
  return AppError.validation(
    { [field]: [reason], incalculablePrice: [membershipMessages.incalculablePrice] },
    membershipMessages.incalculablePrice,
  );
}

export interface PricingInput {
  startDate?: string | undefined;
  billingDay?: number | undefined;
  venueId?: number | undefined;
  promotionId?: number | undefined;
  /** Start-date limits other than joining's (a renewal or a change, issue 5). */
  bounds?: { min: string; max: string } | undefined;
}

/** Prices a choice after checking every input; 422 'Could not calculate price.' when it cannot. */
export async function priceChoice(
  deps: MembershipDeps,
  typeId: number,
  optionId: number,
  input: PricingInput,
  /** The customer's existing billing day (they already pay monthly), else null. */
  existingBillingDay: number | null,
): Promise<PricedChoice> {
  const { clientId, currency, today } = await clientToday(deps, input.venueId);
  const found = await findOption(deps.db, clientId, optionId);
  if (!found || found.type.id !== typeId) throw AppError.notFound(membershipMessages.typeNotFound);
  const { option, type } = found;
  if (input.venueId !== undefined && !(await isTypeSoldAt(deps.db, typeId, input.venueId))) {
    throw incalculable('venue_id', membershipMessages.notAtVenue);
  }
  const startDate = input.startDate ?? today;
  const bounds = input.bounds ?? startDateBounds(today);
  if (startDate < bounds.min) throw incalculable('start_date', membershipMessages.startDatePast);
  if (startDate > bounds.max) throw incalculable('start_date', membershipMessages.startDateTooLate);
  let promotion: PromotionRow | undefined;
  if (input.promotionId !== undefined) {
    promotion = await findUsablePromotion(deps.db, clientId, input.promotionId, option, today);
    if (!promotion) {
      throw incalculable('promotion_code_id', membershipMessages.codeNotRecognised);
    }
  }
  // A customer who already has a billing date keeps it: their billing day is not asked for.
  const billingDay =
    option.paymentType === 'recurring' ? (existingBillingDay ?? input.billingDay) : undefined;
  let price: MembershipPrice;
  try {
    price = priceMembership({
      option: pricedOption(option),
      startDate,
      billingDay,
      promotion: promotion ? pricedPromotion(promotion) : undefined,
    });
  } catch (error) {
    if (error instanceof PriceError) throw incalculable('payment_option_id', error.message);
    throw error;
  }
  const promotionEnabled = await hasUsablePromotion(deps.db, clientId, option, today);
  return { type, option, promotion, price, startDate, currency, clientId, promotionEnabled };
}

async function existingBillingDayOf(deps: MembershipDeps, auth: Auth | null): Promise<number | null> {
  if (auth?.user.role !== 'customer') return null;
  return (await instructionFlagsOf(deps.db, auth.user.id)).billingDay;
}

export async function pricePaymentOption(
  deps: MembershipDeps,
  auth: Auth | null,
  typeId: number,
  optionId: number,
  query: PaymentOptionPriceQuery,
): Promise<CostBreakdown> {
  const choice = await priceChoice(
    deps,
    typeId,
    optionId,
    {
      startDate: query.start_date,
      billingDay: query.billing_day,
      venueId: query.venue_id,
      promotionId: query.promotion_code_id,
    },
    await existingBillingDayOf(deps, auth),
  );
  return costBreakdown(choice);
}
