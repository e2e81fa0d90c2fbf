import type { Payment } from '@leisure/contract/checkout';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { PaymentAttemptPlan } from '../../db/schema';
import type { DomainEvents } from '../../lib/domain-events';
import { emailSiteUrls, type RequestOriginSource, type SiteUrls, siteUrlsOf } from '../../lib/public-urls';
import type { PaymentProvider } from '../../providers/payment/payment-provider';
import type { CartDeps } from '../basket/basket.service';
import type { CartItemDetail, CartItemRow, CartRow } from '../basket/settlement.service';
import type { Mailer } from '../mail/mail.service';

export interface CheckoutDeps extends CartDeps {
  mailer: Mailer;
  provider: PaymentProvider;
  /** Announces completed orders (a membership's first payment activates it: modules/membership-lifecycle). */
  events: DomainEvents;
  log: FastifyBaseLogger;
  /**
   * The bookings site's origin as the browser being served sees it, for the card frame only (it must
   * share the checkout page's origin); unset with no request: the settings, else the fallback.
   * Emails never use it (`linksOf`).
   */
  frameOrigin?: string;
}

/** Checkout's dependencies: the basket's, and the app's mailer, card provider, events and log. */
export function checkoutDepsOf(
  app: Pick<FastifyInstance, 'mailer' | 'paymentProvider' | 'events' | 'log'>,
  basket: Omit<CartDeps, 'events'>,
): CheckoutDeps {
  return { ...basket, mailer: app.mailer, provider: app.paymentProvider, events: app.events, log: app.log };
}

/** The same dependencies for serving one request: its card frame follows the host it named (lib/public-urls.ts). */
export function forRequest(deps: CheckoutDeps, request: RequestOriginSource): CheckoutDeps {
  return { ...deps, frameOrigin: siteUrlsOf(deps.config.publicUrls, request).bookings };
}

/** Where links in what checkout sends (emails) point: the settings only, never a request's host. */
export function linksOf(deps: Pick<CheckoutDeps, 'config'>): SiteUrls {
  return emailSiteUrls(deps.config.publicUrls);
}

/** Where the card frame is served from (see `frameOrigin`). */
export function frameOriginOf(deps: Pick<CheckoutDeps, 'frameOrigin' | 'config'>): string {
  return deps.frameOrigin ?? emailSiteUrls(deps.config.publicUrls).bookings;
}

export type Mode = 'online' | 'foh';

/** A card to save with the order: the provider's reusable token and the billing address. */
export type CardToSave = NonNullable<PaymentAttemptPlan['saveCard']>;

export interface CheckoutPlan {
  cart: CartRow;
  items: CartItemRow[];
  hash: string;
  total: number;
  /** Credit spent (general). */
  credit: number;
  /** What a card pays (online) or the offline tenders pay (foh). */
  balance: number;
  termIds: number[];
  waivers: { waiverId: number; userId: number }[];
  /** Card to charge: a token from the frame, or the saved card's; `save` when the customer asked to keep it. */
  card: { token: string; save: CardToSave | null } | null;
  tenders: Payment[];
  /**
   * The lines with places as read under the basket's lock, with what they are shown with: the
   * order's confirmation is made from them, without reading its lines back. Absent when not read
   * (an attempt the job finishes): the confirmation then reads them.
   */
  details?: CartItemDetail[];
}
