import {
  type ChangeCosts,
  type ChangeMembershipRequest,
  type ChangeMembershipResponse,
  type ChangeOptionsResponse,
  membershipChangeMessages,
} from '@leisure/contract/membership-changes';
import { formatMoney } from '@leisure/contract/money';
import { AppError } from '../../errors';
import { localDateOf } from '../../lib/dates';
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
  listMembershipTypes,
  pricePaymentOption,
} from '../membership-catalogue/membership-catalogue.service';
import { defaultBillingDay, startDateBounds } from '../membership-catalogue/pricing';
import { resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import { answersOf, homeVenueOf } from './membership-lifecycle.presenters';
import type { MembershipRow } from './membership-lifecycle.repository';
import { type MembershipLifecycleDeps, ownMembership } from './membership-lifecycle.service';
import { membershipOptionsFor } from './membership-options';

/** The member's membership that may change now; 404 for anyone else's, 403 with the reason otherwise. */
async function changeableMembership(
  deps: MembershipLifecycleDeps,
  auth: Auth,
  membershipId: number,
  now: Date,
) {
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
  deps: MembershipLifecycleDeps,
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

async function changeTarget(
  deps: MembershipLifecycleDeps,
  membership: MembershipRow,
  paymentOptionId: number,
) {
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
  deps: MembershipLifecycleDeps,
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
  deps: MembershipLifecycleDeps,
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
