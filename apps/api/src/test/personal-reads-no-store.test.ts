import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed';
import { verifiedStaffHeaders } from './factories/staff-sign-in';
import { startTestApp, type TestApp } from './harness';

/**
 * Every read made with a session is kept by no cache, the browser's disk included (issue 44,
 * decision 044-personal-answers-no-store). The GET routes come from the app's own OpenAPI description, so a
 * new route is in this test until it is given a call below. A read that needs a session is made as
 * a seeded member who owns what it names and must succeed; a read anyone may make is made with a
 * session too, and either answers `no-store` or is marked public and answers the same as anonymously.
 */

type Caller =
  | 'member'
  | 'payer'
  | 'orderer'
  | 'guests'
  | 'debtor'
  | 'renewable'
  | 'change'
  | 'photo'
  | 'staff';
const logins: Record<Caller, [string, string]> = {
  member: ['member@example.com', 'Member-Pass-1'],
  payer: ['penalties@example.com', 'Member-Pass-1'],
  orderer: ['orders@example.com', 'Member-Pass-1'],
  guests: ['guests@example.com', 'Member-Pass-1'],
  debtor: ['debt@example.com', 'Member-Pass-1'],
  renewable: ['renewable@example.com', 'Member-Pass-1'],
  change: ['change@example.com', 'Member-Pass-1'],
  photo: ['photo@example.com', 'Member-Pass-1'],
  staff: ['staff@example.com', 'Staff-Pass-1'],
};

interface Call {
  as: Caller;
  url: string;
  /** The call must succeed (2xx): the route's own answer is checked, not an error's. */
  succeeds: boolean;
}

describe('personal reads', () => {
  let t: TestApp;
  const tokens = {} as Record<Caller, string>;
  const get = (url: string, as?: Caller) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: as ? { authorization: `Bearer ${tokens[as]}` } : {},
    });
  const data = async (url: string, as: Caller) => {
    const res = await get(url, as);
    if (res.statusCode !== 200) throw new Error(`GET ${url} as ${as}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    for (const [caller, [username, password]] of Object.entries(logins)) {
      if (caller === 'staff') {
        // Staff sign in to the console with a second factor: a session that has given it.
        tokens.staff = (await verifiedStaffHeaders(t, username)).authorization?.slice('Bearer '.length) ?? '';
        continue;
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username, password },
      });
      tokens[caller as Caller] = res.json().token;
    }
  });
  afterAll(async () => t?.close());

  /** A call for each GET route, by its OpenAPI path. */
  async function calls(): Promise<Record<string, Call>> {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const member = (await data('/api/auth/user', 'member')).id as number;
    const guests = (await data('/api/auth/user', 'guests')).id as number;
    const staffId = (await get('/api/admin/me', 'staff')).json().id as number;
    const upcoming = await data('/api/my-account/bookings?filter=future', 'member');
    const course = upcoming.find((row: { booking_type: string }) => row.booking_type === 'courses');
    const order = (await data('/api/my-account/orders', 'orderer'))[0];
    const pass = (await data(`/api/v1/users/${guests}/guestPasses?page=1&per_page=10`, 'guests'))[0];
    const debt = (await data('/api/my-account/user/memberships', 'debtor'))[0];
    const renewable = (await data('/api/my-account/user/memberships', 'renewable'))[0];
    const change = (await data('/api/my-account/user/memberships', 'change'))[0];
    const waiver = (await data('/api/my-account/user/waivers', 'member'))[0].waivers[0];
    const venue = (await data('/api/activities/venues', 'member'))[0].slug as string;
    const activity = `/api/activities/venue/${venue}/activity/badminton-40min`;
    // The console's set-up records, each the first of its list.
    const first = async (url: string) => ((await data(url, 'staff'))[0] as { id: number }).id;
    const adminVenue = await first('/api/admin/venues');
    const membershipType = await first('/api/admin/membership-types');
    const ids = {
      venue: adminVenue,
      category: await first('/api/admin/activity-categories'),
      activity: await first('/api/admin/activities'),
      location: await first(`/api/admin/locations?venue_id=${adminVenue}`),
      terms: await first('/api/admin/terms'),
      waiver: await first('/api/admin/waivers'),
      entry: await first('/api/admin/timetable-entries'),
      membershipCategory: await first('/api/admin/membership-categories'),
      membershipType,
      paymentOption: await first(`/api/admin/membership-types/${membershipType}/payment-options`),
      promotion: await first('/api/admin/promotions'),
      freezeType: await first('/api/admin/freeze-types'),
    };
    const own = (as: Caller, url: string): Call => ({ as, url, succeeds: true });
    const any = (url: string): Call => ({ as: 'member', url, succeeds: false });
    return {
      '/api/auth/user': own('member', '/api/auth/user'),
      '/api/activities/cart': own('member', '/api/activities/cart'),
      '/api/checkout/prepare': any('/api/checkout/prepare'),
      '/api/my-account/orders': own('orderer', '/api/my-account/orders'),
      '/api/my-account/orders/{orderId}': own('orderer', `/api/my-account/orders/${order.id}`),
      '/api/activities/orders/{orderId}': own('orderer', `/api/activities/orders/${order.id}`),
      '/api/my-account/orders/{orderId}/calendar.ics': any(`/api/my-account/orders/${order.id}/calendar.ics`),
      '/api/my-account/orders/{orderId}/receipt': own(
        'orderer',
        `/api/my-account/orders/${order.uuid}/receipt`,
      ),
      '/api/foh/customers': own('staff', '/api/foh/customers?q=member'),
      '/api/memberships/{membershipId}/renew': own('renewable', `/api/memberships/${renewable.id}/renew`),
      '/api/memberships/{membershipId}/change': own('change', `/api/memberships/${change.id}/change`),
      '/api/memberships/{membershipId}/change/{paymentOptionId}': any(
        `/api/memberships/${change.id}/change/1`,
      ),
      '/api/memberships/{membershipId}/cancel': own('debtor', `/api/memberships/${debt.id}/cancel`),
      '/api/my-account/uploads/{uploadId}': any('/api/my-account/uploads/1'),
      '/api/my-account/bookings': own('member', '/api/my-account/bookings?filter=past'),
      '/api/v1/activities/bookings': own(
        'member',
        `/api/v1/activities/bookings?user_id=${member}&starts_after=2000-01-01&cancellation_source=my-account`,
      ),
      '/api/my-account/waitlist': own('member', '/api/my-account/waitlist'),
      '/api/v1/activities/bookings/bundles/{bookingBundleId}': own(
        'member',
        `/api/v1/activities/bookings/bundles/${course.booking_bundle_context.id}?cancellation_source=my-account`,
      ),
      '/api/v1/users/{userId}/guestPasses': own(
        'guests',
        `/api/v1/users/${guests}/guestPasses?page=1&per_page=10`,
      ),
      '/api/v1/users/{userId}/guestPasses/allowances': own(
        'guests',
        `/api/v1/users/${guests}/guestPasses/allowances`,
      ),
      '/api/v1/users/{userId}/guestPasses/{guestPassId}': own(
        'guests',
        `/api/v1/users/${guests}/guestPasses/${pass.id}`,
      ),
      '/api/my-account/user/packages': own('guests', '/api/my-account/user/packages'),
      '/api/my-account/user/memberships': own('debtor', '/api/my-account/user/memberships'),
      '/api/my-account/user/memberships/{membershipId}/freezetypes': any(
        `/api/my-account/user/memberships/${change.id}/freezetypes`,
      ),
      '/api/staff/eligibility-documents': own('staff', '/api/staff/eligibility-documents'),
      // The console's staff reads.
      '/api/admin/me': own('staff', '/api/admin/me'),
      '/api/admin/roles': own('staff', '/api/admin/roles'),
      '/api/admin/staff-users': own('staff', '/api/admin/staff-users'),
      '/api/admin/staff-users/{id}': own('staff', `/api/admin/staff-users/${staffId}`),
      '/api/admin/audit-events': own('staff', '/api/admin/audit-events'),
      '/api/staff/membership-freezes': own('staff', '/api/staff/membership-freezes'),
      // The console's set-up reads (every staff route answers no-store: session.ts installSessions).
      '/api/admin/venues': own('staff', '/api/admin/venues'),
      '/api/admin/venues/{id}': own('staff', `/api/admin/venues/${ids.venue}`),
      '/api/admin/venues/{id}/theme': own('staff', `/api/admin/venues/${ids.venue}/theme`),
      '/api/admin/venues/{id}/theme/preview': own('staff', `/api/admin/venues/${ids.venue}/theme/preview`),
      '/api/admin/venues/{id}/footer': own('staff', `/api/admin/venues/${ids.venue}/footer`),
      '/api/admin/activity-categories': own('staff', '/api/admin/activity-categories'),
      '/api/admin/activity-categories/{id}': own('staff', `/api/admin/activity-categories/${ids.category}`),
      '/api/admin/activities': own('staff', '/api/admin/activities'),
      '/api/admin/activities/{id}': own('staff', `/api/admin/activities/${ids.activity}`),
      '/api/admin/activities/{id}/pricing-options': own(
        'staff',
        `/api/admin/activities/${ids.activity}/pricing-options`,
      ),
      '/api/admin/locations': own('staff', `/api/admin/locations?venue_id=${ids.venue}`),
      '/api/admin/locations/{id}': own('staff', `/api/admin/locations/${ids.location}`),
      '/api/admin/operator': own('staff', '/api/admin/operator'),
      '/api/admin/operator/theme': own('staff', '/api/admin/operator/theme'),
      '/api/admin/operator/theme/preview': own('staff', '/api/admin/operator/theme/preview'),
      '/api/admin/terms': own('staff', '/api/admin/terms'),
      '/api/admin/terms/{id}': own('staff', `/api/admin/terms/${ids.terms}`),
      '/api/admin/waivers': own('staff', '/api/admin/waivers'),
      '/api/admin/waivers/{id}': own('staff', `/api/admin/waivers/${ids.waiver}`),
      '/api/admin/timetable-entries': own('staff', '/api/admin/timetable-entries'),
      '/api/admin/timetable-entries/{id}': own('staff', `/api/admin/timetable-entries/${ids.entry}`),
      '/api/admin/timetable-choices': own('staff', '/api/admin/timetable-choices'),
      '/api/admin/sessions': own(
        'staff',
        `/api/admin/sessions?venue_id=${ids.venue}&from=${tomorrow}&to=${tomorrow}`,
      ),
      '/api/admin/courses': own('staff', '/api/admin/courses'),
      '/api/admin/membership-categories': own('staff', '/api/admin/membership-categories'),
      '/api/admin/membership-categories/{id}': own(
        'staff',
        `/api/admin/membership-categories/${ids.membershipCategory}`,
      ),
      '/api/admin/membership-types': own('staff', '/api/admin/membership-types'),
      '/api/admin/membership-types/{id}': own('staff', `/api/admin/membership-types/${ids.membershipType}`),
      '/api/admin/membership-types/{typeId}/payment-options': own(
        'staff',
        `/api/admin/membership-types/${ids.membershipType}/payment-options`,
      ),
      '/api/admin/membership-types/{typeId}/questions': own(
        'staff',
        `/api/admin/membership-types/${ids.membershipType}/questions`,
      ),
      '/api/admin/membership-payment-options/{id}': own(
        'staff',
        `/api/admin/membership-payment-options/${ids.paymentOption}`,
      ),
      '/api/admin/promotions': own('staff', '/api/admin/promotions'),
      '/api/admin/promotions/payment-options': own('staff', '/api/admin/promotions/payment-options'),
      '/api/admin/promotions/{id}': own('staff', `/api/admin/promotions/${ids.promotion}`),
      '/api/admin/membership-price-changes': own('staff', '/api/admin/membership-price-changes'),
      '/api/admin/membership-price-changes/{id}': any('/api/admin/membership-price-changes/999999'),
      '/api/admin/freeze-types': own('staff', '/api/admin/freeze-types'),
      '/api/admin/freeze-types/{id}': own('staff', `/api/admin/freeze-types/${ids.freezeType}`),
      '/api/my-account/user/profile-photo': own('photo', '/api/my-account/user/profile-photo'),
      '/api/my-account/user/waivers': own('member', '/api/my-account/user/waivers'),
      '/api/my-account/user/waivers/{slug}': own('member', `/api/my-account/user/waivers/${waiver.slug}`),
      '/api/my-account/user/penalties': own('payer', '/api/my-account/user/penalties'),
      '/api/credits/user': own('member', '/api/credits/user'),
      '/api/credits/user/credit-transactions': own('member', '/api/credits/user/credit-transactions'),
      '/api/my-account/saved-cards': own('payer', '/api/my-account/saved-cards'),
      // Reads anyone may make (a session may change what they show: the user's bookings, answers).
      '/api/health': any('/api/health'),
      '/api/health/live': any('/api/health/live'),
      '/api/health/ready': any('/api/health/ready'),
      '/api/frontend/theme': any('/api/frontend/theme'),
      '/api/client': any('/api/client'),
      '/api/activities/footer': any('/api/activities/footer'),
      '/api/terms': any('/api/terms'),
      '/api/data-fields': own('member', '/api/data-fields?onboarding_type=customer_account_online'),
      '/api/activities/venues': any('/api/activities/venues'),
      '/api/activities/venue/{venue}/categories': any(`/api/activities/venue/${venue}/categories`),
      '/api/activities/venue/{venue}/categories/{slug}': any(
        `/api/activities/venue/${venue}/categories/badminton`,
      ),
      '/api/activities/venue/{venue}/activity-category/{category}/dates': any(
        `/api/activities/venue/${venue}/activity-category/badminton-40min/dates`,
      ),
      '/api/activities/venue/{venue}/activity/{activity}/times': any(`${activity}/times?date=${tomorrow}`),
      '/api/activities/venue/{venue}/activity/{activity}/v2/times': any(
        `${activity}/v2/times?date=${tomorrow}`,
      ),
      '/api/activities/venue/{venue}/activity/{activity}/v2/times/{composite_key}': any(
        `${activity}/v2/times/x?date=${tomorrow}`,
      ),
      '/api/activities/venue/{venue}/activity/{activity}/slots': any(`${activity}/slots?date=${tomorrow}`),
      '/api/activities/venue/{venue}/activity/{activity}/v2/slots': any(
        `${activity}/v2/slots?date=${tomorrow}`,
      ),
      '/api/activities/venue/{venue}/activity/{activity}/timetable': any(
        `${activity}/timetable?date=${tomorrow}`,
      ),
      '/api/activities/venue/{venue}/activity/{activity}/v2/timetable': any(
        `${activity}/v2/timetable?date=${tomorrow}`,
      ),
      '/api/v1/activities/occurrences/{id}': any('/api/v1/activities/occurrences/1'),
      '/api/memberships/types': any('/api/memberships/types'),
      '/api/memberships/types/{typeId}/payment-options/{optionId}': any(
        '/api/memberships/types/1/payment-options/1',
      ),
      '/api/v1/membership-promotions/validate/{code}/{paymentOptionId}': any(
        '/api/v1/membership-promotions/validate/NOPE/1',
      ),
      '/api/custom-questions/memberships/{membershipId}': any(
        `/api/custom-questions/memberships/${change.id}`,
      ),
      '/api/online-joining/venues': any('/api/online-joining/venues'),
      '/api/online-joining/geocode': any('/api/online-joining/geocode?q=Leeds'),
    };
  }

  it('every GET route answers a caller with a session `no-store`, or is public and the same for everyone', async () => {
    const openapi = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(openapi.paths)
      .filter(([, operations]) => 'get' in operations)
      .map(([route]) => route);
    const table = await calls();
    expect(
      routes.filter((route) => !(route in table)),
      'GET routes with no call in this test',
    ).toEqual([]);
    const shared: string[] = [];
    for (const route of routes) {
      const call = table[route] as Call;
      const res = await get(call.url, call.as);
      const label = `GET ${call.url} as ${call.as} -> ${res.statusCode}`;
      if (call.succeeds) expect(res.statusCode, label).toBeLessThan(300);
      const policy = String(res.headers['cache-control'] ?? '');
      if (/\bno-store\b/.test(policy)) continue;
      // Not no-store: only an answer marked public, which must then hold nothing of the caller's.
      expect(policy, label).toMatch(/^public\b/);
      const anonymous = await get(call.url);
      expect(res.body, `${label}: differs from the anonymous answer`).toBe(anonymous.body);
      shared.push(route);
    }
    // The operator's and the catalogue's answers, the same for everyone.
    expect(shared.sort()).toEqual(
      [
        '/api/activities/footer',
        '/api/frontend/theme',
        '/api/online-joining/geocode',
        '/api/online-joining/venues',
      ].sort(),
    );
  });

  it("an answer to a session cookie, to a dead token, an error answer and a staff route's refusal are no-store too", async () => {
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/api/my-account/orders',
      headers: { cookie: `leisure_session=${tokens.orderer}` },
    });
    expect(cookie.statusCode).toBe(200);
    expect(cookie.headers['cache-control']).toBe('no-store');
    const dead = await t.app.inject({
      method: 'GET',
      url: '/api/my-account/orders',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(dead.statusCode).toBe(401);
    expect(dead.headers['cache-control']).toBe('no-store');
    const missing = await get('/api/my-account/orders/999999', 'orderer');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    // A staff route answers no-store whoever asks, its refusal of a caller without a session included.
    const anonymous = await get('/api/admin/venues');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
  });
});
