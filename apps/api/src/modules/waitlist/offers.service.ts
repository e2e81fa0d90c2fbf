import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { localDateOf, localTimeOf, prettyDate } from '../../lib/dates';
import { emailSiteUrls } from '../../lib/public-urls';
import type { Mailer } from '../mail/mail.service';
import { waitlistOfferEmail } from '../mail/templates';
import { getBrand } from '../operator/theme.service';
import { findCustomerOfClient } from '../session/acting';
import {
  expireOffersWithoutLine,
  findOfferSummary,
  findWaitlistSession,
  listUpcomingWaitlistedWithSpace,
  listWaitlistedWithSpace,
  lockFirstWaiting,
  setWaitlistStatus,
} from './waitlist.repository';
import { expireOffers } from './waitlist.service';

/**
 * Waitlist offers (docs/decisions/007 and 057): when places free on a session (a basket hold run out
 * or given back, a booking cancelled), the person waiting longest gets one in their basket, held for
 * them, and an email; their entry is `offered`. The place is put in the basket through the basket's
 * port (`BasketPort`, basket/offered-line.service.ts, passed in by app.ts), priced by the one price
 * rule with the waiter's own membership: a member pays the member price availability showed them.
 * The basket's hold keeper calls on these offers after each release and from its sweep.
 */

/** What the waitlist asks the basket to add: one place on a session, for the customer waiting. */
export interface OfferedLine {
  session: { occurrenceId: number; activityId: number; venueId: number; clientId: number };
  /** The waiting customer, with whether they hold an active membership (member prices apply). */
  customer: { id: number; isMember: boolean };
  waitlistEntryId: number;
  now: Date;
}

/**
 * `added`: the line is in the customer's basket, its place held until `heldUntil`. Otherwise the
 * caller rolls its transaction back: `full` (no place left to take, or no price for them) or `busy`
 * (their basket is being paid for by card; a later sweep offers again).
 */
export type OfferedLineOutcome = { added: true; heldUntil: Date } | { added: false; reason: 'full' | 'busy' };

/** The basket as the waitlist uses it (implemented by basket/offered-line.service.ts). */
export interface BasketPort {
  addOfferedLine(tx: Database, line: OfferedLine): Promise<OfferedLineOutcome>;
}

export interface WaitlistOffers {
  /** Offers free places on these sessions to the people waiting, first come first served. */
  offerFreedPlaces(occurrenceIds: number[]): Promise<void>;
  /** Offers whose basket lines went with their run-out holds: expired (their places are offered on). */
  expireReleased(entryIds: number[], now: Date): Promise<void>;
  /**
   * The sweep's repair after a crash between releasing an offer's hold and expiring the offer: such
   * offers expire, and every upcoming session with a free place and someone waiting is offered on.
   */
  offerAfterCrash(now: Date): Promise<void>;
}

export interface WaitlistOffersDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  basket: BasketPort;
}

/** Most places offered on one session in one go (one at a time, while places are free and people wait). */
const maxOffersPerSession = 50;

export function createWaitlistOffers(deps: WaitlistOffersDeps): WaitlistOffers {
  const { db, config, log } = deps;

  /** Offers one freed place on a session to the first person waiting; false when there is nothing to do. */
  async function offerOne(occurrenceId: number): Promise<boolean> {
    const now = new Date();
    const offer = await db
      .transaction(async (tx) => {
        // Locked: another replica offering at once skips them.
        const entry = await lockFirstWaiting(tx, occurrenceId);
        if (!entry) return null;
        const session = await findWaitlistSession(tx, occurrenceId);
        if (!session || session.startsAt <= now) {
          await setWaitlistStatus(tx, [entry.id], 'expired', ['waiting'], now);
          return { sent: false as const };
        }
        const waiter = await findCustomerOfClient(tx, session.clientId, entry.userId);
        if (!waiter) {
          // No longer a customer of the operator.
          await setWaitlistStatus(tx, [entry.id], 'cancelled', ['waiting'], now);
          return { sent: false as const };
        }
        const line = await deps.basket.addOfferedLine(tx, {
          session: {
            occurrenceId,
            activityId: session.activityId,
            venueId: session.venueId,
            clientId: session.clientId,
          },
          customer: { id: entry.userId, isMember: waiter.isMember },
          waitlistEntryId: entry.id,
          now,
        });
        if (!line.added) throw new NoOffer();
        await setWaitlistStatus(tx, [entry.id], 'offered', ['waiting'], now);
        return { sent: true as const, user: waiter.user, heldUntil: line.heldUntil };
      })
      .catch((error: unknown) => {
        if (error instanceof NoOffer) return null;
        throw error;
      });
    if (!offer) return false;
    if (offer.sent) await emailOffer(occurrenceId, offer.user, offer.heldUntil);
    return true;
  }

  async function emailOffer(
    occurrenceId: number,
    user: { email: string; firstName: string },
    heldUntil: Date,
  ): Promise<void> {
    try {
      const session = await findOfferSummary(db, occurrenceId);
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
    const sessions = await listWaitlistedWithSpace(db, [...new Set(occurrenceIds)]);
    for (const occurrenceId of sessions) {
      for (let offered = 0; offered < maxOffersPerSession; offered++) {
        if (!(await offerOne(occurrenceId))) break;
      }
    }
  }

  return {
    offerFreedPlaces,
    expireReleased: (entryIds, now) => expireOffers(db, entryIds, now),
    async offerAfterCrash(now) {
      await expireOffersWithoutLine(db);
      await offerFreedPlaces(await listUpcomingWaitlistedWithSpace(db, now));
    },
  };
}

/** The place could not be offered (taken meanwhile, or the basket is being paid for): nothing is kept. */
class NoOffer extends Error {}
