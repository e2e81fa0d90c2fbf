import {
  type ChangeCosts,
  type ChangeMembershipRequest,
  type ChangeMembershipResponse,
  type ChangeOptionsResponse,
  membershipChangeMessages,
  type RenewalDetails,
  type RenewResponse,
} from '@leisure/contract/membership-changes';
import type { Answer } from '@leisure/contract/memberships';
import { formatMoney } from '@leisure/contract/money';
import { AppError } from '../../errors';
import { addDays, localDateOf } from '../../lib/dates';
import { billingTimeZone } from '../direct-debit/collections.service';
import { instructionFlagsOf } from '../direct-debit/direct-debit.service';
import { submitNewMembership } from '../joining/joining.service';
import { money } from '../membership-catalogue/membership-catalogue.presenters';
import {
  findOption,
  findPaymentOption,
  findTypeById,
  findVenueOfClient,
  isTypeSoldAt,
  listBenefitNames,
  listMembershipTypes,
  pricePaymentOption,
  type VenueRow,
} from '../membership-catalogue/membership-catalogue.service';
import {
  defaultBillingDay,
  prettyDate,
  priceMembership,
  startDateBounds,
} from '../membership-catalogue/pricing';
import { resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import { type FreezeDeps, ownMembership } from './freezes.service';
import type { MembershipRow } from './membership-changes.repository';
import { membershipOptionsFor } from './membership-options';

export type ChangeDeps = FreezeDeps;

function homeVenueOf(venue: VenueRow) {
  return {
    id: venue.id,
    name: venue.name,
    slug: venue.slug,
    can_display_ineligible_memberships: venue.canDisplayIneligibleMemberships,
  };
}

function membershipReference(id: number): string {
  return `MEM-${String(id).padStart(6, '0')}`;
}

function answersOf(membership: MembershipRow): Answer[] {
  return membership.answers.map((a) => ({ question_id: a.questionId, answer: a.answer }) as Answer);
}

/** Re-labels the submit service's field errors: the renew modal shows them under `membership`. */
function asMembershipError(error: unknown): never {
  if (error instanceof AppError && error.status === 422) {
    const messages = Object.values(error.errors ?? {}).flat();
    throw AppError.validation({ membership: messages.length ? messages : [error.message] }, error.message);
  }
  throw error;
}

// ---- Renewal ----------------------------------------------------------------------------------------------

async function renewalPlan(deps: ChangeDeps, auth: Auth, membershipId: number, now: Date) {
  const membership = await ownMembership(deps, auth, membershipId);
  const [type, option, venue, options] = await Promise.all([
    findTypeById(deps.db, membership.membershipTypeId),
    findPaymentOption(deps.db, membership.paymentOptionId),
    findVenueOfClient(deps.db, membership.clientId, membership.homeVenueId),
    membershipOptionsFor(deps.db, [membership], now),
  ]);
  if (!type || !option || !venue) throw AppError.notFound();
  const flags = options.get(membership.id);
  const today = localDateOf(now, venue.timezone);
  // Starts the day after the current one ends; an ended one renews from today.
  const dayAfter = membership.endDate ? addDays(membership.endDate, 1) : today;
  const startDate = dayAfter < today ? today : dayAfter;
  return { membership, type, option, venue, flags, startDate };
}

/** GET api/memberships/{id}/renew: the Renewal details (my-account.md 3). */
export async function getRenewalDetails(
  deps: ChangeDeps,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<RenewalDetails> {
  const { membership, type, option, venue, flags, startDate } = await renewalPlan(
    deps,
    auth,
    membershipId,
    now,
  );
  const currency = membership.currency;
  const canRenew = flags?.canRenew ?? false;
  const listed = (await listMembershipTypes(deps, auth, venue.id)).find((t) => t.id === type.id);
  // The renew page's flow offers just the renewed option, purchasable when renewal is open.
  const membershipType = listed
    ? {
        ...listed,
        payment_options: listed.payment_options
          .filter((o) => o.id === option.id)
          .map((o) => ({
            ...o,
            is_purchasable: {
              can_purchase: canRenew,
              has_prices: true,
              message: canRenew ? null : (flags?.renewForbidReason ?? null),
            },
          })),
        is_purchasable: {
          can_purchase: canRenew,
          has_prices: true,
          message: canRenew ? null : (flags?.renewForbidReason ?? null),
        },
      }
    : null;
  const priced =
    option.paymentType === 'fixed'
      ? priceMembership({
          option: {
            paymentType: 'fixed',
            baseFee: option.baseFee,
            joiningFee: option.joiningFee,
            monthInHand: option.monthInHand,
            fixedDuration: option.fixedDuration,
            fixedPeriod: option.fixedPeriod,
          },
          startDate,
        })
      : null;
  const endDate = priced?.endDate ?? startDate;
  const period = option.fixedPeriod ?? 'month';
  const count = option.fixedDuration ?? 1;
  return {
    id: membership.id,
    name: type.name,
    reference: membershipReference(membership.id),
    access: type.coverage === 'national' ? 'National' : type.coverage,
    duration: `${count} ${period}${count === 1 ? '' : 's'}`,
    price: money(option.baseFee, currency),
    joining_fee: option.joiningFee > 0 ? money(option.joiningFee, currency) : null,
    start_date: { raw: startDate, full_date_pretty: prettyDate(startDate) },
    end_date: { raw: endDate, full_date_pretty: prettyDate(endDate) },
    benefits: await listBenefitNames(deps.db, type.id),
    description: type.description,
    total_cost: money(priced?.totalToPayNow ?? option.baseFee + option.joiningFee, currency),
    can_renew: canRenew,
    renew_forbid_reason: flags?.renewForbidReason ?? null,
    slug: type.slug,
    payment_option_id: option.id,
    payment_type: option.paymentType,
    home_venue: homeVenueOf(venue),
    membership_type: membershipType,
  };
}

/**
 * POST api/memberships/{id}/renew: a pending membership of the same type and option, starting the
 * day after this one ends, goes in the basket through the joining submit service (one live renewal
 * per membership: a second click replaces the unpaid first; the unique index stops a race).
 */
export async function renewMembership(
  deps: ChangeDeps,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<RenewResponse['data']> {
  const { membership, flags, startDate } = await renewalPlan(deps, auth, membershipId, now);
  if (!flags?.canRenew) {
    throw AppError.validation({
      membership: [flags?.renewForbidReason ?? membershipChangeMessages.renewFailed],
    });
  }
  try {
    const acting = await resolveActing(deps, auth, undefined);
    const submitted = await submitNewMembership(
      deps,
      acting,
      {
        membership_type_id: membership.membershipTypeId,
        payment_option_id: membership.paymentOptionId,
        home_venue_id: membership.homeVenueId,
        start_date: startDate,
        answers: answersOf(membership),
        terms: membership.acceptedTermIds,
      },
      {
        kind: 'renews',
        membership,
        startDateBounds: { min: startDate, max: startDate },
        termsInherited: true,
      },
    );
    return { membership_id: submitted.membership.id, cart: submitted.cart, cart_item_id: submitted.itemId };
  } catch (error) {
    asMembershipError(error);
  }
}

// ---- Change -----------------------------------------------------------------------------------------------

/** The member's membership that may change now; 404 for anyone else's, 403 with the reason otherwise. */
async function changeableMembership(deps: ChangeDeps, auth: Auth, membershipId: number, now: Date) {
  const membership = await ownMembership(deps, auth, membershipId);
  const flags = (await membershipOptionsFor(deps.db, [membership], now)).get(membership.id);
  if (!flags?.canChange) throw new AppError('forbidden', flags?.cannotChangeReason ?? undefined);
  const venue = await findVenueOfClient(deps.db, membership.clientId, membership.homeVenueId);
  if (!venue) throw AppError.notFound();
  const today = localDateOf(now, venue.timezone ?? billingTimeZone);
  return { membership, venue, bounds: startDateBounds(today) };
}

/** GET api/memberships/{id}/change */
export async function getChangeOptions(
  deps: ChangeDeps,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<ChangeOptionsResponse['data']> {
  const { membership, venue, bounds } = await changeableMembership(deps, auth, membershipId, now);
  const type = await findTypeById(deps.db, membership.membershipTypeId);
  const types = await listMembershipTypes(deps, auth, venue.id);
  return {
    membership_id: membership.id,
    current: {
      membership_type_id: membership.membershipTypeId,
      payment_option_id: membership.paymentOptionId,
      name: type?.name ?? '',
    },
    home_venue: homeVenueOf(venue),
    membership_types: types.map((t) => {
      // The joining list calls the member's own type 'already active'; a change may move to its
      // other payment options (never to the current one).
      const own = t.id === membership.membershipTypeId && t.is_purchasable.has_prices;
      const purchasable = own ? { can_purchase: true, has_prices: true, message: null } : t.is_purchasable;
      return {
        ...t,
        is_purchasable: purchasable,
        payment_options: t.payment_options.map((o) =>
          o.id === membership.paymentOptionId
            ? {
                ...o,
                is_purchasable: {
                  can_purchase: false,
                  has_prices: true,
                  message: membershipChangeMessages.sameOption,
                },
              }
            : own
              ? { ...o, is_purchasable: purchasable }
              : o,
        ),
      };
    }),
    starts_at: bounds,
  };
}

async function changeTarget(deps: ChangeDeps, membership: MembershipRow, paymentOptionId: number) {
  const found = await findOption(deps.db, membership.clientId, paymentOptionId);
  if (!found?.option.active || !(await isTypeSoldAt(deps.db, found.type.id, membership.homeVenueId))) {
    throw AppError.validation({ payment_option_id: [membershipChangeMessages.optionNotOffered] });
  }
  if (found.option.id === membership.paymentOptionId) {
    throw AppError.validation({ payment_option_id: [membershipChangeMessages.sameOption] });
  }
  return found;
}

function checkStartsAt(startsAt: string, bounds: { min: string; max: string }): void {
  if (startsAt < bounds.min || startsAt > bounds.max) {
    throw AppError.validation({
      starts_at: [
        membershipChangeMessages.startsAtOutOfRange.replace('{min}', bounds.min).replace('{max}', bounds.max),
      ],
    });
  }
}

/** GET api/memberships/{id}/change/{paymentOptionId}?startsAt: the change costs. */
export async function getChangeCosts(
  deps: ChangeDeps,
  auth: Auth,
  membershipId: number,
  paymentOptionId: number,
  startsAt: string | undefined,
  now = new Date(),
): Promise<ChangeCosts> {
  const { membership, venue, bounds } = await changeableMembership(deps, auth, membershipId, now);
  const target = await changeTarget(deps, membership, paymentOptionId);
  const start = startsAt ?? bounds.min;
  checkStartsAt(start, bounds);
  const costs = await pricePaymentOption(deps, auth, target.type.id, target.option.id, {
    start_date: start,
    venue_id: venue.id,
  });
  const old = await findPaymentOption(deps.db, membership.paymentOptionId);
  const currency = membership.currency;
  const fees = costs.fees.joining_fee.raw - costs.fees.discount.raw;
  const monthInHand = costs.total_to_pay_now.raw - fees;
  const difference = target.option.baseFee - (old?.baseFee ?? 0);
  const per = target.option.paymentType === 'recurring' && old?.paymentType === 'recurring' ? ' a month' : '';
  const text =
    difference === 0
      ? 'The same price as your current membership'
      : `${formatMoney(Math.abs(difference), currency)}${per} ${difference > 0 ? 'more' : 'less'} than your current membership`;
  return {
    costs: {
      total_due_now: costs.total_to_pay_now,
      composition: { month_in_hand: money(monthInHand, currency), fees: money(fees, currency) },
    },
    new_membership_price: costs.global_base_price,
    difference_to_old_membership: { amount: money(difference, currency), text },
    starts_at: bounds,
  };
}

/**
 * POST api/memberships/{id}/change: the new membership, priced by pricing.ts, goes in the basket
 * through the joining submit service; once paid the old one ends the day before it starts and its
 * collections move to the new one on the same instruction (memberships.service, activation).
 */
export async function changeMembership(
  deps: ChangeDeps,
  auth: Auth,
  membershipId: number,
  request: ChangeMembershipRequest,
  now = new Date(),
): Promise<ChangeMembershipResponse['data']> {
  const { membership, venue, bounds } = await changeableMembership(deps, auth, membershipId, now);
  const target = await changeTarget(deps, membership, request.payment_option_id);
  checkStartsAt(request.starts_at, bounds);
  const flags = await instructionFlagsOf(deps.db, auth.user.id);
  const acting = await resolveActing(deps, auth, undefined);
  const submitted = await submitNewMembership(
    deps,
    acting,
    {
      membership_type_id: target.type.id,
      payment_option_id: target.option.id,
      home_venue_id: venue.id,
      start_date: request.starts_at,
      ...(target.option.paymentType === 'recurring' && !flags.hasBillingDate
        ? { billing_day: request.billing_day ?? defaultBillingDay(request.starts_at) }
        : {}),
      ...(request.direct_debit ? { direct_debit: request.direct_debit } : {}),
      answers: target.type.id === membership.membershipTypeId ? answersOf(membership) : [],
      terms: membership.acceptedTermIds,
    },
    { kind: 'replaces', membership, startDateBounds: bounds, termsInherited: true },
  );
  return { membership_id: submitted.membership.id, order_id: null, cart_item_id: submitted.itemId };
}
