import { randomUUID } from 'node:crypto';
import { checkoutMessages } from '@leisure/contract/checkout';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, carts, memberships, orderItems, orders } from '../../db/schema';
import { addDays, localDateOf, zonedTimeToUtc } from '../../lib/dates';
import { api, createFixture, createUser, type Fixture, london } from '../../test/factories/basket-fixtures';
import { membershipFactory } from '../../test/factories/membership-factory';
import { startTestApp, type TestApp } from '../../test/harness';
import {
  type ActivityRow,
  createActivity,
  createActivityCategory,
  createOccurrence,
  type OccurrenceRow,
  offerActivities,
} from '../timetable/timetable.service';

/**
 * Membership activity benefits in the basket: a type with '2 free swims a week', a type with '50% off
 * aqua fit' (unlimited) and a type with no activity benefit. Members get their active membership row
 * directly (buying one is the joining flow's subject).
 */
describe('membership activity benefits in the basket', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let swim: ActivityRow;
  let aqua: ActivityRow;
  let swimSessions: OccurrenceRow[];
  let aquaSession: OccurrenceRow;
  const types: Record<'swim' | 'aqua' | 'gym', { typeId: number; optionId: number }> = {
    swim: { typeId: 0, optionId: 0 },
    aqua: { typeId: 0, optionId: 0 },
    gym: { typeId: 0, optionId: 0 },
  };

  async function member(type: keyof typeof types) {
    const customer = await createUser(t.db, f.clientId);
    await t.db.insert(memberships).values({
      clientId: f.clientId,
      userId: customer.user.id,
      membershipTypeId: types[type].typeId,
      paymentOptionId: types[type].optionId,
      homeVenueId: f.venue.id,
      status: 'active',
      startDate: addDays(localDateOf(new Date(), london), -30),
      billingDay: 1,
      costs: {
        joiningFee: 0,
        baseFee: 3000,
        proRataFee: 0,
        monthInHandFee: 3000,
        discount: 0,
        totalToPayNow: 3000,
        proRataDays: 0,
      },
      currency: 'GBP',
      activatedAt: new Date(),
    });
    return customer;
  }

  type Line = {
    id: number;
    cartable_id: number;
    price: { raw: number; formatted: string; benefit_applied: boolean };
  };

  async function add(headers: Record<string, string>, items: unknown[]) {
    const res = await http.post('/api/activities/cart/add', headers, { items });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; item_hash: string; items: Line[] };
  }

  const lineOf = (cart: { items: Line[] }, occurrenceId: number) => {
    const line = cart.items.find((item) => item.cartable_id === occurrenceId);
    if (!line) throw new Error(`no line for session ${occurrenceId}`);
    return line;
  };
  const priceOf = (cart: { items: Line[] }, occurrenceId: number) => {
    const { raw, formatted, benefit_applied } = lineOf(cart, occurrenceId).price;
    return { raw, formatted, benefit_applied };
  };
  const swimId = (i: number) => swimSessions[i]?.id ?? 0;
  const standard = { raw: 450, formatted: '£4.50', benefit_applied: false };
  const free = { raw: 0, formatted: '£0.00', benefit_applied: true };

  async function checkoutFree(headers: Record<string, string>, itemHash: string) {
    return http.post('/api/checkout/complete', headers, {
      item_hash: itemHash,
      terms: [f.termId],
      payments: [],
    });
  }

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db, 'benefit-operator');
    http = api(t.app);
    const category = await createActivityCategory(t.db, f.clientId, { slug: 'pool', name: 'Pool' });
    swim = await createActivity(t.db, f.clientId, {
      categoryId: category.id,
      slug: 'swim-for-fitness',
      name: 'Swim for Fitness',
      kind: 'class',
      durationMinutes: 45,
      bookingWindowDays: 30,
      pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 450 }] }],
    });
    aqua = await createActivity(t.db, f.clientId, {
      categoryId: category.id,
      slug: 'aqua-fit',
      name: 'Aqua Fit',
      kind: 'class',
      durationMinutes: 45,
      bookingWindowDays: 30,
      pricing: [{ name: 'Standard', tickets: [{ name: 'Adult', amount: 455 }] }],
    });
    await offerActivities(t.db, [
      { venueId: f.venue.id, activityId: swim.id },
      { venueId: f.venue.id, activityId: aqua.id },
    ]);
    const opened = new Date(Date.now() - 3600_000);
    const at = (time: string) => zonedTimeToUtc(f.tomorrow, time, london);
    swimSessions = [];
    for (const time of ['07:00', '08:00', '09:00', '10:00', '11:00', '12:00']) {
      swimSessions.push(
        await createOccurrence(t.db, {
          activity: swim,
          venue: f.venue,
          location: f.studio,
          startsAt: at(time),
          capacity: 50,
          firstBookableAt: opened,
        }),
      );
    }
    aquaSession = await createOccurrence(t.db, {
      activity: aqua,
      venue: f.venue,
      location: f.studio,
      startsAt: at('13:00'),
      capacity: 50,
      firstBookableAt: opened,
    });
    const factory = membershipFactory(t.db, f.clientId);
    const option = [{ name: 'Monthly', paymentType: 'recurring' as const, baseFee: 3000 }];
    const make = async (slug: string, benefits: Parameters<typeof factory.createType>[0]['benefits']) => {
      const { type, options } = await factory.createType({
        slug,
        name: slug,
        description: '<p>Test type.</p>',
        coverage: 'local',
        categories: ['Gym'],
        soldAt: [f.venue.id],
        benefits,
        options: option,
      });
      return { typeId: type.id, optionId: options[0]?.id ?? 0 };
    };
    types.swim = await make('swim-plus', [
      {
        name: 'Free swimming',
        kind: 'activity',
        activityId: swim.id,
        discountPercent: 100,
        totalUses: 2,
        frequency: 'weeks',
      },
    ]);
    types.aqua = await make('aqua-plus', [
      { name: '50% off aqua fit', kind: 'activity', activityId: aqua.id, discountPercent: 50 },
    ]);
    types.gym = await make('gym-only', [{ name: 'Towel', kind: 'other' }]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a member with a free-swim benefit gets the swim at £0.00 with benefit_applied', async () => {
    const { headers } = await member('swim');
    const cart = await add(headers, [{ id: swimId(0), type: 'activity' }]);
    expect(priceOf(cart, swimId(0))).toEqual(free);
    expect(cart).toMatchObject({ total: 0, formatted_total: '£0.00' });
  });

  it('a 50% benefit halves the price, rounded down in the member’s favour', async () => {
    const { headers } = await member('aqua');
    const cart = await add(headers, [{ id: aquaSession.id, type: 'activity' }]);
    expect(priceOf(cart, aquaSession.id)).toEqual({ raw: 227, formatted: '£2.27', benefit_applied: true });
    // The ticket shown under the line carries the same discount, so the two agree.
    const line = lineOf(cart, aquaSession.id) as Line & {
      child_items: { name: string; price: { raw: number } }[];
    };
    expect(line.child_items.map((child) => [child.name, child.price.raw])).toEqual([['Adult', 227]]);
    // Each place is rounded down: two places are 2 x £2.27.
    const two = await http.put(`/api/activities/cart/${line.id}`, headers, { quantity: 2 });
    expect(two.statusCode, two.body).toBe(200);
    expect(priceOf(two.json().data, aquaSession.id)).toEqual({
      raw: 454,
      formatted: '£4.54',
      benefit_applied: true,
    });
  });

  it('non-members and members of a type without the benefit pay the standard price', async () => {
    const stranger = await createUser(t.db, f.clientId);
    expect(priceOf(await add(stranger.headers, [{ id: swimId(0), type: 'activity' }]), swimId(0))).toEqual(
      standard,
    );
    const gym = await member('gym');
    expect(priceOf(await add(gym.headers, [{ id: swimId(0), type: 'activity' }]), swimId(0))).toEqual(
      standard,
    );
    // A swim member's benefit is for swimming only.
    const swimmer = await member('swim');
    expect(
      priceOf(await add(swimmer.headers, [{ id: aquaSession.id, type: 'activity' }]), aquaSession.id),
    ).toEqual({ raw: 455, formatted: '£4.55', benefit_applied: false });
  });

  it('apply_benefit false and removing the benefit give the standard price', async () => {
    const { headers } = await member('swim');
    const declined = await add(headers, [{ id: swimId(0), type: 'activity', apply_benefit: false }]);
    expect(priceOf(declined, swimId(0))).toEqual(standard);

    const cart = await add(headers, [{ id: swimId(1), type: 'activity' }]);
    expect(priceOf(cart, swimId(1))).toEqual(free);
    const lineId = lineOf(cart, swimId(1)).id;
    const removed = await http.delete(`/api/activities/benefit/remove/${lineId}`, headers);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(priceOf(removed.json().data, swimId(1))).toEqual(standard);
    const again = await http.delete(`/api/activities/benefit/remove/${lineId}`, headers);
    expect(again.statusCode).toBe(422);
  });

  it('uses per period: lines past the uses left, and after booking, pay the standard price; a cancellation gives the use back', async () => {
    const { headers, user } = await member('swim');
    // Two places on one line need two uses: both left, so the line is free.
    let cart = await add(headers, [{ id: swimId(0), type: 'activity', quantity: 2 }]);
    expect(priceOf(cart, swimId(0))).toEqual(free);
    // The week's two uses are in the basket: the next line pays.
    cart = await add(headers, [{ id: swimId(1), type: 'activity' }]);
    expect(priceOf(cart, swimId(1))).toEqual(standard);
    const paidLine = lineOf(cart, swimId(1)).id;
    const removed = await http.post('/api/activities/cart/remove', headers, { cart_item_ids: [paidLine] });
    expect(removed.statusCode, removed.body).toBe(200);
    cart = removed.json().data;

    // Raising the free line past the uses left puts it back to the standard price.
    const raised = await http.put(`/api/activities/cart/${lineOf(cart, swimId(0)).id}`, headers, {
      quantity: 3,
    });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(priceOf(raised.json().data, swimId(0))).toEqual({
      raw: 1350,
      formatted: '£13.50',
      benefit_applied: false,
    });
    await http.post('/api/activities/cart/remove', headers, { cart_item_ids: [lineOf(cart, swimId(0)).id] });

    // Book the two uses.
    cart = await add(headers, [
      { id: swimId(0), type: 'activity' },
      { id: swimId(1), type: 'activity' },
    ]);
    expect([priceOf(cart, swimId(0)), priceOf(cart, swimId(1))]).toEqual([free, free]);
    const done = await checkoutFree(headers, cart.item_hash);
    expect(done.statusCode, done.body).toBe(200);
    const orderId = done.json().complete_order_id as number;
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((line) => [line.amount, line.benefitApplied])).toEqual([
      [0, true],
      [0, true],
    ]);

    // Spent for the week.
    cart = await add(headers, [{ id: swimId(2), type: 'activity' }]);
    expect(priceOf(cart, swimId(2))).toEqual(standard);
    await http.delete('/api/activities/cart', headers);

    // A cancelled place gives its use back.
    await t.db
      .update(bookings)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(
        and(
          eq(bookings.orderId, orderId),
          eq(bookings.occurrenceId, swimId(0)),
          eq(bookings.userId, user.id),
        ),
      );
    cart = await add(headers, [{ id: swimId(3), type: 'activity' }]);
    expect(priceOf(cart, swimId(3))).toEqual(free);
  });

  it('two checkouts cannot spend one last use: the later is refused and its line re-priced', async () => {
    const { headers, user } = await member('swim');
    // One use already spent this week (booked through the benefit).
    let cart = await add(headers, [{ id: swimId(0), type: 'activity' }]);
    expect((await checkoutFree(headers, cart.item_hash)).statusCode).toBe(200);
    cart = await add(headers, [{ id: swimId(1), type: 'activity' }]);
    expect(priceOf(cart, swimId(1))).toEqual(free);

    // Another checkout spends the last use at the same moment: it holds the membership's lock while
    // it writes its booking, as checkout does.
    const [membership] = await t.db.select().from(memberships).where(eq(memberships.userId, user.id));
    if (!membership) throw new Error('no membership');
    let release = () => {};
    const locked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let otherHasLock = () => {};
    const otherLocked = new Promise<void>((resolve) => {
      otherHasLock = resolve;
    });
    const other = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from memberships where id = ${membership.id} for update`);
      const [otherCart] = await tx
        .insert(carts)
        .values({
          uuid: randomUUID(),
          clientId: f.clientId,
          userId: user.id,
          source: 'foh',
          status: 'completed',
        })
        .returning();
      if (!otherCart) throw new Error('no cart');
      const [order] = await tx
        .insert(orders)
        .values({
          clientId: f.clientId,
          cartId: otherCart.id,
          userId: user.id,
          createdByUserId: user.id,
          source: 'foh',
          currency: 'GBP',
          total: 0,
        })
        .returning();
      if (!order) throw new Error('no order');
      const [line] = await tx
        .insert(orderItems)
        .values({
          orderId: order.id,
          cartableType: 'activity',
          name: '',
          activityId: swim.id,
          venueId: f.venue.id,
          occurrenceId: swimId(4),
          purchasedForUserId: user.id,
          quantity: 1,
          amount: 0,
          benefitApplied: true,
        })
        .returning();
      if (!line) throw new Error('no line');
      await tx.insert(bookings).values({
        orderId: order.id,
        orderItemId: line.id,
        userId: user.id,
        occurrenceId: swimId(4),
        quantity: 1,
      });
      otherHasLock();
      await locked;
    });
    await otherLocked;
    const checkout = checkoutFree(headers, cart.item_hash);
    // The checkout waits for the other's lock; had it not, it would count the uses before the other commits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await other;
    const refused = await checkout;
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(checkoutMessages.basketChanged);
    const now = (await http.get('/api/activities/cart', headers)).json().data;
    expect(priceOf(now, swimId(1))).toEqual(standard);
    expect(await t.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(2);
  });
});
