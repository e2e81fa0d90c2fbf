import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/password-hash';
import { insertMembershipUser, insertUser } from '../modules/auth/auth.repository';
import { grantCredit } from '../modules/credit/credit.service';
import { createFixture, createUser, type Fixture } from './factories/basket-fixtures';
import { startTestApp, type TestApp } from './harness';

/**
 * The bookings API as a drop-in for the original Flow API (issue 11, bookings-api.md): replays, over
 * HTTP, the requests tools written for the original platform send (explicit nulls, ids as strings,
 * numeric venue ids, the `activity-booking` source, `terms: [1]`) through a whole booking, and
 * checks every field such a tool reads. Nothing here is our web app's way of calling.
 */

const password = 'Flow-Tool-1';
const dateObject = {
  raw: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  raw_pretty: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
  day_pretty: expect.stringMatching(/^[A-Z][a-z]{2}$/),
  date_pretty: expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2}$/),
  full_date_pretty: expect.stringMatching(/^[A-Z][a-z]{2} \d{2} [A-Z][a-z]+ \d{4}$/),
};
const instantObject = {
  utc: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
  local: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
  format_12_hour: expect.stringMatching(/^\d{1,2}:\d{2}[ap]m$/),
  format_24_hour: expect.stringMatching(/^\d{2}:\d{2}$/),
};
const locationObject = {
  id: expect.stringMatching(/^\d+$/),
  name: expect.any(String),
  type: expect.any(String),
  slug: expect.any(String),
  venue_id: expect.any(Number),
  venue_slug: expect.any(String),
};

describe('the Flow bookings API, as a tool written for the original platform drives it', () => {
  let t: TestApp;
  let f: Fixture;
  let reference: string;

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, token?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    const user = await insertUser(t.db, {
      clientId: f.clientId,
      role: 'customer',
      reference: 'FLOW0001',
      email: 'flow.tool@example.com',
      passwordHash: await hashPassword(password),
      firstName: 'Flo',
      lastName: 'Tool',
      postcode: 'LS1 1AA',
      currency: 'GBP',
    });
    await insertMembershipUser(t.db, user.id);
    reference = user.reference ?? '';
  });
  afterAll(async () => {
    await t?.close();
  });

  it('logs in, finds a court by the venue id, adds it with nulls and string ids, pays with credit, lists and cancels it', async () => {
    // Login: bad credentials are a 401 { message }, a missing field a 422.
    const bad = await call('POST', '/api/auth/customer/login', undefined, {
      username: reference,
      password: 'no',
    });
    expect(bad.statusCode).toBe(401);
    expect(Object.keys(bad.json())).toEqual(['message']);
    expect(
      (await call('POST', '/api/auth/customer/login', undefined, { username: reference })).statusCode,
    ).toBe(422);
    const login = await call('POST', '/api/auth/customer/login', undefined, {
      username: reference,
      password,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toEqual({ token: expect.any(String), status: 'success' });
    const token: string = login.json().token;

    const me = (await call('GET', '/api/auth/user', token)).json().data;
    expect(me.membership_user).toEqual({ id: expect.any(Number) });

    // Venues: id, slug, name, area and whether v2 is served.
    const venues = (await call('GET', '/api/activities/venues')).json().data;
    const venue = venues.find((v: { slug: string }) => v.slug === f.venue.slug);
    expect(venue).toMatchObject({
      id: f.venue.id,
      slug: 'cart-venue',
      name: 'Cart Venue',
      area: expect.any(String),
      activities_v2_enabled: expect.any(Boolean),
    });

    // Everything under activities/venue/{venue} takes the numeric id.
    const base = `/api/activities/venue/${venue.id}`;
    const categories = await call('GET', `${base}/categories`);
    expect(categories.statusCode).toBe(200);
    expect(categories.json().data.map((c: { slug: string }) => c.slug)).toContain('sports');

    const times = await call('GET', `${base}/activity/badminton-40min/v2/times?date=${f.tomorrow}`, token);
    expect(times.statusCode, times.body).toBe(200);
    const six = times.json().data.find((time: { starts_at: { format_24_hour: string } }) => {
      return time.starts_at.format_24_hour === '18:00';
    });
    expect(six).toMatchObject({
      starts_at: { format_12_hour: '6:00pm', format_24_hour: '18:00' },
      ends_at: { format_12_hour: '6:40pm', format_24_hour: '18:40' },
      duration: '40min',
      composite_key: expect.stringMatching(/^[0-9a-f]{8}$/),
      action_to_show: { status: 'BOOK' },
    });

    const group = await call(
      'GET',
      `${base}/activity/badminton-40min/v2/times/${six.composite_key}?date=${f.tomorrow}`,
      token,
    );
    expect(group.statusCode).toBe(200);
    expect(group.json().data.length).toBeGreaterThan(0);

    const slots = await call(
      'GET',
      `${base}/activity/badminton-40min/v2/slots?date=${f.tomorrow}&composite_key=${six.composite_key}`,
      token,
    );
    expect(slots.statusCode).toBe(200);
    const slot = slots.json().data[0];
    expect(slot).toMatchObject({
      id: expect.any(String),
      date: dateObject,
      location: locationObject,
      pricing_option_id: expect.any(Number),
    });

    // A class's tickets: ids are strings, pricing option ids numbers.
    const occurrence = (await call('GET', `/api/v1/activities/occurrences/${f.yogaSession.id}`, token)).json()
      .data;
    expect(occurrence.tickets[0]).toMatchObject({
      id: expect.stringMatching(/^\d+$/),
      pricing_option: { id: expect.any(Number) },
    });

    // cart/add as tools send it: explicit nulls for what they do not use, ids as strings.
    const add = await call('POST', '/api/activities/cart/add', token, {
      items: [
        {
          id: String(slot.id),
          type: 'activity',
          pricing_option_id: null,
          ticket_id: null,
          apply_benefit: null,
          purchased_for_user_id: null,
          activity_restriction_ids: null,
          options: null,
        },
      ],
      membership_user_id: String(me.membership_user.id),
      selected_user_id: null,
      source: 'activity-booking',
    });
    expect(add.statusCode, add.body).toBe(200);

    const cart = (await call('GET', '/api/activities/cart', token)).json().data;
    expect(cart).toMatchObject({ source: 'activity-booking', item_count: 1, item_hash: expect.any(String) });
    expect(cart.items[0].cartable_resource).toMatchObject({
      starts_at: { ...instantObject, format_24_hour: '18:00', format_12_hour: '6:00pm' },
      ends_at: instantObject,
      date: { ...dateObject, raw: f.tomorrow },
      location: { ...locationObject, venue_id: f.venue.id },
      venue_name: 'Cart Venue',
    });

    // The terms of a basket of activities are only the terms of sale, whose id tools send.
    const terms = (await call('GET', `/api/terms?cart_id=${cart.id}`)).json().data;
    expect(terms.map((term: { id: number }) => term.id)).toEqual([f.termId]);

    const prepare = await call('GET', '/api/checkout/prepare', token);
    expect(prepare.statusCode).toBe(200);
    expect(prepare.json().payment_provider).toEqual(expect.any(String));

    // Pay with credit: credits/apply with the original source, then complete.
    await grantCredit(t.db, me.id, cart.total, 'Goodwill');
    const applied = await call('POST', '/api/credits/apply', token, {
      credits_to_reserve: [{ amount: cart.total, type: 'general' }],
      cart_source: 'activity-booking',
      selected_user_id: null,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const complete = await call('POST', '/api/checkout/complete', token, {
      completed_waivers: [],
      payments: [{ tender_type: 'credit', amount: cart.total, info: null }],
      item_hash: applied.json().data.item_hash,
      selected_user_id: null,
      source: 'activity-booking',
      terms: [String(f.termId)],
    });
    expect(complete.statusCode, complete.body).toBe(200);
    const orderId: number = complete.json().complete_order_id;

    const order = await call('GET', `/api/activities/orders/${orderId}`, token);
    expect(order.statusCode).toBe(200);
    expect(order.json().data).toMatchObject({ id: orderId, source: 'activity-booking', total: cart.total });
    const stranger = await createUser(t.db, f.clientId);
    expect((await call('GET', `/api/activities/orders/${orderId}`, stranger.token)).statusCode).toBe(404);

    // The account's bookings, with what tools read of each.
    const bookings = (await call('GET', '/api/my-account/bookings?filter=future', token)).json().data;
    expect(bookings).toHaveLength(1);
    expect(bookings[0]).toMatchObject({
      activity_id: f.badminton.id,
      order_id: orderId,
      can_be_cancelled: true,
      date: expect.stringMatching(/^[A-Z][a-z]{2} \d{2} [A-Z][a-z]+ \d{4}$/),
      item: {
        date: { ...dateObject, raw: f.tomorrow },
        starts_at: { format_24_hour: '18:00' },
        ends_at: { format_24_hour: '18:40' },
        duration: '40min',
        location: { ...locationObject, venue_id: f.venue.id, venue_slug: 'cart-venue' },
      },
    });

    const cancel = await call('PATCH', '/api/v1/activities/bookings', token, {
      data: {
        cancellation_source: 'bookings',
        update_type: 'cancellation',
        booking_ids: [String(bookings[0].id)],
      },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data).toEqual([
      expect.objectContaining({ id: bookings[0].id, status: 'cancelled' }),
    ]);
  });

  it('still takes our own source names, and refuses an unknown one with a field message', async () => {
    const { headers } = await createUser(t.db, f.clientId);
    const ours = await t.app.inject({
      method: 'POST',
      url: '/api/credits/apply',
      headers,
      payload: { credits_to_reserve: [{ amount: 0, type: 'general' }], cart_source: 'bookings' },
    });
    expect(ours.statusCode, ours.body).not.toBe(422);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/credits/apply',
      headers,
      payload: { credits_to_reserve: [{ amount: 0, type: 'general' }], cart_source: 'somewhere' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.cart_source).toEqual([expect.stringContaining('activity-booking')]);
  });

  it('treats a null for a required key as missing, and a non-numeric id string as a bad id', async () => {
    const { headers } = await createUser(t.db, f.clientId);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/activities/cart/add',
      headers,
      payload: { items: [{ id: null, type: 'activity' }] },
    });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['items.0.id']);
    const word = await t.app.inject({
      method: 'POST',
      url: '/api/activities/cart/add',
      headers,
      payload: { items: [{ id: 'abc', type: 'activity', ticket_id: 'x' }] },
    });
    expect(word.statusCode).toBe(422);
  });
});
