import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activities,
  cartHolds,
  cartItems,
  carts,
  occurrences,
  outboundEmails,
  waitlistEntries,
} from '../../db/schema';
import {
  api,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
  payByCard,
} from '../../test/factories/basket-fixtures';
import { membershipFactory } from '../../test/factories/membership-factory';
import { insertMembership } from '../../test/factories/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { findOccurrenceRow } from '../timetable/timetable.repository';

describe('waitlist calls', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;

  const places = async (occurrenceId: number) => {
    const row = await findOccurrenceRow(t.db, occurrenceId);
    return { held: row?.heldCount, booked: row?.bookedCount };
  };

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('waitlist', () => {
    it('a full class offers the waitlist; a freed place goes to the first person waiting, with an email', async () => {
      const holder = await createUser(t.db, f.clientId);
      const added = await http.post('/api/activities/cart/add', holder.headers, {
        items: [{ id: f.yogaSession.id, type: 'activity', quantity: 10 }],
      });
      expect(added.statusCode, added.body).toBe(200);
      const waiter = await createUser(t.db, f.clientId, { firstName: 'Wendy' });
      const second = await createUser(t.db, f.clientId);
      const timetable = await http.get(
        `/api/activities/venue/cart-venue/activity/fitness-classes-c/timetable?date=${f.tomorrow}`,
        waiter.headers,
      );
      const item = timetable.json().data.find((s: { id: string }) => s.id === String(f.yogaSession.id));
      expect(item.action_to_show.status).toBe('WAITLIST');
      expect(item.waitlist_id).toBeNull();

      const notFull = await http.post('/api/activities/waitlist', waiter.headers, {
        occurrence_id: f.freeSession.id,
      });
      expect(notFull.statusCode).toBe(422);
      const bad = await http.post('/api/activities/waitlist', waiter.headers, { occurrence_id: 'x' });
      expect(bad.statusCode).toBe(422);
      const joined = await http.post('/api/activities/waitlist', waiter.headers, {
        occurrence_id: f.yogaSession.id,
      });
      expect(joined.statusCode, joined.body).toBe(201);
      expect(joined.json().data).toMatchObject({
        occurrence_id: f.yogaSession.id,
        position: 1,
        status: 'waiting',
      });
      const twice = await http.post('/api/activities/waitlist', waiter.headers, {
        occurrence_id: f.yogaSession.id,
      });
      expect(twice.statusCode).toBe(422);
      const secondJoin = await http.post('/api/activities/waitlist', second.headers, {
        occurrence_id: String(f.yogaSession.id),
      });
      expect(secondJoin.json().data.position).toBe(2);
      const shown = await http.get(
        `/api/activities/venue/cart-venue/activity/fitness-classes-c/v2/timetable?date=${f.tomorrow}`,
        waiter.headers,
      );
      expect(
        shown.json().data.find((s: { id: string }) => s.id === String(f.yogaSession.id)).waitlist_id,
      ).toBe(joined.json().data.id);

      // One place frees: it lands in Wendy's basket, held, and she gets an email.
      const holderCart = added.json().data;
      const freed = await http.put(`/api/activities/cart/${holderCart.items[0].id}`, holder.headers, {
        quantity: 9,
      });
      expect(freed.statusCode, freed.body).toBe(200);
      const offered = (await http.get('/api/activities/cart', waiter.headers)).json().data;
      expect(offered.items).toHaveLength(1);
      expect(offered.items[0]).toMatchObject({
        cartable_id: f.yogaSession.id,
        from_waitlist: true,
        quantity: 1,
      });
      expect(offered.hold_expires_at).not.toBeNull();
      expect(await places(f.yogaSession.id)).toEqual({ held: 10, booked: 0 });
      const [entry] = await t.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.id, joined.json().data.id));
      expect(entry?.status).toBe('offered');
      const mails = await t.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, waiter.user.email));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe('A place is free: Fitness Classes C');
      expect(mails[0]?.text).toContain('holding it for you until');

      // Her offer runs out: the place passes to the next person waiting.
      await t.db
        .update(cartHolds)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(cartHolds.cartId, offered.id));
      await t.app.holdKeeper.sweep();
      expect((await http.get('/api/activities/cart', waiter.headers)).json().data.items).toEqual([]);
      const secondCart = (await http.get('/api/activities/cart', second.headers)).json().data;
      expect(secondCart.items).toHaveLength(1);
      expect(secondCart.items[0].from_waitlist).toBe(true);
      const [expired] = await t.db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.id, joined.json().data.id));
      expect(expired?.status).toBe('expired');

      // Leaving: someone else's entry is 404.
      const leave = await http.delete(
        `/api/activities/waitlist/${secondJoin.json().data.id}`,
        waiter.headers,
      );
      expect(leave.statusCode).toBe(404);
      await http.delete('/api/activities/cart', holder.headers);
      await http.delete('/api/activities/cart', second.headers);
      expect(await places(f.yogaSession.id)).toEqual({ held: 0, booked: 0 });
    });
  });

  it('a crash between releasing an offer and expiring it is mended by the next sweep: the place goes on', async () => {
    const holder = await createUser(t.db, f.clientId);
    const added = await http.post('/api/activities/cart/add', holder.headers, {
      items: [{ id: f.yogaSession.id, type: 'activity', quantity: 10 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const first = await createUser(t.db, f.clientId);
    const next = await createUser(t.db, f.clientId);
    const joined = await http.post('/api/activities/waitlist', first.headers, {
      occurrence_id: f.yogaSession.id,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    await http.post('/api/activities/waitlist', next.headers, { occurrence_id: f.yogaSession.id });
    await http.put(`/api/activities/cart/${added.json().data.items[0].id}`, holder.headers, { quantity: 9 });
    const offered = (await http.get('/api/activities/cart', first.headers)).json().data;
    expect(offered.items).toHaveLength(1);

    // What the release's one statement does (the line, its hold and the place go), and then the
    // process dies: the offer is not expired and the freed place is not offered on.
    await t.db.delete(cartHolds).where(eq(cartHolds.cartId, offered.id));
    await t.db.delete(cartItems).where(eq(cartItems.id, offered.items[0].id));
    await t.db
      .update(occurrences)
      .set({ heldCount: sql`${occurrences.heldCount} - 1` })
      .where(eq(occurrences.id, f.yogaSession.id));

    await t.app.holdKeeper.sweep();
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, joined.json().data.id));
    expect(entry?.status).toBe('expired');
    const nextCart = (await http.get('/api/activities/cart', next.headers)).json().data;
    expect(nextCart.items).toHaveLength(1);
    expect(nextCart.items[0]).toMatchObject({ cartable_id: f.yogaSession.id, from_waitlist: true });
    expect(await places(f.yogaSession.id)).toEqual({ held: 10, booked: 0 });
    await http.delete('/api/activities/cart', holder.headers);
    await http.delete('/api/activities/cart', next.headers);
  });

  it('a member offered a place from the waitlist is charged the member price, the price they were shown', async () => {
    // Badminton: 592 standard, 480 for members; court 1 takes one player. Here it keeps a waitlist.
    await t.db.update(activities).set({ hasWaitlist: true }).where(eq(activities.id, f.badminton.id));
    const court = f.courtSessions[0];
    if (!court) throw new Error('no court session');
    const member = await createUser(t.db, f.clientId, { firstName: 'Mo' });
    const { type, options } = await membershipFactory(t.db, f.clientId).createType({
      slug: 'waitlist-member',
      name: 'Waitlist Member',
      description: '<p>Courts at member prices.</p>',
      coverage: 'local',
      categories: ['Courts'],
      soldAt: [f.venue.id],
      options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 3000 }],
    });
    await insertMembership(t.db, {
      clientId: f.clientId,
      userId: member.user.id,
      typeId: type.id,
      optionId: options[0]?.id ?? 0,
      venueId: f.venue.id,
      startDate: '2020-01-01',
    });
    const shown = await http.get(
      `/api/activities/venue/cart-venue/activity/badminton-40min/v2/times?date=${f.tomorrow}`,
      member.headers,
    );
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().data[0]?.price).toEqual({ is_estimated: false, formatted_amount: '£4.80' });

    const holder = await createUser(t.db, f.clientId);
    const added = await http.post('/api/activities/cart/add', holder.headers, {
      items: [{ id: court.id, type: 'activity' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const joined = await http.post('/api/activities/waitlist', member.headers, { occurrence_id: court.id });
    expect(joined.statusCode, joined.body).toBe(201);

    // The holder lets the court go: it is offered to the member at the member price.
    expect((await http.delete('/api/activities/cart', holder.headers)).statusCode).toBe(200);
    const offered = (await http.get('/api/activities/cart', member.headers)).json().data;
    expect(offered.items).toHaveLength(1);
    expect(offered.items[0]).toMatchObject({
      cartable_id: court.id,
      from_waitlist: true,
      price: { raw: 480, benefit_applied: true },
    });
    expect(offered.total).toBe(480);

    const paid = await payByCard(t.app, member.headers, offered, {
      termId: f.termId,
      token: await cardToken(t.app),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await http.get(`/api/my-account/orders/${paid.json().complete_order_id}`, member.headers);
    expect(order.json().data).toMatchObject({ total: 480, payments: [{ tender_type: 'card', amount: 480 }] });
    const [entry] = await t.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, joined.json().data.id));
    expect(entry?.status).toBe('accepted');
  });

  it('a place is not put in a basket being paid for by card: it is offered once that payment has let go', async () => {
    const holder = await createUser(t.db, f.clientId);
    const added = await http.post('/api/activities/cart/add', holder.headers, {
      items: [{ id: f.yogaSession.id, type: 'activity', quantity: 10 }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const waiter = await createUser(t.db, f.clientId);
    const joined = await http.post('/api/activities/waitlist', waiter.headers, {
      occurrence_id: f.yogaSession.id,
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const basket = (await http.get('/api/activities/cart', waiter.headers)).json().data;
    // The waiter's basket is being paid for (a card checkout's claim, just taken).
    await t.db
      .update(carts)
      .set({ checkoutClaim: 'paying', checkoutStartedAt: new Date() })
      .where(eq(carts.id, basket.id));

    await http.put(`/api/activities/cart/${added.json().data.items[0].id}`, holder.headers, { quantity: 9 });
    expect(await t.db.select().from(cartItems).where(eq(cartItems.cartId, basket.id))).toEqual([]);
    expect(await places(f.yogaSession.id)).toEqual({ held: 9, booked: 0 });
    const entryOf = async () =>
      (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, joined.json().data.id)))[0];
    expect((await entryOf())?.status).toBe('waiting');

    // The payment's claim runs out: the next sweep offers the place.
    await t.db
      .update(carts)
      .set({ checkoutStartedAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(carts.id, basket.id));
    await t.app.holdKeeper.sweep();
    expect((await entryOf())?.status).toBe('offered');
    const offered = await t.db.select().from(cartItems).where(eq(cartItems.cartId, basket.id));
    expect(offered).toMatchObject([
      { occurrenceId: f.yogaSession.id, waitlistEntryId: joined.json().data.id },
    ]);
    expect(await places(f.yogaSession.id)).toEqual({ held: 10, booked: 0 });
    await http.delete('/api/activities/cart', holder.headers);
    await http.delete('/api/activities/cart', waiter.headers);
  });

  it('documents every call in the OpenAPI description', async () => {
    const doc = (await http.get('/api/docs', {})).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/activities/waitlist', 'post'],
      ['/api/activities/waitlist/{waitlistId}', 'delete'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
