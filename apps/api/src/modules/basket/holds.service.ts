import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { localDateOf, localTimeOf, prettyDate } from '../../lib/dates';
import type { DomainEvents } from '../../lib/domain-events';
import { emailSiteUrls } from '../../lib/public-urls';
import type { Mailer } from '../mail/mail.service';
import { waitlistOfferEmail } from '../mail/templates';
import { getBrand } from '../operator/theme.service';
import { findCustomerOfClient } from '../session/acting';
import { listActivityPricing } from '../venues/venues.service';
import {
  cancelWaiting,
  expireOffers,
  expireWaiting,
  lockFirstInLine,
  markOffered,
  sessionsToOffer,
  sessionsToOfferAfterCrash,
} from '../waitlist/waitlist.service';
import {
  type CartRow,
  deleteExpiredMembershipLines,
  type ExpiryScope,
  findBookable,
  findOccurrenceSummary,
  insertCartItem,
  insertHolds,
  lockCart,
  openCartOf,
  releaseExpiredHolds,
  takePlaces,
} from './basket.repository';
import { isPricingError, priceLine } from './pricing';

/**
 * Places held in baskets (docs/decisions/007-cart-holds-and-checkout.md). A hold lasts
 * `CART_HOLD_MINUTES`; one that runs out is released lazily (every basket read, every `cart/add` and
 * availability read of its session) and by a sweep every `HOLD_SWEEP_SECONDS` on each replica. A
 * released place goes first to the person waiting longest on the session's waitlist: it is put in
 * their basket, held for them, and they are emailed. A membership line (a draft membership's first
 * payment) runs out the same way at its own `line_expires_at`, and its draft is then deleted
 * (`basket.membership-lines.removed`, docs/decisions/018).
 */

/** A card checkout's claim on a basket lasts this long; after it the basket is free again. */
export const checkoutClaimTtlMs = 2 * 60_000;

/** A card checkout's claim on a basket is live for `checkoutClaimTtlMs` after it started. */
export function checkoutClaimIsLive(
  cart: Pick<CartRow, 'checkoutClaim' | 'checkoutStartedAt'>,
  now: Date,
): boolean {
  return (
    cart.checkoutClaim !== null &&
    cart.checkoutStartedAt !== null &&
    cart.checkoutStartedAt.getTime() > claimStartedBefore(now).getTime()
  );
}

/**
 * Checkout claims that started at or before this have run out (`checkoutClaimIsLive`): the instant a
 * statement compares with (basket.repository `claimRunOutBy`), so the rule stays here.
 */
export function claimStartedBefore(now: Date): Date {
  return new Date(now.getTime() - checkoutClaimTtlMs);
}

export interface HoldKeeper {
  readonly holdMinutes: number;
  /** Releases the run-out holds in scope and offers freed places; true when something was released. */
  releaseExpired(scope: ExpiryScope): Promise<boolean>;
  /** Offers free places on these sessions to their waitlists, first come first served. */
  offerFreedPlaces(occurrenceIds: number[]): Promise<void>;
  /** One sweep over every run-out hold (the periodic job in jobs.ts). Answers how many sessions got places back. */
  sweep(): Promise<number>;
}

export interface HoldKeeperDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  events: Pick<DomainEvents, 'publish'>;
}

export function holdExpiry(config: Config, now: Date): Date {
  return new Date(now.getTime() + config.cart.holdMinutes * 60_000);
}

export function createHoldKeeper(deps: HoldKeeperDeps): HoldKeeper {
  const { db, config, log } = deps;
  let sweeping: Promise<number> | undefined;

  async function release(scope: ExpiryScope): Promise<number[]> {
    const now = new Date();
    // Membership lines hold no places: only a read of their basket or the sweep runs them out.
    const sessionScoped = scope.occurrenceIds !== undefined || scope.range !== undefined;
    // No transaction around them: each statement is whole on its own (the holds and their places go
    // together in one), and what follows it only tidies up after it (lines left with no hold, their
    // waitlist offers, run-out membership lines), as the next read would. Every basket read and add
    // runs this, so the begin and commit round trips are saved.
    const result = await releaseExpiredHolds(db, scope, now, checkoutClaimTtlMs);
    await expireOffers(db, result.waitlistEntryIds, now);
    const membershipIds = sessionScoped
      ? []
      : await deleteExpiredMembershipLines(db, { cartId: scope.cartId }, now, checkoutClaimTtlMs);
    const released = { ...result, membershipIds };
    if (released.membershipIds.length > 0) {
      await deps.events.publish('basket.membership-lines.removed', { membershipIds: released.membershipIds });
    }
    if (released.occurrenceIds.length > 0) await offerFreedPlaces(released.occurrenceIds);
    return released.occurrenceIds;
  }

  /** Offers one freed place on a session to the first person waiting; false when there is nothing to do. */
  async function offerOne(occurrenceId: number): Promise<boolean> {
    const now = new Date();
    const offer = await db
      .transaction(async (tx) => {
        const entry = await lockFirstInLine(tx, occurrenceId);
        if (!entry) return null;
        const session = await findBookable(tx, occurrenceId, entry.userId, now);
        if (!session || session.startsAt <= now) {
          await expireWaiting(tx, entry.id, now);
          return { entry, sent: false as const };
        }
        const customer = await findCustomerOfClient(tx, session.clientId, entry.userId);
        if (!customer) {
          await cancelWaiting(tx, entry.id, now);
          return { entry, sent: false as const };
        }
        const priced = priceLine(await listActivityPricing(tx, session.activityId), {
          applyBenefit: true,
          isMember: false,
          quantity: 1,
        });
        if (isPricingError(priced)) return null;
        if (!(await takePlaces(tx, occurrenceId, priced.quantity))) return null;
        const cart = await openCartOf(tx, {
          clientId: session.clientId,
          userId: entry.userId,
          source: 'activity-booking',
          uuid: randomUUID(),
        });
        const locked = await lockCart(tx, cart.id);
        // A basket in the middle of a card payment is left alone; the next sweep offers again.
        if (!locked || checkoutClaimIsLive(locked, now)) throw new SkipOffer();
        const item = await insertCartItem(tx, {
          cartId: cart.id,
          cartableType: 'activity',
          activityId: session.activityId,
          venueId: session.venueId,
          occurrenceId,
          pricingOptionId: priced.pricingOptionId,
          purchasedForUserId: entry.userId,
          quantity: priced.quantity,
          amount: priced.amount,
          benefitApplied: priced.benefitApplied,
          tickets: priced.tickets,
          waitlistEntryId: entry.id,
        });
        const expiresAt = holdExpiry(config, now);
        await insertHolds(tx, [
          { cartId: cart.id, cartItemId: item.id, occurrenceId, quantity: priced.quantity, expiresAt },
        ]);
        await markOffered(tx, entry.id, now);
        return { entry, sent: true as const, customer, expiresAt };
      })
      .catch((error: unknown) => {
        if (error instanceof SkipOffer) return null;
        throw error;
      });
    if (!offer) return false;
    if (offer.sent) await emailOffer(occurrenceId, offer.customer.user, offer.expiresAt);
    return true;
  }

  async function emailOffer(
    occurrenceId: number,
    user: { email: string; firstName: string },
    heldUntil: Date,
  ): Promise<void> {
    try {
      const session = await findOccurrenceSummary(db, occurrenceId);
      if (!session) return;
      const tz = session.timezone;
      const when = `${prettyDate(localDateOf(session.startsAt, tz)).long_pretty} at ${localTimeOf(session.startsAt, tz)}`;
      const email = waitlistOfferEmail(
        await getBrand(db, config),
        {
          firstName: user.firstName,
          activityName: session.activityName,
          venueName: session.venueName,
          when,
          heldUntil: `${localTimeOf(heldUntil, tz)} on ${prettyDate(localDateOf(heldUntil, tz)).long_pretty}`,
        },
        // Sent to someone else than whoever freed the place: never a link built from their request.
        `${emailSiteUrls(config.publicUrls).bookings}/basket`,
      );
      await deps.mailer.send({ to: user.email, ...email, template: 'waitlist-offer' });
    } catch (error) {
      log.warn({ err: error, occurrenceId }, 'could not send the waitlist offer email');
    }
  }

  async function offerFreedPlaces(occurrenceIds: number[]): Promise<void> {
    const sessions = await sessionsToOffer(db, [...new Set(occurrenceIds)]);
    for (const occurrenceId of sessions) {
      // One place at a time, while places are free and people are waiting.
      for (let offered = 0; offered < 50; offered++) {
        if (!(await offerOne(occurrenceId))) break;
      }
    }
  }

  async function sweepOnce(): Promise<number> {
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const released = await release({});
      total += released.length;
      if (released.length === 0) break;
    }
    // Releases run without a transaction (see release): mend what a crash between its steps left.
    await offerFreedPlaces(await sessionsToOfferAfterCrash(db, new Date()));
    return total;
  }

  const sweep = (): Promise<number> => {
    sweeping ??= sweepOnce().finally(() => {
      sweeping = undefined;
    });
    return sweeping;
  };

  return {
    holdMinutes: config.cart.holdMinutes,
    async releaseExpired(scope) {
      try {
        return (await release(scope)).length > 0;
      } catch (error) {
        // A read that tried to tidy up must not fail because of it; the sweep job will retry.
        log.warn({ err: error }, 'could not release expired holds');
        return false;
      }
    },
    offerFreedPlaces,
    sweep,
  };
}

class SkipOffer extends Error {}
