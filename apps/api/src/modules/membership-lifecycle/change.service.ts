import {
  type ChangeCosts,
  type ChangeMembershipRequest,
  type ChangeMembershipResponse,
  type ChangeOptionsResponse,
  membershipChangeMessages,
} from '@leisure/contract/membership-lifecycle';
import { formatMoney } from '@leisure/contract/money';
import { AppError } from '../../errors';
import { addDays, fullDate, localDateOf } from '../../lib/dates';
import { instructionFlagsOf, nextCollectionDates } from '../direct-debit/direct-debit.service';
import { submitNewMembership } from '../joining/joining.service';
import { type ChangePrice, changeStartBounds, priceChange } from '../membership-catalogue/change-pricing';
import { money, pricedOption } from '../membership-catalogue/membership-catalogue.presenters';
import {
  findOption,
  findPaymentOption,
  findTypeById,
  findVenueOfClient,
  isTypeSoldAt,
  listMembershipTypes,
  type PaymentOptionRow,
} from '../membership-catalogue/membership-catalogue.service';
import { defaultBillingDay, PriceError, prettyDate } from '../membership-catalogue/pricing';
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
  const today = localDateOf(now, venue.timezone);
  const current = await findPaymentOption(deps.db, membership.paymentOptionId);
  if (!current) throw AppError.notFound();
  const paidUntil = await paidUntilOf(deps, membership, current);
  return { membership, venue, current, paidUntil, bounds: changeStartBounds(today, paidUntil) };
}

/**
 * The first day the membership is not paid for: its next collection not yet taken (monthly; the
 * first billing date while none is scheduled), or the day after its end (single payment).
 */
async function paidUntilOf(
  deps: MembershipLifecycleDeps,
  membership: MembershipRow,
  option: PaymentOptionRow,
): Promise<string> {
  if (option.paymentType === 'fixed') return addDays(membership.endDate ?? membership.startDate, 1);
  const [next] = await nextCollectionDates(deps.db, [membership.id]);
  return next?.chargeDate ?? membership.firstBillingDate ?? membership.startDate;
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

/** The change priced by docs/decisions/019 for a start date and the member's billing day. */
async function priceTheChange(
  deps: MembershipLifecycleDeps,
  changeable: Awaited<ReturnType<typeof changeableMembership>>,
  target: Awaited<ReturnType<typeof changeTarget>>,
  startsAt: string,
  billingDay: number | undefined,
): Promise<ChangePrice> {
  const { membership, current, paidUntil } = changeable;
  // A member who pays monthly keeps their billing day; otherwise the one chosen, or the start's day.
  const flags = await instructionFlagsOf(deps.db, membership.userId);
  const day =
    target.option.paymentType === 'recurring'
      ? (flags.billingDay ?? billingDay ?? defaultBillingDay(startsAt))
      : undefined;
  try {
    return priceChange({
      old: {
        option: pricedOption(current),
        startDate: membership.startDate,
        billingDay: membership.billingDay,
        endDate: membership.endDate,
        paidUntil,
      },
      option: pricedOption(target.option),
      changeFee: target.option.changeFee,
      startDate: startsAt,
      billingDay: day,
    });
  } catch (error) {
    if (error instanceof PriceError) {
      throw AppError.validation({ payment_option_id: [error.message] }, 'Could not calculate price.');
    }
    throw error;
  }
}

function differenceText(price: ChangePrice, currency: string): string {
  if (!price.paidPeriod) return 'Nothing is paid on your current membership beyond the change';
  const period = `${fullDate(price.paidPeriod.from)} to ${fullDate(addDays(price.paidPeriod.until, -1))}`;
  if (price.difference === 0) return `The same as you have paid for ${period}`;
  return `${formatMoney(Math.abs(price.difference), currency)} ${price.difference > 0 ? 'more' : 'less'} than you have paid for ${period}`;
}

/** GET api/memberships/{id}/change/{paymentOptionId}?startsAt: the change costs. */
export async function getChangeCosts(
  deps: MembershipLifecycleDeps,
  auth: Auth,
  membershipId: number,
  paymentOptionId: number,
  startsAt: string | undefined,
  now = new Date(),
  billingDay?: number,
): Promise<ChangeCosts> {
  const changeable = await changeableMembership(deps, auth, membershipId, now);
  const { membership, bounds } = changeable;
  const target = await changeTarget(deps, membership, paymentOptionId);
  const start = startsAt ?? bounds.min;
  checkStartsAt(start, bounds);
  const price = await priceTheChange(deps, changeable, target, start, billingDay);
  const currency = membership.currency;
  return {
    costs: {
      total_due_now: money(price.totalDueNow, currency),
      composition: {
        month_in_hand: money(price.newPeriodFee, currency),
        fees: money(price.changeFee, currency),
      },
      account_credit: money(price.credit, currency),
    },
    new_membership_price: money(target.option.baseFee, currency),
    difference_to_old_membership: {
      amount: money(price.difference, currency),
      text: differenceText(price, currency),
      paid_period: price.paidPeriod,
    },
    first_billing_date: price.firstBillingDate,
    pretty_first_billing_date: price.firstBillingDate ? prettyDate(price.firstBillingDate) : null,
    current_membership_ends: price.oldEndDate,
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
  const changeable = await changeableMembership(deps, auth, membershipId, now);
  const { membership, venue, bounds } = changeable;
  const target = await changeTarget(deps, membership, request.payment_option_id);
  checkStartsAt(request.starts_at, bounds);
  const price = await priceTheChange(deps, changeable, target, request.starts_at, request.billing_day);
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
    {
      kind: 'replaces',
      membership,
      startDateBounds: bounds,
      termsInherited: true,
      price: {
        costs: {
          joiningFee: 0,
          baseFee: target.option.baseFee,
          proRataFee: 0,
          monthInHandFee: price.newPeriodFee,
          discount: 0,
          totalToPayNow: price.totalDueNow,
          proRataDays: 0,
          change: {
            changeFee: price.changeFee,
            newPeriodFee: price.newPeriodFee,
            difference: price.difference,
            credit: price.credit,
            paidPeriod: price.paidPeriod,
          },
        },
        billingDay: price.billingDay,
        firstBillingDate: price.firstBillingDate,
        endDate: price.endDate,
      },
    },
  );
  return { membership_id: submitted.membership.id, order_id: null, cart_item_id: submitted.itemId };
}
