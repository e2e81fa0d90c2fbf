import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclaredRoute } from '../modules/session/session';
import { seedIfEmpty } from '../seed/seed';
import { verifiedStaffHeaders } from './factories/staff-sign-in';
import { startLoggedApp, startTestApp, type TestApp } from './harness';

/**
 * Every route under /api declares who may call it (`config: { access }`, modules/session/access.ts),
 * and this matrix walks the app's own list of them (`app.routeAccess`), so a new route is in it the
 * moment it is declared: anonymous callers get 401 on every route that is not public (before anything
 * else: no 422 about the body, no 404 that tells which ids exist), customers get 403 on every staff
 * route, and staff (holding every permission today) pass each staff route's gate. A route that
 * declares nothing stops the app from starting. The owner / other member / staff matrix of the calls
 * that name one member's thing is in access-matrix.test.ts.
 */

type ApiDescription = { paths?: Record<string, Record<string, unknown>> };

/** `/api/x/:id/y` -> `/api/x/1/y`: any well-formed id; the gate must refuse before looking it up. */
function concretePath(url: string): string {
  return url.replace(/:\w+/g, '1');
}

/** The OpenAPI spelling of a route's path: `/api/x/:id` -> `/api/x/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}');
}

const named = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;

/**
 * The routes anyone may call. Declaring a route public is the one declaration no gate checks, so
 * each is named here: a new public route fails this test until it is added, in review.
 */
const publicRoutes = [
  // The operator, its theme, terms, forms and the API description.
  'GET /api/client',
  'GET /api/frontend/theme',
  'GET /api/activities/footer',
  'GET /api/terms',
  'GET /api/data-fields',
  'GET /api/docs',
  'GET /api/docs/openapi.json',
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  // Signing in and out, registering, resetting a password.
  'POST /api/auth/customer/login',
  'POST /api/auth/session',
  'POST /api/auth/logout',
  'POST /api/auth/customer/register',
  'POST /api/auth/email/verify',
  'POST /api/auth/customer/forgotten-password',
  'POST /api/auth/password-reset/validate',
  'POST /api/auth/password-reset',
  // The console's sign-in: the password, the second factor (a pending session only), log-out, invitations.
  'POST /api/admin/session',
  'POST /api/admin/session/mfa/enrolment',
  'POST /api/admin/session/mfa/enrolment/confirm',
  'POST /api/admin/session/mfa/verify',
  'POST /api/admin/session/logout',
  'POST /api/admin/invitations/accept',
  // Venues, activities, times and prices (a signed-in viewer sees their own prices).
  'GET /api/activities/venues',
  'GET /api/activities/venue/:venue/categories',
  'GET /api/activities/venue/:venue/categories/:slug',
  'GET /api/activities/venue/:venue/activity-category/:category/dates',
  'GET /api/activities/venue/:venue/activity/:activity/slots',
  'GET /api/activities/venue/:venue/activity/:activity/times',
  'GET /api/activities/venue/:venue/activity/:activity/timetable',
  'GET /api/activities/venue/:venue/activity/:activity/v2/slots',
  'GET /api/activities/venue/:venue/activity/:activity/v2/times',
  'GET /api/activities/venue/:venue/activity/:activity/v2/times/:composite_key',
  'GET /api/activities/venue/:venue/activity/:activity/v2/timetable',
  'GET /api/v1/activities/occurrences/:id',
  // Online joining: the catalogue, promotion codes, questions, venues and addresses.
  'GET /api/memberships/types',
  'GET /api/memberships/types/:typeId/payment-options/:optionId',
  'GET /api/v1/membership-promotions/validate/:code/:paymentOptionId',
  'GET /api/custom-questions/memberships/:membershipId',
  'GET /api/online-joining/venues',
  'GET /api/online-joining/geocode',
];

describe('every /api route declares its access, and the gate applies it', () => {
  let t: TestApp;
  let routes: DeclaredRoute[];
  let customer: Record<string, string>;
  let staff: Record<string, string>;

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    routes = [...t.app.routeAccess];
    const login = async (username: string, password: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username, password },
      });
      return { authorization: `Bearer ${response.json().token}` };
    };
    customer = await login('member@example.com', 'Member-Pass-1');
    staff = await verifiedStaffHeaders(t);
  });
  afterAll(async () => t.close());

  const call = (route: DeclaredRoute, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concretePath(route.url),
      headers,
      ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: {} }),
    });

  it('lists every route of the API description, each with its declared access', () => {
    const declared = new Set(routes.map((route) => `${route.method} ${openApiPath(route.url)}`));
    // The API description is collected by @fastify/swagger's own onRoute hook: a second witness.
    const described = Object.entries((t.app.swagger() as ApiDescription).paths ?? {}).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(described.length).toBeGreaterThan(90);
    expect(described.filter((operation) => !declared.has(operation))).toEqual([]);
    expect(routes.filter((route) => !route.url.startsWith('/api/'))).toEqual([]);
  });

  it('names each public route', () => {
    const found = routes.filter((route) => route.access === 'public' && route.method !== 'HEAD').map(named);
    expect(found.sort()).toEqual([...publicRoutes].sort());
  });

  it('refuses every route that is not public to an anonymous caller with a 401 and the wire error shape', async () => {
    const gated = routes.filter((route) => route.access !== 'public');
    expect(gated.length).toBeGreaterThan(60);
    const wrong: string[] = [];
    for (const route of gated) {
      const response = await call(route);
      const shaped = route.method === 'HEAD' || typeof response.json().message === 'string';
      if (response.statusCode !== 401 || !shaped) wrong.push(`${named(route)} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every staff route to a customer with a 403, and lets staff past its gate', async () => {
    const staffRoutes = routes.filter((route) => route.access.startsWith('staff:'));
    expect(staffRoutes.length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const asCustomer = await call(route, customer);
      if (asCustomer.statusCode !== 403)
        wrong.push(`${named(route)} as a customer -> ${asCustomer.statusCode}`);
      const asStaff = await call(route, staff);
      if ([401, 403].includes(asStaff.statusCode))
        wrong.push(`${named(route)} as staff -> ${asStaff.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('a route under /api that declares no access', () => {
  const refusedWith = async (plugin: FastifyPluginAsync) => {
    const t = await startLoggedApp();
    try {
      await t.app.register(plugin);
      await t.app.ready();
      return undefined;
    } catch (error) {
      return (error as Error).message;
    } finally {
      await t.close();
    }
  };

  it('stops the app from starting, naming the route', async () => {
    expect(
      await refusedWith(async (scope) => {
        scope.get('/api/forgotten', async () => ({ ok: true }));
      }),
    ).toMatch(/GET \/api\/forgotten declares no access/);
  });

  it('and so does an access the gate does not know; a route outside /api needs none', async () => {
    expect(
      await refusedWith(async (scope) => {
        // A route written in plain JavaScript, past the type that lists the permissions.
        scope.get('/api/odd', { config: { access: 'staff:everything' as 'public' } }, async () => ({}));
      }),
    ).toMatch(/Unknown route access 'staff:everything'/);
    expect(
      await refusedWith(async (scope) => {
        scope.get('/outside', async () => ({ ok: true }));
      }),
    ).toBeUndefined();
  });
});
