import { randomUUID } from 'node:crypto';
import { type CartAddRequest, type CartItem, cartMessages } from '@leisure/contract/cart';
import { checkoutMessages } from '@leisure/contract/checkout';
import { paymentsMessages } from '@leisure/contract/payments';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { isRaceError } from '../../db/locks';
import { AppError, type FieldErrors } from '../../errors';
import {
  activatesAMembership,
  addedItemNames,
  addedLineKind,
  type BasketLineKind,
  lineIs,
  lineKind,
  paysAFee,
} from '../../lib/basket-line-kinds';
import type { DomainEvents } from '../../lib/domain-events';
import { bestActivityBenefit, hasActivityBenefits } from '../benefits/benefits.service';
import { creditOfCustomer } from '../credit/credit.service';
import type { TermsContext } from '../operator/operator.service';
import { linkPenaltyLine, penaltyCartItems, planPenaltyLines } from '../penalties/penalties.service';
import type { Acting } from '../session/acting';
import { activityPricingOf } from '../venues/venues.service';
import { withdrawOffers } from '../waitlist/waitlist.service';
import { type RequiredWaiver, waiversToSign } from '../waivers/waivers.service';
import {
  type BundleSessionRow,
  type CartItemDetail,
  type CartItemRow,
  type CartRow,
  countCartBenefitPlaces,
  findOpenCart,
  insertCartItem,
  listBundleSessions,
  listCartItemDetails,
  listCartItemRows,
  listMembershipLineDetails,
  lockCart,
  type MembershipLineDetail,
  openCartTidyingOf,
  updateCart,
} from './basket.repository';
import { type BookableRow, findBookable, listBundleBookables } from './bookables.repository';
import { type CartFigures, figuresOf, itemHashOf } from './figures';
import { checkoutClaimIsLive, claimStartedBefore, type HoldKeeper, holdExpiry } from './holds.service';
import { addLineAtOnce, removeLineAtOnce } from './one-statement.repository';
import {
  deleteItemsWithHolds,
  insertCartItemWithHolds,
  releasePlaces,
  takePlaces,
} from './places.repository';
import { discountLine, isPricingError, type PricedLine, type PricingError, priceLine } from './pricing';
import { tidyBasketAsFound } from './settlement.service';

/**
 * The basket (bookings-api.md "Cart"; docs/decisions/007): one open basket per customer, lines that
 * hold their places for CART_HOLD_MINUTES (holds.service.ts), priced by pricing.ts with a member's
 * activity benefit (modules/benefits), the credit reserved for it, and a new membership's first
 * payment or an unpaid fee as lines without places. Checkout takes it from there
 * (settlement.service.ts, modules/checkout).
 */

export interface CartDeps {
  db: Database;
  config: Config;
  holds: HoldKeeper;
  /** Announces membership lines that left the basket unpaid (their drafts go: modules/joining). */
  events: Pick<DomainEvents, 'publish'>;
}

// ---- The basket and its figures (figures.ts) -------------------------------------------------------------

export { type CartFigures, figuresOf, itemHashOf };

/** The basket with what its answer shows: its lines and their sessions, totals, credit and waivers. */
export interface BasketView {
  acting: Acting;
  cart: CartRow;
  /** Lines with places (sessions and courses), with their activity, venue and session. */
  details: CartItemDetail[];
  /** The sessions of the courses among the lines. */
  courseSessions: BundleSessionRow[];
  /** New memberships' first payments. */
  membershipLines: MembershipLineDetail[];
  /** Unpaid fees, as the payments module shows them in a basket. */
  penaltyItems: CartItem[];
  /** Every line, in id order. */
  lines: CartItemRow[];
  itemHash: string;
  figures: CartFigures;
  waivers: RequiredWaiver[];
}

/**
 * What a change already knows of the basket's lines when it commits: a basket with no membership or
 * penalty line then skips those reads. Such a line added after the commit (another tab) shows on the
 * next read, as if it had been added a moment after this answer.
 */
interface KnownLines {
  membership: boolean;
  penalty: boolean;
}

function knownLinesOf(items: Pick<CartItemRow, 'cartableType'>[]): KnownLines {
  return {
    membership: items.some((item) => lineIs(item, activatesAMembership)),
    penalty: items.some((item) => lineIs(item, paysAFee)),
  };
}

async function viewOf(
  deps: CartDeps,
  acting: Acting,
  cart: CartRow,
  known?: KnownLines,
): Promise<BasketView> {
  const { db } = deps;
  const details = await listCartItemDetails(db, cart.id);
  const courseSessions = await listBundleSessions(db, bundleIdsOf(details));
  const membershipLines = known?.membership === false ? [] : await listMembershipLineDetails(db, cart.id);
  const penaltyItems = known?.penalty === false ? [] : await penaltyCartItems(db, cart.id, acting.currency);
  const lines = [
    ...details.map((d) => d.item),
    ...membershipLines.map((line) => line.item),
    ...(penaltyItems.length > 0
      ? (await listCartItemRows(db, cart.id)).filter((row) => lineIs(row, paysAFee))
      : []),
  ].sort((a, b) => a.id - b.id);
  const figures = figuresOf(cart, lines, await creditOfCustomer(db, acting));
  return {
    acting,
    cart,
    details,
    courseSessions,
    membershipLines,
    penaltyItems,
    lines,
    itemHash: itemHashOf(cart.id, lines),
    figures,
    waivers: await waiversToSign(db, details),
  };
}

/**
 * The kinds of terms this basket's checkout must accept: the operator's terms of sale, and the Direct
 * Debit Guarantee only when it holds a membership paid by direct debit (issue 11).
 */
export async function basketTermContexts(
  db: Database,
  cartId: number,
  /** The basket's lines when the caller has them: with no membership line, nothing more is read. */
  items?: Pick<CartItemRow, 'cartableType'>[],
): Promise<TermsContext[]> {
  if (items && !items.some((item) => lineIs(item, activatesAMembership))) return ['checkout'];
  const memberships = await listMembershipLineDetails(db, cartId);
  return memberships.some((line) => line.paymentType === 'recurring')
    ? ['checkout', 'direct_debit']
    : ['checkout'];
}

/** The courses among these lines. */
export function bundleIdsOf(lines: { item: { bundleId: number | null } }[]): number[] {
  return [...new Set(lines.flatMap((d) => (d.item.bundleId === null ? [] : [d.item.bundleId])))];
}

/** Where a new basket is used first: the source asked for, or front of house for staff. */
function newBasketSource(acting: Acting, source: string | undefined): string {
  return source ?? (acting.isStaff ? 'foh' : 'activity-booking');
}

/** The customer's open basket with run-out holds released first. */
export async function currentCart(deps: CartDeps, acting: Acting, source?: string): Promise<CartRow> {
  const now = new Date();
  const { cart, due } = await openCartTidyingOf(
    deps.db,
    {
      clientId: acting.clientId,
      userId: acting.customer.id,
      source: newBasketSource(acting, source),
      uuid: randomUUID(),
    },
    now,
  );
  await tidyBasketAsFound(deps, cart.id, due, now);
  return cart;
}

/** `GET activities/cart`. */
export async function getBasket(deps: CartDeps, acting: Acting): Promise<BasketView> {
  return viewOf(deps, acting, await currentCart(deps, acting));
}

// ---- Changing a basket: one transaction, the basket row locked first ---------------------------------

/**
 * Runs a basket change in a transaction; a row lock waited on past the connection's limit
 * (db/locks.ts defaultLockWaitMs) is a lost race, answered 409.
 */
export async function inBasketTransaction<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return asBasketWrite(() => db.transaction(work));
}

/** A basket write, in a transaction or one statement: a lost race on a row lock answers 409. */
async function asBasketWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (isRaceError(error)) throw new AppError('conflict', cartMessages.race);
    throw error;
  }
}

export async function lockOpenCart(tx: Database, cart: CartRow, now: Date): Promise<CartRow> {
  const locked = await lockCart(tx, cart.id);
  if (locked?.status !== 'open') throw new AppError('conflict', checkoutMessages.basketChanged);
  if (checkoutClaimIsLive(locked, now)) throw new AppError('conflict', checkoutMessages.inProgress);
  return locked;
}

// ---- Membership activity benefits (modules/benefits) ---------------------------------------------

/**
 * The line with the customer's best membership activity benefit applied (its discount, benefit
 * applied) when one has uses left for all its places; otherwise the line as priced. Benefits come
 * from active memberships only, so a customer with none (read with the session, in this request)
 * has none to look up.
 */
export async function withActivityBenefit(
  db: Database,
  customer: Pick<Acting, 'customer' | 'isMember'>,
  cartId: number,
  activityId: number,
  priced: PricedLine,
  options: { places: number; now: Date; exceptItemId?: number },
): Promise<PricedLine> {
  if (!customer.isMember) return priced;
  const best = await bestActivityBenefit(db, customer.customer.id, activityId, {
    places: options.places,
    now: options.now,
    inBasket: () => countCartBenefitPlaces(db, cartId, activityId, options.exceptItemId),
  });
  return best ? discountLine(priced, best.discountPercent) : priced;
}

// ---- Adding ----------------------------------------------------------------------------------------------

interface AddPlan {
  index: number;
  cartableType: BasketLineKind;
  activityId: number;
  venueId: number;
  occurrenceId: number | null;
  bundleId: number | null;
  /** The sessions whose places the line takes, in id order. */
  sessions: BookableRow[];
  priced: PricedLine;
  /** `apply_benefit` of the request (default true): a membership activity benefit may price the line. */
  applyBenefit: boolean;
}

export const pricingMessages: Record<PricingError['kind'], string> = {
  unknownPricingOption: cartMessages.unknownPricingOption,
  memberOptionOnly: cartMessages.memberOptionOnly,
  unknownTicket: cartMessages.unknownTicket,
  quantity: cartMessages.quantity,
};

/** The sessions an item asks for, each saying whether the customer has already booked it. */
async function sessionsFor(
  db: Database,
  item: CartAddRequest['items'][number],
  customerId: number,
  now: Date,
): Promise<BookableRow[]> {
  if (addedItemNames(item.type) === 'course') {
    const bundle = await listBundleBookables(db, item.id, customerId, now);
    if (bundle.length > 0) return bundle;
  }
  const one = await findBookable(db, item.id, customerId, now);
  if (!one) return [];
  // A course's session is bought with the rest of its course.
  return one.bundleId !== null ? listBundleBookables(db, one.bundleId, customerId, now) : [one];
}

async function planItems(
  deps: CartDeps,
  acting: Acting,
  items: CartAddRequest['items'],
  now: Date,
): Promise<AddPlan[]> {
  const errors: FieldErrors = {};
  const plans: AddPlan[] = [];
  for (const [index, item] of items.entries()) {
    const at = `items.${index}`;
    const sessions = await sessionsFor(deps.db, item, acting.customer.id, now);
    const first = sessions[0];
    if (!first || first.clientId !== acting.clientId) {
      errors[`${at}.id`] = [cartMessages.itemNotFound];
      continue;
    }
    if (sessions.some((s) => s.startsAt <= now)) {
      errors[`${at}.id`] = [cartMessages.started];
      continue;
    }
    if (sessions.some((s) => s.firstBookableAt > now)) {
      errors[`${at}.id`] = [cartMessages.notBookableYet];
      continue;
    }
    if (item.purchased_for_user_id !== undefined && item.purchased_for_user_id !== acting.customer.id) {
      errors[`${at}.purchased_for_user_id`] = ["Places can only be booked for the basket's customer."];
      continue;
    }
    const priced = priceLine(await activityPricingOf(deps.db, deps.config, first.activityId), {
      pricingOptionId: item.pricing_option_id,
      ticketId: item.ticket_id,
      quantity: item.quantity,
      tickets: item.options?.tickets,
      applyBenefit: item.apply_benefit ?? true,
      isMember: acting.isMember,
    });
    if (isPricingError(priced)) {
      errors[`${at}.${priced.field}`] = [pricingMessages[priced.kind]];
      continue;
    }
    if (sessions.some((s) => s.bookedByCustomer)) {
      errors[`${at}.id`] = [cartMessages.alreadyBooked];
      continue;
    }
    const isBundle = first.bundleId !== null;
    if (
      plans.some((plan) => plan.sessions.some((s) => sessions.some((t) => t.occurrenceId === s.occurrenceId)))
    ) {
      errors[`${at}.id`] = [cartMessages.alreadyInCart];
      continue;
    }
    plans.push({
      index,
      cartableType: addedLineKind(item.type, { inCourse: isBundle }),
      activityId: first.activityId,
      venueId: first.venueId,
      occurrenceId: isBundle ? null : first.occurrenceId,
      bundleId: first.bundleId,
      sessions,
      priced,
      applyBenefit: item.apply_benefit ?? true,
    });
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return plans;
}

/** 422 'full' for a plan's item: the transaction rolls its lines and holds back. */
function sessionFull(plan: AddPlan): AppError {
  return AppError.validation({ [`items.${plan.index}.id`]: [cartMessages.full] }, cartMessages.full);
}

/**
 * `POST activities/cart/add`: takes the places of every item (sessions locked in id order, each by a
 * conditional UPDATE that cannot pass capacity) and holds them for `CART_HOLD_MINUTES`. All or
 * nothing: a full session answers 422 ('full') and nothing is written.
 */
export async function addToCart(deps: CartDeps, acting: Acting, body: CartAddRequest): Promise<BasketView> {
  if (body.items.some(addsAFee)) return addPenaltiesToCart(deps, acting, body);
  const now = new Date();
  const plans = await planItems(deps, acting, body.items, now);
  // Run-out holds on these sessions give their places back first, only where some have run out (read
  // with the session): nearly every add sends no release (decision 030).
  const held = plans.flatMap((plan) => plan.sessions.filter((s) => s.holdsRunOut).map((s) => s.occurrenceId));
  if (held.length > 0) await deps.holds.releaseExpired({ occurrenceIds: held });
  const atOnce = await addOneLineAtOnce(deps, acting, plans, body.source, now);
  if (atOnce) return atOnce;
  const cart = await currentCart(deps, acting, body.source);
  const { locked, known } = await inBasketTransaction(deps.db, async (tx) => {
    const locked = await lockOpenCart(tx, cart, now);
    const existing = await listCartItemRows(tx, cart.id);
    const errors: FieldErrors = {};
    for (const plan of plans) {
      const inCart = existing.some(
        (item) =>
          (plan.bundleId !== null && item.bundleId === plan.bundleId) ||
          (plan.occurrenceId !== null && item.occurrenceId === plan.occurrenceId),
      );
      if (inCart) errors[`items.${plan.index}.id`] = [cartMessages.alreadyInCart];
    }
    if (Object.keys(errors).length > 0) throw AppError.validation(errors);

    if (body.source && body.source !== locked.source) await updateCart(tx, cart.id, { source: body.source });
    const expiresAt = holdExpiry(deps.config, now);
    // One line of one session (nearly every add): its place is taken by the statement that writes
    // the line, last in it. Otherwise every place is taken after all the lines, in session id order.
    const onePlace = plans.length === 1 && plans[0]?.sessions.length === 1;
    for (const plan of plans) {
      // Priced here, under the basket lock, so earlier lines of this add count against the uses.
      const priced = plan.applyBenefit
        ? await withActivityBenefit(tx, acting, cart.id, plan.activityId, plan.priced, {
            places: plan.priced.quantity * plan.sessions.length,
            now,
          })
        : plan.priced;
      const lineId = await insertCartItemWithHolds(
        tx,
        {
          cartId: cart.id,
          cartableType: plan.cartableType,
          activityId: plan.activityId,
          venueId: plan.venueId,
          occurrenceId: plan.occurrenceId,
          bundleId: plan.bundleId,
          pricingOptionId: plan.priced.pricingOptionId,
          purchasedForUserId: acting.customer.id,
          quantity: priced.quantity,
          amount: priced.amount,
          benefitApplied: priced.benefitApplied,
          tickets: priced.tickets,
        },
        {
          occurrenceIds: plan.sessions.map((session) => session.occurrenceId),
          quantity: plan.priced.quantity,
          expiresAt,
          takePlace: onePlace,
        },
      );
      if (lineId === undefined) throw sessionFull(plan);
    }
    // The places last, just before the commit: the sessions' row locks (the hot rows when bookings
    // open) are held for these statements only. In id order, so two adds cannot deadlock; a full
    // session rolls the lines and holds above back.
    const takes = onePlace
      ? []
      : plans
          .flatMap((plan) => plan.sessions.map((session) => ({ plan, occurrenceId: session.occurrenceId })))
          .sort((a, b) => a.occurrenceId - b.occurrenceId);
    for (const take of takes) {
      if (!(await takePlaces(tx, take.occurrenceId, take.plan.priced.quantity))) throw sessionFull(take.plan);
    }
    return { locked: { ...locked, source: body.source ?? locked.source }, known: knownLinesOf(existing) };
  });
  // The basket was tidied (run-out holds released) at the start of this request: described as committed.
  return viewOf(deps, acting, locked, known);
}

/**
 * Nearly every add, one line of one session, written by one statement with the customer's open
 * basket found or created (decision 026): no benefit to count against the customer's memberships,
 * the basket's source as it is, and nothing to tidy in it first. Answers the basket, a 422 'full', or
 * undefined for the transaction below to do it (and say why it cannot).
 */
async function addOneLineAtOnce(
  deps: CartDeps,
  acting: Acting,
  plans: AddPlan[],
  source: string | undefined,
  now: Date,
): Promise<BasketView | undefined> {
  if (!deps.config.oneStatementPaths) return;
  const plan = plans.length === 1 ? plans[0] : undefined;
  if (plan?.sessions.length !== 1 || plan.occurrenceId === null) return;
  if (!lineKind(plan.cartableType).oneStatementPath) return;
  // A benefit's uses are counted in the transaction. A benefit given while this add runs prices the
  // line as it was a moment before; checkout re-counts the benefit lines it has.
  if (
    plan.applyBenefit &&
    acting.isMember &&
    (await hasActivityBenefits(deps.db, acting.customer.id, plan.activityId))
  )
    return;
  const occurrenceId = plan.occurrenceId;
  const written = await asBasketWrite(() =>
    addLineAtOnce(
      deps.db,
      {
        userId: acting.customer.id,
        clientId: acting.clientId,
        uuid: randomUUID(),
        newSource: newBasketSource(acting, source),
        source: source ?? null,
      },
      {
        cartableType: plan.cartableType,
        activityId: plan.activityId,
        venueId: plan.venueId,
        occurrenceId,
        pricingOptionId: plan.priced.pricingOptionId,
        quantity: plan.priced.quantity,
        amount: plan.priced.amount,
        benefitApplied: plan.priced.benefitApplied,
        tickets: plan.priced.tickets,
      },
      { expiresAt: holdExpiry(deps.config, now), claimStartedBefore: claimStartedBefore(now), now },
    ),
  );
  if (written.kind === 'unsure') return;
  if (written.kind === 'full') throw sessionFull(plan);
  return viewOf(deps, acting, written.cart, {
    membership: written.hasMembership,
    penalty: written.hasPenalty,
  });
}

/** A `cart/add` item whose line pays a fee: such items are added on their own. */
function addsAFee(item: CartAddRequest['items'][number]): boolean {
  return paysAFee(lineKind(addedLineKind(item.type)));
}

/**
 * `POST activities/cart/add` with `penalty` items: one line per unpaid penalty of the customer's,
 * priced at its amount. The penalties are locked in the basket's transaction and a penalty sits in
 * at most one line (a unique link), so two tabs cannot add it twice. Fees are added on their own.
 */
async function addPenaltiesToCart(deps: CartDeps, acting: Acting, body: CartAddRequest): Promise<BasketView> {
  const foreign = body.items.findIndex((item) => !addsAFee(item));
  if (foreign >= 0)
    throw AppError.validation({ [`items.${foreign}.type`]: [paymentsMessages.penaltiesOnly] });
  const cart = await currentCart(deps, acting, body.source);
  await inBasketTransaction(deps.db, async (tx) => {
    await lockOpenCart(tx, cart, new Date());
    const plans = await planPenaltyLines(
      tx,
      acting,
      body.items.map((item, index) => ({ index, penaltyId: item.id })),
    );
    for (const plan of plans) {
      const item = await insertCartItem(tx, {
        cartId: cart.id,
        cartableType: addedLineKind('penalty'),
        activityId: null,
        venueId: plan.venueId,
        pricingOptionId: null,
        purchasedForUserId: acting.customer.id,
        quantity: 1,
        amount: plan.amount,
      });
      await linkPenaltyLine(tx, item.id, plan.penaltyId);
    }
    if (body.source && body.source !== cart.source) await updateCart(tx, cart.id, { source: body.source });
  });
  return getBasket(deps, acting);
}

// ---- Removing, changing, discarding -----------------------------------------------------------------------

/** The draft memberships whose first payments these lines are. */
function membershipIdsOf(items: CartItemRow[]): number[] {
  return items.flatMap((item) =>
    lineIs(item, activatesAMembership) && item.membershipId !== null ? [item.membershipId] : [],
  );
}

/** After the commit: the drafts of membership lines that left the basket unpaid are deleted. */
async function announceRemovedMembershipLines(deps: CartDeps, membershipIds: number[]): Promise<void> {
  if (membershipIds.length > 0)
    await deps.events.publish('basket.membership-lines.removed', { membershipIds });
}

/** Releases the places of these lines and removes them; answers the sessions that got places back. */
async function releaseItems(tx: Database, items: CartItemRow[], now: Date): Promise<number[]> {
  const holds = await deleteItemsWithHolds(
    tx,
    items.map((item) => item.id),
  );
  const offers = items.flatMap((item) => (item.waitlistEntryId === null ? [] : [item.waitlistEntryId]));
  await withdrawOffers(tx, offers, now);
  // The places last, in session id order (the order every writer locks them in): the sessions' row
  // locks are held from here to the commit only.
  for (const hold of holds) await releasePlaces(tx, hold.occurrenceId, hold.quantity);
  return [...new Set(holds.map((hold) => hold.occurrenceId))];
}

/** `POST activities/cart/remove`: 404 (nothing removed) when an id is not a line of this basket. */
export async function removeFromCart(
  deps: CartDeps,
  acting: Acting,
  cartItemIds: number[],
): Promise<BasketView> {
  const now = new Date();
  const cart = await findOpenCart(deps.db, acting.customer.id);
  if (!cart) throw AppError.notFound();
  const [only] = cartItemIds;
  const atOnce =
    deps.config.oneStatementPaths && cartItemIds.length === 1 && only !== undefined
      ? await asBasketWrite(() => removeLineAtOnce(deps.db, cart.id, only, claimStartedBefore(now)))
      : undefined;
  if (atOnce?.kind === 'removed') {
    await deps.holds.offerFreedPlaces(atOnce.freedOccurrenceIds);
    return viewOf(deps, acting, cart, { membership: atOnce.hasMembership, penalty: atOnce.hasPenalty });
  }
  const { locked, known, freed, membershipIds } = await inBasketTransaction(deps.db, async (tx) => {
    const locked = await lockOpenCart(tx, cart, now);
    const items = await listCartItemRows(tx, cart.id);
    const chosen = items.filter((item) => cartItemIds.includes(item.id));
    if (chosen.length !== new Set(cartItemIds).size) throw AppError.notFound();
    const freed = await releaseItems(tx, chosen, now);
    return { locked, known: knownLinesOf(items), freed, membershipIds: membershipIdsOf(chosen) };
  });
  await announceRemovedMembershipLines(deps, membershipIds);
  await deps.holds.offerFreedPlaces(freed);
  // Tidied at the start of this request, as addToCart's: described as committed.
  return viewOf(deps, acting, locked, known);
}

/** `DELETE activities/cart`: empties the basket and releases every place; reserved credit is dropped. */
export async function discardCart(deps: CartDeps, acting: Acting): Promise<BasketView> {
  const now = new Date();
  const cart = await currentCart(deps, acting);
  const { locked, freed, membershipIds } = await inBasketTransaction(deps.db, async (tx) => {
    const locked = await lockOpenCart(tx, cart, now);
    const items = await listCartItemRows(tx, cart.id);
    const freed = await releaseItems(tx, items, now);
    await updateCart(tx, cart.id, { creditGeneral: 0, creditMembership: 0 });
    return {
      locked: { ...locked, creditGeneral: 0, creditMembership: 0 },
      freed,
      membershipIds: membershipIdsOf(items),
    };
  });
  await announceRemovedMembershipLines(deps, membershipIds);
  await deps.holds.offerFreedPlaces(freed);
  return viewOf(deps, acting, locked, { membership: false, penalty: false });
}
