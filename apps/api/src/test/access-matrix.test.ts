import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed';
import { verifiedStaffHeaders } from './factories/staff-sign-in';
import { startTestApp, type TestApp } from './harness';

/**
 * The my-account access matrix (issue 5, section 3): each call that names one member's thing (a
 * booking, an order, a membership, a pass, a card...) is made as its owner, as another member and
 * as staff. Only the owner is answered; the others get 403 or 404 with nothing of the owner's in
 * the answer, and a write they attempt changes nothing the owner can see. (Anonymous callers get
 * 401 on every call: access-control.test.ts.) The owners are the seeded demo members.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface Caller {
  authorization: string;
}

const password = 'Member-Pass-1';

describe('my-account calls answer only for their owner', () => {
  let t: TestApp;
  const callers: Record<string, Caller> = {};

  async function logIn(email: string, secret = password): Promise<Caller> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password: secret },
    });
    const token = response.json().token;
    if (!token) throw new Error(`cannot log in as ${email}: ${response.body}`);
    return { authorization: `Bearer ${token}` };
  }

  async function call(caller: Caller, method: Method, url: string, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      headers: { authorization: caller.authorization },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  async function getJson(caller: Caller, url: string) {
    const response = await call(caller, 'GET', url);
    expect(response.statusCode, `GET ${url} as owner`).toBe(200);
    return response.json();
  }

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    callers.member = await logIn('member@example.com');
    callers.payer = await logIn('penalties@example.com');
    callers.orderer = await logIn('orders@example.com');
    callers.guests = await logIn('guests@example.com');
    callers.debtor = await logIn('debt@example.com');
    callers.other = await logIn('history@example.com');
    callers.staff = await verifiedStaffHeaders(t);
  });
  afterAll(async () => t.close());

  /**
   * Calls `method url` as another member and as staff: each must be refused (403/404, or a 422
   * that refuses the whole request), must not echo the owner's data, and must leave `ownerView`
   * (read as the owner) exactly as it was.
   */
  async function expectOnlyOwner(
    owner: Caller,
    method: Method,
    url: string,
    options: { payload?: unknown; ownerView: string; secrets: string[]; allowStaff?: boolean },
  ) {
    const before = (await call(owner, 'GET', options.ownerView)).body;
    for (const name of options.allowStaff ? ['other'] : ['other', 'staff']) {
      const caller = callers[name] as Caller;
      const response = await call(caller, method, url, options.payload);
      expect([403, 404, 422], `${method} ${url} as ${name} -> ${response.statusCode}`).toContain(
        response.statusCode,
      );
      for (const secret of options.secrets) {
        expect(response.body, `${method} ${url} as ${name} leaks ${secret}`).not.toContain(secret);
      }
    }
    const after = (await call(owner, 'GET', options.ownerView)).body;
    expect(after, `${method} ${url} changed the owner's ${options.ownerView}`).toBe(before);
  }

  it('bookings, waitlist and courses', async () => {
    const member = callers.member as Caller;
    const upcoming = await getJson(member, '/api/my-account/bookings?filter=future');
    const booking = upcoming.data.find((row: { booking_type: string }) => row.booking_type === 'other');
    const course = upcoming.data.find((row: { booking_type: string }) => row.booking_type === 'courses');
    const waitlist = (await getJson(member, '/api/my-account/waitlist')).data[0];
    expect(booking && course && waitlist).toBeTruthy();
    const view = '/api/my-account/bookings?filter=future';
    const secrets = [`"order_id":${booking.order_id}`];
    await expectOnlyOwner(member, 'DELETE', `/api/activities/bookings/${booking.id}/?source=my-account`, {
      ownerView: view,
      secrets,
    });
    await expectOnlyOwner(member, 'PATCH', '/api/v1/activities/bookings', {
      payload: {
        data: { cancellation_source: 'my-account', update_type: 'cancellation', booking_ids: [booking.id] },
      },
      ownerView: view,
      secrets,
    });
    const bundleId = course.booking_bundle_context.id;
    await expectOnlyOwner(
      member,
      'GET',
      `/api/v1/activities/bookings/bundles/${bundleId}?cancellation_source=my-account`,
      {
        ownerView: view,
        secrets,
      },
    );
    await expectOnlyOwner(
      member,
      'PATCH',
      `/api/v1/activities/bookings/bundles/${bundleId}/cancel?cancellation_source=my-account`,
      { ownerView: view, secrets },
    );
    await expectOnlyOwner(member, 'DELETE', `/api/my-account/waitlist/${waitlist.id}`, {
      ownerView: '/api/my-account/waitlist',
      secrets: [],
    });
    const me = (await getJson(member, '/api/auth/user')).data;
    await expectOnlyOwner(
      member,
      'GET',
      `/api/v1/activities/bookings?user_id=${me.id}&starts_after=2000-01-01&cancellation_source=my-account`,
      { ownerView: view, secrets },
    );
  });

  it('orders, receipts, saved cards and fees', async () => {
    const payer = callers.payer as Caller;
    const orderer = callers.orderer as Caller;
    const order = (await getJson(orderer, '/api/my-account/orders')).data[0];
    const card = (await getJson(payer, '/api/my-account/saved-cards')).data[0];
    expect(order && card).toBeTruthy();
    const secrets = [order.uuid, order.reference];
    // Front-of-house staff read the orders they take for customers (the booking-confirmed page).
    await expectOnlyOwner(orderer, 'GET', `/api/my-account/orders/${order.id}`, {
      ownerView: '/api/my-account/orders',
      secrets,
      allowStaff: true,
    });
    await expectOnlyOwner(orderer, 'GET', `/api/my-account/orders/${order.uuid}/receipt`, {
      ownerView: '/api/my-account/orders',
      secrets,
    });
    await expectOnlyOwner(payer, 'PUT', `/api/my-account/saved-cards/${card.id}/update`, {
      payload: {
        first_name: 'Mallory',
        last_name: 'Intruder',
        address_line_1: '1 Elsewhere',
        address_line_2: '',
        city: 'Leeds',
        post_code: 'LS1 4AP',
      },
      ownerView: '/api/my-account/saved-cards',
      secrets: [card.last_four_digits],
    });
    await expectOnlyOwner(payer, 'DELETE', `/api/my-account/saved-cards/${card.id}/remove`, {
      ownerView: '/api/my-account/saved-cards',
      secrets: [card.last_four_digits],
    });
    // The fee list names no one: each member reads only their own.
    const fees = await getJson(payer, '/api/my-account/user/penalties');
    const othersFees = await getJson(callers.other as Caller, '/api/my-account/user/penalties');
    const ids = new Set(fees.data.map((fee: { id: number }) => fee.id));
    expect(fees.data.length).toBeGreaterThan(0);
    expect(othersFees.data.filter((fee: { id: number }) => ids.has(fee.id))).toEqual([]);
  });

  it('guest passes: the user id in the path must be the caller', async () => {
    const guests = callers.guests as Caller;
    const me = (await getJson(guests, '/api/auth/user')).data;
    const passes = await getJson(guests, `/api/v1/users/${me.id}/guestPasses?page=1&per_page=10`);
    const pass = passes.data[0];
    expect(pass).toBeTruthy();
    const view = `/api/v1/users/${me.id}/guestPasses?page=1&per_page=10`;
    const secrets = [pass.guest_email];
    for (const path of [
      view,
      `/api/v1/users/${me.id}/guestPasses/allowances`,
      `/api/v1/users/${me.id}/guestPasses/${pass.id}`,
    ]) {
      await expectOnlyOwner(guests, 'GET', path, { ownerView: view, secrets });
    }
    await expectOnlyOwner(guests, 'POST', `/api/v1/users/${me.id}/guestPasses`, {
      payload: { data: { guest_name: 'Mallory', guest_email: 'mallory@example.com', venue_id: 1 } },
      ownerView: view,
      secrets,
    });
  });

  it('memberships: cancel, freeze, renew and change', async () => {
    const debtor = callers.debtor as Caller;
    const membership = (await getJson(debtor, '/api/my-account/user/memberships')).data[0];
    expect(membership).toBeTruthy();
    const view = '/api/my-account/user/memberships';
    const secrets = [membership.reference];
    const id = membership.id;
    for (const path of [
      `/api/memberships/${id}/cancel`,
      `/api/memberships/${id}/renew`,
      `/api/memberships/${id}/change`,
      `/api/my-account/user/memberships/${id}/freezetypes`,
    ]) {
      await expectOnlyOwner(debtor, 'GET', path, { ownerView: view, secrets });
    }
    await expectOnlyOwner(debtor, 'POST', `/api/memberships/${id}/cancel`, {
      payload: {},
      ownerView: view,
      secrets,
    });
    await expectOnlyOwner(debtor, 'POST', `/api/memberships/${id}/renew`, {
      payload: {},
      ownerView: view,
      secrets,
    });
    await expectOnlyOwner(debtor, 'POST', `/api/memberships/${id}/change`, {
      payload: { starts_at: new Date().toISOString().slice(0, 10), payment_option_id: 1 },
      ownerView: view,
      secrets,
    });
  });
});
