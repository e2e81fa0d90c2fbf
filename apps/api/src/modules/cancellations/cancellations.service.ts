import {
  type CancelInfo,
  type CancellationState,
  type CancelMembershipResponse,
  membershipManagementMessages as messages,
} from '@leisure/contract/my-memberships';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { billingDayOf, localDateOf } from '../../lib/dates';
import { addToCart, type CartDeps, getBasket } from '../basket/basket.service';
import type { HoldKeeper } from '../basket/holds.service';
import { cancelCollections, endCollectionsAfter } from '../direct-debit/direct-debit.service';
import {
  awaitingProof,
  findMembershipWithType,
  lockMembership,
  type MembershipDetailRow,
  type MembershipRow,
  ownMembershipDetail,
  zoneOf,
} from '../membership-lifecycle/membership-lifecycle.service';
import { setCancellation } from '../membership-lifecycle/membership-states.service';
import { getCurrentClient } from '../operator/operator.service';
import { hasOutstandingPenalties, listPenalties } from '../penalties/penalties.service';
import type { Viewer } from '../session/access';
import { resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import { cancellationDates } from './cancellation-dates';
import { cancelInfoAnswer, cancellationAnswer } from './cancellations.presenters';
import {
  hasPaidUpCancellation,
  lockEndedCancellations,
  lockPaidUpCancellations,
} from './cancellations.repository';

/**
 * Cancelling a membership (my-account.md 2.6 "Cancel modal"): what it would mean, the request, the
 * wait for debts to be paid, and the end of one cancelled with notice.
 */

export interface CancellationDeps {
  db: Database;
  config: Config;
  holds: HoldKeeper;
  events: CartDeps['events'];
}

/** Statuses a member can cancel from. */
const cancellableStatuses: MembershipRow['status'][] = ['active', 'frozen', 'suspended'];

function canBeCancelled(membership: MembershipRow): boolean {
  return cancellableStatuses.includes(membership.status) || awaitingProof(membership);
}

/** The card's `cancellable`: management is on, the status allows it, and no cancellation is under way. */
export function isCancellable(membership: MembershipRow, managementEnabled: boolean): boolean {
  return (
    managementEnabled &&
    canBeCancelled(membership) &&
    (membership.cancellationState === null || membership.cancellationState === 'awaiting_payment')
  );
}

function refusalMessageOf(detail: MembershipDetailRow): string {
  return detail.type.cancellationRefusalMessage ?? messages.defaultRefusal;
}

function datesOn(detail: MembershipDetailRow, membership: MembershipRow, today: string) {
  return cancellationDates({
    today,
    noticeDays: detail.type.cancellationNoticeDays,
    billingDay: billingDayOf(membership),
    startDate: membership.startDate,
    firstBillingDate: membership.firstBillingDate,
  });
}

/** `GET api/memberships/{membershipId}/cancel`: what cancelling would mean (my-account.md 3 "Cancel info"). */
export async function getCancelInfo(
  deps: Pick<CancellationDeps, 'db' | 'config'>,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<CancelInfo> {
  await completePaidUpCancellations(deps.db, now, auth.user.id);
  const detail = await ownMembershipDetail(deps, auth, membershipId);
  const { membership, type, option } = detail;
  const penalties = await listPenalties(deps, auth);
  const client = await getCurrentClient(deps.db, deps.config);
  const today = localDateOf(now, zoneOf(detail));
  const dates =
    option.paymentType === 'recurring'
      ? membership.cancellationState === 'scheduled' && membership.finalDay && membership.finalPaymentDate
        ? { finalDay: membership.finalDay, finalPaymentDate: membership.finalPaymentDate }
        : datesOn(detail, membership, today)
      : null;
  return cancelInfoAnswer(
    detail,
    type.allowOnlineCancellation ? null : refusalMessageOf(detail),
    penalties,
    client.currency,
    dates,
  );
}

/**
 * Carries a cancellation out, in the caller's transaction with the membership row locked: a fixed
 * (paid in full) membership ends today; a monthly one is scheduled to end on its final day with no
 * collection after its final payment date. `requestedOn` is the day the member asked.
 */
async function carryOutCancellation(
  tx: Database,
  detail: MembershipDetailRow,
  membership: MembershipRow,
  requestedOn: string,
  now: Date,
): Promise<{ state: CancellationState; finalPaymentDate: string | null; finalDay: string | null }> {
  if (detail.option.paymentType === 'fixed') {
    const today = localDateOf(now, zoneOf(detail));
    await setCancellation(tx, membership.id, {
      status: 'cancelled',
      cancellationState: 'cancelled',
      cancelledAt: now,
      finalDay: today,
      finalPaymentDate: null,
    });
    await cancelCollections(tx, membership.id, now);
    return { state: 'cancelled', finalPaymentDate: null, finalDay: today };
  }
  const dates = datesOn(detail, membership, requestedOn);
  await setCancellation(tx, membership.id, {
    cancellationState: 'scheduled',
    finalPaymentDate: dates.finalPaymentDate,
    finalDay: dates.finalDay,
    // membership-lifecycle (the change flag) reads an end date on a monthly membership as "ending".
    endDate: dates.finalDay,
  });
  await endCollectionsAfter(tx, membership.id, dates.finalPaymentDate);
  return { state: 'scheduled', ...dates };
}

/**
 * `POST api/memberships/{membershipId}/cancel`. Refused (422 under `membership`) when the type may not
 * be cancelled online, or the membership is already cancelled or ending. With unpaid penalties the
 * cancellation waits (`awaiting_payment`) and the penalties are put in the member's basket; paying
 * them at checkout lets it go through (on the next read or the job's next run). The route adds the
 * membership as it now is.
 */
export async function cancelMembership(
  deps: CancellationDeps,
  auth: Auth,
  membershipId: number,
  now = new Date(),
): Promise<Omit<CancelMembershipResponse['data'], 'membership'>> {
  const outcome = await requestCancellation(deps, auth, membershipId, now);
  if (outcome.state === 'awaiting_payment') await putDebtsInBasket(deps, auth);
  return cancellationAnswer(outcome);
}

/**
 * The member's request to cancel, in one transaction with the membership row locked (a double
 * click or two tabs cannot cancel twice). For the API above, the seed and staff tools. 404 for a
 * membership that is not the member's (the access rule: session/access.ts).
 */
export async function requestCancellation(
  deps: Pick<CancellationDeps, 'db'>,
  member: Viewer,
  membershipId: number,
  now = new Date(),
): Promise<{ state: CancellationState; finalPaymentDate: string | null; finalDay: string | null }> {
  const detail = await ownMembershipDetail(deps, member, membershipId);
  const userId = member.user.id;
  const refuse = (message: string) => AppError.validation({ membership: [message] }, message);
  return deps.db.transaction(async (tx) => {
    const membership = await lockMembership(tx, membershipId);
    if (!membership) throw AppError.notFound();
    if (membership.status === 'cancelled' || membership.cancellationState === 'cancelled') {
      throw refuse(messages.alreadyCancelled);
    }
    if (membership.cancellationState === 'scheduled') throw refuse(messages.cancellationScheduled);
    if (!detail.type.managementEnabled || !canBeCancelled(membership)) {
      throw refuse(messages.notCancellable);
    }
    if (!detail.type.allowOnlineCancellation) throw refuse(refusalMessageOf(detail));
    if (await hasOutstandingPenalties(tx, userId)) {
      if (membership.cancellationState !== 'awaiting_payment') {
        await setCancellation(tx, membership.id, {
          cancellationState: 'awaiting_payment',
          cancellationRequestedAt: now,
        });
      }
      return { state: 'awaiting_payment' as const, finalPaymentDate: null, finalDay: null };
    }
    await setCancellation(tx, membership.id, {
      cancellationRequestedAt: membership.cancellationRequestedAt ?? now,
    });
    return carryOutCancellation(tx, detail, membership, localDateOf(now, zoneOf(detail)), now);
  });
}

/** Adds each unpaid penalty not yet in the member's basket as a `penalty` line (modules/basket). */
async function putDebtsInBasket(deps: CancellationDeps, auth: Auth): Promise<void> {
  const cartDeps: CartDeps = { db: deps.db, config: deps.config, holds: deps.holds, events: deps.events };
  const acting = await resolveActing(cartDeps, auth, undefined);
  const basket = await getBasket(cartDeps, acting);
  const inBasket = new Set(basket.penaltyItems.map((item) => item.cartable_id));
  const missing = (await listPenalties(deps, auth)).filter((penalty) => !inBasket.has(penalty.id));
  // The basket takes at most 10 lines per add.
  for (let i = 0; i < missing.length; i += 10) {
    await addToCart(cartDeps, acting, {
      items: missing.slice(i, i + 10).map((penalty) => ({ id: penalty.id, type: 'penalty' as const })),
      source: 'my-account',
      membership_user_id: undefined,
      selected_user_id: undefined,
    });
  }
}

// ---- Jobs ---------------------------------------------------------------------------------------------

/** At most this many memberships per job step and run; the next run takes the rest. */
const jobBatch = 200;

/**
 * Cancellations waiting for debts whose member owes nothing now: carried out as if asked for on the
 * day they were requested. Rows are locked with SKIP LOCKED, so replicas (and a read racing the job)
 * never carry one out twice; the state is re-read under the lock.
 */
export async function completePaidUpCancellations(db: Database, now: Date, userId?: number): Promise<number> {
  // A member's read asks first without a transaction: nearly always there is nothing to carry out.
  if (userId !== undefined && !(await hasPaidUpCancellation(db, userId))) return 0;
  return db.transaction(async (tx) => {
    const rows = await lockPaidUpCancellations(tx, jobBatch, userId);
    for (const membership of rows) {
      const detail = await findMembershipWithType(tx, membership.id);
      if (!detail) continue;
      const requestedOn = localDateOf(membership.cancellationRequestedAt ?? now, zoneOf(detail));
      await carryOutCancellation(tx, detail, membership, requestedOn, now);
    }
    return rows.length;
  });
}

/** Memberships cancelled with notice whose final day has passed become cancelled; their debits stop. */
export async function endCancelledMemberships(
  deps: Pick<CancellationDeps, 'db' | 'config'>,
  now: Date,
): Promise<number> {
  const { db } = deps;
  // The operator's date (decision 064): one job ends every venue's memberships.
  const today = localDateOf(now, (await getCurrentClient(db, deps.config)).timezone);
  return db.transaction(async (tx) => {
    const rows = await lockEndedCancellations(tx, today, jobBatch);
    for (const membership of rows) {
      await setCancellation(tx, membership.id, {
        status: 'cancelled',
        cancellationState: 'cancelled',
        cancelledAt: now,
      });
      await cancelCollections(tx, membership.id, now);
    }
    return rows.length;
  });
}
