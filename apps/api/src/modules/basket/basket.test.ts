import { cartMessages } from '@leisure/contract/cart';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cartHolds, cartItems } from '../../db/schema';
import { describeBothPaths } from '../../test/both-paths';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { grantCredit } from '../credit/credit.service';
import { findOccurrenceRow } from '../timetable/timetable.repository';
import { setPlacesUsed } from '../timetable/timetable.service';

const notFound = { message: 'Unable to complete request, item not found.' };

describeBothPaths('cart calls', (paths) => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;

  const places = async (occurrenceId: number) => {
    const row = await findOccurrenceRow(t.db, occurrenceId);
    return { held: row?.heldCount, booked: row?.bookedCount };
  };
  const court = (i = 0) => {
    const session = f.courtSessions[i];
    if (!session) throw new Error('no court session');
    return session;
  };

  beforeAll(async () => {
    t = await paths.start();
    f = await createFixture(t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET activities/cart', () => {
    it('answers 401 without a session', async () => {
      const res = await http.get('/api/activities/cart', {});
      expect(res.statusCode).toBe(401);
    });

    it('answers an empty basket with every field the spec lists', async () => {
      const { headers, user } = await createUser(t.db, f.clientId);
      const res = await http.get('/api/activities/cart', headers);
      expect(res.statusCode).toBe(200);
      const cart = res.json().data;
      expect(cart).toMatchObject({
        id: expect.any(Number),
        uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
        source: 'activity-booking',
        status: 'open',
        user_id: user.id,
        selected_user_id: null,
        total: 0,
        item_count: 0,
        formatted_total: '£0.00',
        formatted_balance: '£0.00',
        totals: { total: 0, sub_total: 0, tax_total: 0, balance: 0, item_count: 0 },
        item_hash: expect.any(String),
        hold_expires_at: null,
        credits: {
          general: { total_available: 0, max_applicable: 0, reserved: 0 },
          membership: { total_available: 0, max_applicable: 0, reserved: 0 },
        },
        attendee_waivers_required: [],
        items: [],
      });
      // The same basket on the next read.
      expect((await http.get('/api/activities/cart', headers)).json().data.id).toBe(cart.id);
    });

    it('refuses a customer naming someone else (403) and staff naming nobody (422)', async () => {
      const { headers } = await createUser(t.db, f.clientId);
      const other = await createUser(t.db, f.clientId);
      const res = await http.get(`/api/activities/cart?selected_user_id=${other.user.id}`, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Unauthorised.' });
      const staff = await createUser(t.db, f.clientId, { staff: true });
      const noCustomer = await http.get('/api/activities/cart', staff.headers);
      expect(noCustomer.statusCode).toBe(422);
      expect(noCustomer.json().errors).toEqual({ selected_user_id: [cartMessages.customerRequired] });
      const bad = await http.get('/api/activities/cart?selected_user_id=abc', staff.headers);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toHaveProperty('selected_user_id');
      const unknown = await http.get('/api/activities/cart?selected_user_id=999999', staff.headers);
      expect(unknown.statusCode).toBe(404);
    });
  });

  describe('POST activities/cart/add', () => {
    it('holds a court: the place is taken, the item shows its session, the hold and the hash', async () => {
      const { headers, user } = await createUser(t.db, f.clientId);
      const before = (await http.get('/api/activities/cart', headers)).json().data;
      const res = await http.post('/api/activities/cart/add', headers, {
        items: [{ id: String(court(0).id), type: 'activity' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const cart = res.json().data;
      expect(cart.item_count).toBe(1);
      expect(cart.total).toBe(592);
      expect(cart.formatted_total).toBe('£5.92');
      expect(cart.item_hash).not.toBe(before.item_hash);
      const holdEnds = Date.parse(cart.hold_expires_at);
      expect(holdEnds - Date.now()).toBeGreaterThan(14 * 60_000);
      expect(holdEnds - Date.now()).toBeLessThanOrEqual(15 * 60_000);
      expect(cart.items[0]).toMatchObject({
        id: expect.any(Number),
        name: 'Badminton 40min',
        price: {
          formatted: '£5.92',
          decimal: '5.92',
          raw: 592,
          benefit_applied: false,
          package_applied: false,
        },
        quantity: 1,
        cartable_type: 'activity',
        cartable_id: court(0).id,
        cartable_resource: {
          name: 'Badminton 40min',
          venue_name: 'Cart Venue',
          location: {
            id: expect.stringMatching(/^\d+$/),
            name: 'Court 1',
            type: expect.any(String),
            slug: expect.any(String),
            venue_id: f.venue.id,
            venue_slug: expect.any(String),
          },
          date: {
            raw: f.tomorrow,
            full_date_pretty: expect.stringMatching(/^[A-Z][a-z]{2} \d{2} [A-Z][a-z]+ \d{4}$/),
          },
          date_raw: f.tomorrow,
          time: '18:00 - 18:40',
          duration: '40min',
          starts_at: {
            local: expect.stringMatching(new RegExp(`^${f.tomorrow}T18:00:00[+-]\\d{2}:\\d{2}$`)),
            utc: expect.stringMatching(/Z$/),
            format_12_hour: '6:00pm',
            format_24_hour: '18:00',
          },
          ends_at: { format_24_hour: '18:40', format_12_hour: '6:40pm' },
        },
        child_items: [],
        purchased_for_user_id: user.id,
        needs_waiver: false,
        from_waitlist: false,
      });
      expect(await places(court(0).id)).toEqual({ held: 1, booked: 0 });
      // The court is now full for anyone else: 422 with 'full', nothing written.
      const other = await createUser(t.db, f.clientId);
      const full = await http.post('/api/activities/cart/add', other.headers, {
        items: [{ id: court(0).id, type: 'activity' }],
      });
      expect(full.statusCode).toBe(422);
      expect(full.json().message).toContain('full');
      expect(full.json().errors).toEqual({ 'items.0.id': [cartMessages.full] });
      expect(await places(court(0).id)).toEqual({ held: 1, booked: 0 });
      // The same session twice in one basket is refused.
      const again = await http.post('/api/activities/cart/add', headers, {
        items: [{ id: court(0).id, type: 'activity' }],
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors['items.0.id']).toEqual([cartMessages.alreadyInCart]);
      // Removing releases the place.
      const removed = await http.post('/api/activities/cart/remove', headers, {
        cart_item_ids: [cart.items[0].id],
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.items).toEqual([]);
      expect(await places(court(0).id)).toEqual({ held: 0, booked: 0 });
    });

    it('books class tickets with quantities as child items, and a waiver is required', async () => {
      const { headers, user } = await createUser(t.db, f.clientId);
      const junior = f.yoga.id; // placeholder to keep names close to the spec below
      expect(junior).toBeGreaterThan(0);
      const occurrence = (
        await http.get(`/api/v1/activities/occurrences/${f.yogaSession.id}`, headers)
      ).json().data;
      const [adult, child] = occurrence.tickets;
      const res = await http.post('/api/activities/cart/add', headers, {
        items: [
          {
            id: f.yogaSession.id,
            type: 'activity',
            options: {
              tickets: [
                { ticket_id: adult.id, quantity: 2 },
                { ticket_id: child.id, quantity: 1 },
              ],
            },
          },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const cart = res.json().data;
      expect(cart.total).toBe(2 * 750 + 450);
      expect(cart.items[0]).toMatchObject({
        quantity: 3,
        cartable_resource: { instructor: 'Jess Okafor', location: { name: 'Studio 1' } },
        needs_waiver: true,
        child_items: [
          { name: 'Adult', quantity: 2, cartable_type: 'activityTicket', price: { raw: 1500 } },
          { name: 'Junior', quantity: 1, cartable_type: 'activityTicket', price: { raw: 450 } },
        ],
      });
      expect(cart.attendee_waivers_required).toEqual([
        {
          waiver_id: f.waiverId,
          title: 'Studio safety waiver',
          html: '<p>Take care.</p>',
          user_id: user.id,
          user_name: `${user.firstName} Tester`,
          cart_item_ids: [cart.items[0].id],
        },
      ]);
      expect(await places(f.yogaSession.id)).toEqual({ held: 3, booked: 0 });
      // PUT changes the quantities: fewer places give places back.
      const updated = await http.put(`/api/activities/cart/${cart.items[0].id}`, headers, {
        options: { tickets: [{ ticket_id: adult.id, quantity: 1 }] },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().data.items[0]).toMatchObject({ quantity: 1, price: { raw: 750 } });
      expect(updated.json().data.item_hash).not.toBe(cart.item_hash);
      expect(await places(f.yogaSession.id)).toEqual({ held: 1, booked: 0 });
      const tooMany = await http.put(`/api/activities/cart/${cart.items[0].id}`, headers, { quantity: 11 });
      expect(tooMany.statusCode).toBe(422);
      expect(await places(f.yogaSession.id)).toEqual({ held: 1, booked: 0 });
      const discarded = await http.delete('/api/activities/cart', headers);
      expect(discarded.statusCode).toBe(200);
      expect(discarded.json().data.items).toEqual([]);
      expect(await places(f.yogaSession.id)).toEqual({ held: 0, booked: 0 });
    });

    it('holds every session of a course together, by bundle id or by one of its sessions', async () => {
      const { headers } = await createUser(t.db, f.clientId);
      const res = await http.post('/api/activities/cart/add', headers, {
        items: [{ id: f.bundleId, type: 'av2BookingBundle' }],
      });
      expect(res.statusCode, res.body).toBe(200);
      const item = res.json().data.items[0];
      expect(item).toMatchObject({
        name: 'Adult Swimming Course (Tuesdays 7pm)',
        cartable_type: 'av2BookingBundle',
        cartable_id: f.bundleId,
        price: { raw: 4800 },
      });
      expect(item.child_items.map((c: { cartable_type: string }) => c.cartable_type)).toEqual([
        'av2Booking',
        'av2Booking',
        'av2Booking',
      ]);
      for (const id of f.courseSessionIds) expect(await places(id)).toEqual({ held: 1, booked: 0 });
      const other = await createUser(t.db, f.clientId);
      const viaSession = await http.post('/api/activities/cart/add', other.headers, {
        items: [{ id: f.courseSessionIds[1], type: 'activity' }],
      });
      expect(viaSession.statusCode).toBe(200);
      expect(viaSession.json().data.items[0].cartable_type).toBe('av2BookingBundle');
      for (const id of f.courseSessionIds) expect(await places(id)).toEqual({ held: 2, booked: 0 });
      // One full session makes the whole course full; nothing is held.
      const last = f.courseSessionIds[2] ?? 0;
      await setPlacesUsed(t.db, [last], { booked: 2, held: 2 });
      const third = await createUser(t.db, f.clientId);
      const full = await http.post('/api/activities/cart/add', third.headers, {
        items: [{ id: f.bundleId, type: 'av2BookingBundle' }],
      });
      expect(full.statusCode).toBe(422);
      expect(full.json().message).toContain('full');
      expect(await places(f.courseSessionIds[0] ?? 0)).toEqual({ held: 2, booked: 0 });
      await setPlacesUsed(t.db, [last], { booked: 0, held: 2 });
      await http.delete('/api/activities/cart', headers);
      await http.delete('/api/activities/cart', other.headers);
      for (const id of f.courseSessionIds) expect(await places(id)).toEqual({ held: 0, booked: 0 });
    });

    it('answers 422 with field messages for bad input and writes nothing', async () => {
      const { headers } = await createUser(t.db, f.clientId);
      const cases: [unknown, string][] = [
        [{}, 'items'],
        [{ items: [] }, 'items'],
        [{ items: [{ id: 'abc', type: 'activity' }] }, 'items.0.id'],
        [{ items: [{ id: court(1).id, type: 'banana' }] }, 'items.0.type'],
        [{ items: [{ id: 999_999, type: 'activity' }] }, 'items.0.id'],
        [
          { items: [{ id: court(1).id, type: 'activity', pricing_option_id: 999_999 }] },
          'items.0.pricing_option_id',
        ],
        [{ items: [{ id: court(1).id, type: 'activity', ticket_id: 999_999 }] }, 'items.0.ticket_id'],
        [{ items: [{ id: court(1).id, type: 'activity', quantity: 0 }] }, 'items.0.quantity'],
        [
          { items: [{ id: court(1).id, type: 'activity', purchased_for_user_id: 1 }] },
          'items.0.purchased_for_user_id',
        ],
      ];
      for (const [payload, field] of cases) {
        const res = await http.post('/api/activities/cart/add', headers, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
      }
      const member = (
        await http.post('/api/activities/cart/add', headers, {
          items: [
            {
              id: court(1).id,
              type: 'activity',
              pricing_option_id:
                (await http.get(`/api/v1/activities/occurrences/${court(1).id}`, headers)).json().data
                  .tickets[0].pricing_option.id + 1,
            },
          ],
        })
      ).json();
      expect(member.errors['items.0.pricing_option_id']).toEqual([cartMessages.memberOptionOnly]);
      expect(await places(court(1).id)).toEqual({ held: 0, booked: 0 });
      expect((await http.get('/api/activities/cart', headers)).json().data.items).toEqual([]);
    });
  });

  describe('remove, update, benefit and package calls', () => {
    it("answers 404 for another customer's line and leaves it alone", async () => {
      const owner = await createUser(t.db, f.clientId);
      const added = await http.post('/api/activities/cart/add', owner.headers, {
        items: [{ id: court(1).id, type: 'activity' }],
      });
      const itemId = added.json().data.items[0].id;
      const thief = await createUser(t.db, f.clientId);
      await http.get('/api/activities/cart', thief.headers);
      const calls = [
        http.post('/api/activities/cart/remove', thief.headers, { cart_item_ids: [itemId] }),
        http.put(`/api/activities/cart/${itemId}`, thief.headers, { quantity: 1 }),
        http.delete(`/api/activities/benefit/remove/${itemId}`, thief.headers),
        http.delete(`/api/activities/package/remove/${itemId}`, thief.headers),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFound);
      }
      expect(await places(court(1).id)).toEqual({ held: 1, booked: 0 });
      // The owner's honest answers: no benefit, no package on this line.
      const benefit = await http.delete(`/api/activities/benefit/remove/${itemId}`, owner.headers);
      expect(benefit.statusCode).toBe(422);
      expect(benefit.json().message).toBe(cartMessages.noBenefit);
      const pkg = await http.delete(`/api/activities/package/remove/${itemId}`, owner.headers);
      expect(pkg.statusCode).toBe(422);
      expect(pkg.json().message).toBe(cartMessages.noPackage);
      const bad = await http.post('/api/activities/cart/remove', owner.headers, { cart_item_ids: [] });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toHaveProperty('cart_item_ids');
      await http.post('/api/activities/cart/remove', owner.headers, { cart_item_ids: [itemId] });
      expect(await places(court(1).id)).toEqual({ held: 0, booked: 0 });
    });
  });

  describe('POST credits/apply', () => {
    it('reserves general credit up to the balance and the total', async () => {
      const { headers, user } = await createUser(t.db, f.clientId);
      await grantCredit(t.db, user.id, 500, 'Goodwill');
      await http.post('/api/activities/cart/add', headers, {
        items: [{ id: f.yogaSession.id, type: 'activity' }],
      });
      const cart = (await http.get('/api/activities/cart', headers)).json().data;
      expect(cart.credits.general).toMatchObject({ total_available: 500, max_applicable: 500, reserved: 0 });
      const applied = await http.post('/api/credits/apply', headers, {
        credits_to_reserve: [{ amount: 300, type: 'general' }],
        cart_source: 'bookings',
      });
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json().data).toMatchObject({
        total: 750,
        balance: 450,
        formatted_balance: '£4.50',
        credits: { general: { reserved: 300 } },
      });
      const tooMuch = await http.post('/api/credits/apply', headers, {
        credits_to_reserve: [{ amount: 600, type: 'general' }],
      });
      expect(tooMuch.statusCode).toBe(422);
      expect(tooMuch.json().errors).toEqual({ 'credits_to_reserve.0.amount': [cartMessages.creditTooMuch] });
      const membership = await http.post('/api/credits/apply', headers, {
        credits_to_reserve: [{ amount: 1, type: 'membership' }],
      });
      expect(membership.statusCode).toBe(422);
      const bad = await http.post('/api/credits/apply', headers, {
        credits_to_reserve: [{ amount: -1, type: 'voucher' }],
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().errors)).toEqual(
        expect.arrayContaining(['credits_to_reserve.0.amount', 'credits_to_reserve.0.type']),
      );
      expect((await http.get('/api/activities/cart', headers)).json().data.balance).toBe(450);
      await http.delete('/api/activities/cart', headers);
    });
  });

  describe('holds run out', () => {
    it('an expired hold releases its place: on the next read of the session and by the sweep job', async () => {
      const first = await createUser(t.db, f.clientId);
      const res = await http.post('/api/activities/cart/add', first.headers, {
        items: [{ id: court(1).id, type: 'activity' }],
      });
      expect(res.statusCode).toBe(200);
      await t.db.update(cartHolds).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await places(court(1).id)).toEqual({ held: 1, booked: 0 });
      // An availability read of the session sweeps it: the court shows its space again.
      const slots = await http.get(
        `/api/activities/venue/cart-venue/activity/badminton-40min/v2/slots?date=${f.tomorrow}`,
        {},
      );
      expect(slots.statusCode).toBe(200);
      const slot = slots.json().data.find((s: { id: string }) => s.id === String(court(1).id));
      expect(slot.spaces).toBe(1);
      expect(await places(court(1).id)).toEqual({ held: 0, booked: 0 });
      expect((await http.get('/api/activities/cart', first.headers)).json().data.items).toEqual([]);

      // The job: nobody reads, the sweep releases.
      await http.post('/api/activities/cart/add', first.headers, {
        items: [{ id: court(1).id, type: 'activity' }],
      });
      await t.db.update(cartHolds).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await t.app.holdKeeper.sweep()).toBe(1);
      expect(await places(court(1).id)).toEqual({ held: 0, booked: 0 });
      expect(await t.db.select().from(cartItems)).toEqual([]);
    });

    it('a session full of a hold that has run out is added: the place is given back first', async () => {
      const first = await createUser(t.db, f.clientId);
      const second = await createUser(t.db, f.clientId);
      const item = { items: [{ id: court(1).id, type: 'activity' }] };
      expect((await http.post('/api/activities/cart/add', first.headers, item)).statusCode).toBe(200);
      // Live, the hold keeps the court's one place.
      expect((await http.post('/api/activities/cart/add', second.headers, item)).statusCode).toBe(422);
      await t.db.update(cartHolds).set({ expiresAt: new Date(Date.now() - 1000) });
      const added = await http.post('/api/activities/cart/add', second.headers, item);
      expect(added.statusCode, added.body).toBe(200);
      expect(await places(court(1).id)).toEqual({ held: 1, booked: 0 });
      expect((await http.get('/api/activities/cart', first.headers)).json().data.items).toEqual([]);
      await http.delete('/api/activities/cart', second.headers);
    });
  });

  describe('GET terms?cart_id', () => {
    it("answers the checkout terms for a basket, 404 for one that doesn't exist", async () => {
      const { headers } = await createUser(t.db, f.clientId);
      const cart = (await http.get('/api/activities/cart', headers)).json().data;
      const res = await http.get(`/api/terms?cart_id=${cart.id}`, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ id: f.termId, title: 'Terms of Sale', html: '<p>Sale terms</p>' }]);
      expect((await http.get('/api/terms?cart_id=987654', {})).statusCode).toBe(404);
    });
  });

  it('documents every call in the OpenAPI description', async () => {
    const doc = (await http.get('/api/docs', {})).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    for (const [path, method] of [
      ['/api/activities/cart', 'get'],
      ['/api/activities/cart', 'delete'],
      ['/api/activities/cart/add', 'post'],
      ['/api/activities/cart/remove', 'post'],
      ['/api/activities/cart/{cartItemId}', 'put'],
      ['/api/activities/benefit/remove/{cartItemId}', 'delete'],
      ['/api/activities/package/remove/{cartItemId}', 'delete'],
      ['/api/credits/apply', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});

describe('basket pricing, kept as the operator rows are (OPERATOR_CACHE_MS)', () => {
  it('a price change reaches new basket lines once the kept pricing runs out', async () => {
    const t = await startTestApp({ OPERATOR_CACHE_MS: '60000' });
    try {
      const f = await createFixture(t.db);
      const { headers } = await createUser(t.db, f.clientId);
      const http = api(t.app);
      const add = async (session: { id: number } | undefined) => {
        const res = await http.post('/api/activities/cart/add', headers, {
          items: [{ id: session?.id, type: 'activity' }],
        });
        expect(res.statusCode, res.body).toBe(200);
        const cart = res.json().data;
        return { total: cart.total as number, lastLine: cart.items.at(-1).id as number };
      };
      vi.useFakeTimers({ toFake: ['Date'] });
      const price = (await add(f.courtSessions[0])).total;
      await t.db.execute(sql`update tickets set amount = amount + 100 where pricing_option_id in
        (select id from pricing_options where activity_id = ${f.badminton.id})`);
      const kept = await add(f.courtSessions[1]);
      expect(kept.total, 'within the minute: as kept').toBe(price * 2);
      vi.setSystemTime(Date.now() + 60_001);
      await http.post('/api/activities/cart/remove', headers, { cart_item_ids: [kept.lastLine] });
      expect((await add(f.courtSessions[1])).total, 'after it: the new price').toBe(price * 2 + 100);
    } finally {
      vi.useRealTimers();
      await t.close();
    }
  });
});
