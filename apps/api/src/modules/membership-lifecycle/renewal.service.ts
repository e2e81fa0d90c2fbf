import {
  membershipChangeMessages,
  type RenewalDetails,
  type RenewResponse,
} from '@leisure/contract/membership-lifecycle';
import { coverageLabel } from '@leisure/contract/memberships';
import { AppError } from '../../errors';
import { addDays, localDateOf } from '../../lib/dates';
import { submitNewMembership } from '../joining/joining.service';
import { money } from '../membership-catalogue/membership-catalogue.presenters';
import {
  findPaymentOption,
  findTypeById,
  findVenueOfClient,
  listBenefitNames,
  listMembershipTypes,
} from '../membership-catalogue/membership-catalogue.service';
import { prettyDate, priceMembership } from '../membership-catalogue/pricing';
import { resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import { answersOf, homeVenueOf, membershipReference } from './membership-lifecycle.presenters';
import { type MembershipLifecycleDeps, ownMembership } from './membership-lifecycle.service';
import { membershipOptionsFor } from './membership-options';

/** Re-labels the submit service's field errors: the renew modal shows them under `membership`. */
function asMembershipError(error: unknown): never {
  if (error instanceof AppError && error.status === 422) {
    const messages = Object.values(error.errors ?? {}).flat();
    throw AppError.validation({ membership: messages.length ? messages : [error.message] }, error.message);
  }
  throw error;
}

async function renewalPlan(deps: MembershipLifecycleDeps, auth: Auth, membershipId: number, now: Date) {
  const membership = await ownMembership(deps, auth, membershipId);
  const type = await findTypeById(deps.db, membership.membershipTypeId);
  const option = await findPaymentOption(deps.db, membership.paymentOptionId);
  const venue = await findVenueOfClient(deps.db, membership.clientId, membership.homeVenueId);
  const options = await membershipOptionsFor(deps.db, [membership], now);
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
  deps: MembershipLifecycleDeps,
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
    access: coverageLabel(type.coverage),
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
 * POST api/memberships/{id}/renew: a draft membership of the same type and option, starting the
 * day after this one ends, goes in the basket through the joining submit service (docs/decisions/018:
 * a second click replaces the unpaid first; this membership is untouched until the basket is paid).
 */
export async function renewMembership(
  deps: MembershipLifecycleDeps,
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
