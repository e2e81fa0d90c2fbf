import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { DomainEvents } from '../../lib/domain-events';
import type { WaitlistOffers } from '../waitlist/offers.service';
import type { CartRow } from './basket.repository';
import { deleteExpiredMembershipLines, type ExpiryScope, releaseExpiredHolds } from './places.repository';

/**
 * Places held in baskets (docs/decisions/007-cart-holds-and-checkout.md). A hold lasts
 * `CART_HOLD_MINUTES`; one that runs out is released lazily (every basket read, every `cart/add` and
 * availability read of its session) and by a sweep every `HOLD_SWEEP_SECONDS` on each replica. A
 * released place goes first to the person waiting longest on the session's waitlist: the waitlist's
 * offers (waitlist/offers.service.ts) put it in their basket, held for them, and email them. A
 * membership line (a draft membership's first payment) runs out the same way at its own
 * `line_expires_at`, and its draft is then deleted (`basket.membership-lines.removed`,
 * docs/decisions/018).
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
  /** Offers free places on these sessions to their waitlists, first come first served (the waitlist's offers). */
  offerFreedPlaces(occurrenceIds: number[]): Promise<void>;
  /** One sweep over every run-out hold (the periodic job in jobs.ts). Answers how many sessions got places back. */
  sweep(): Promise<number>;
}

export interface HoldKeeperDeps {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
  events: Pick<DomainEvents, 'publish'>;
  /** The waitlist's offers (waitlist/offers.service.ts): told of released offers and freed places. */
  waitlist: WaitlistOffers;
}

export function holdExpiry(config: Config, now: Date): Date {
  return new Date(now.getTime() + config.cart.holdMinutes * 60_000);
}

export function createHoldKeeper(deps: HoldKeeperDeps): HoldKeeper {
  const { db, config, log, waitlist } = deps;
  let sweeping: Promise<number> | undefined;

  async function release(scope: ExpiryScope): Promise<number[]> {
    const now = new Date();
    // Membership lines hold no places: only a read of their basket or the sweep runs them out.
    const sessionScoped = scope.occurrenceIds !== undefined || scope.range !== undefined;
    // No transaction around them: each statement is whole on its own (the holds and their places go
    // together in one), and what follows it only tidies up after it (lines left with no hold, their
    // waitlist offers, run-out membership lines), as the next read would. Every basket read and add
    // runs this, so the begin and commit round trips are saved.
    const result = await releaseExpiredHolds(db, scope, now, claimStartedBefore(now));
    await waitlist.expireReleased(result.waitlistEntryIds, now);
    const membershipIds = sessionScoped
      ? []
      : await deleteExpiredMembershipLines(db, { cartId: scope.cartId }, now, claimStartedBefore(now));
    const released = { ...result, membershipIds };
    if (released.membershipIds.length > 0) {
      await deps.events.publish('basket.membership-lines.removed', { membershipIds: released.membershipIds });
    }
    if (released.occurrenceIds.length > 0) await waitlist.offerFreedPlaces(released.occurrenceIds);
    return released.occurrenceIds;
  }

  async function sweepOnce(): Promise<number> {
    let total = 0;
    for (let round = 0; round < 20; round++) {
      const released = await release({});
      total += released.length;
      if (released.length === 0) break;
    }
    // Releases run without a transaction (see release): mend what a crash between its steps left.
    await waitlist.offerAfterCrash(new Date());
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
    offerFreedPlaces: (occurrenceIds) => waitlist.offerFreedPlaces(occurrenceIds),
    sweep,
  };
}
