import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, venues } from '../db/schema';
import { hasPermission, staffRoleNames } from '../modules/session/permissions';
import type { DeclaredRoute } from '../modules/session/session';
import { demoStaff } from '../seed/accounts';
import { seedIfEmpty } from '../seed/seed';
import { createUser } from './factories/basket-fixtures';
import { startTestApp, type TestApp } from './harness';

/**
 * Every staff permission is enforced on the server (issue 47): for every `staff:<permission>` route,
 * each role lacking the permission gets 403 from the gate, each role holding it gets past the gate,
 * and a staff session that has not given its second factor is no session (401).
 */
const concretePath = (url: string) => url.replace(/:\w+/g, '1');
const named = (route: Pick<DeclaredRoute, 'method' | 'url'>) => `${route.method} ${route.url}`;
/** The gate's own refusal (errors.ts): a service's 403 names its reason instead. */
const gateRefusal = 'Unauthorised.';

describe('staff permissions, route by route', () => {
  let t: TestApp;
  let staffRoutes: DeclaredRoute[];
  const sessions = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    staffRoutes = t.app.routeAccess.filter((route) => route.access.startsWith('staff:'));
    const [client] = await t.db.select({ id: clients.id }).from(clients);
    const [venue] = await t.db.select({ id: venues.id }).from(venues);
    if (!client || !venue) throw new Error('no seeded operator');
    for (const role of staffRoleNames) {
      const { headers } = await createUser(t.db, client.id, { staff: role, venueIds: [venue.id] });
      sessions.set(role, headers);
    }
  });
  afterAll(async () => t.close());

  const call = (route: DeclaredRoute, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: concretePath(route.url),
      headers,
      ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: {} }),
    });

  it('refuses each role lacking the permission with 403 and lets each role holding it past the gate', async () => {
    expect(staffRoutes.length).toBeGreaterThanOrEqual(15);
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const permission = route.access.slice('staff:'.length);
      for (const role of staffRoleNames) {
        const response = await call(route, sessions.get(role) ?? {});
        const holds = hasPermission({ role }, permission as Parameters<typeof hasPermission>[1]);
        const message = response.body
          ? (JSON.parse(response.body) as { message?: string }).message
          : gateRefusal;
        const gateSaidNo =
          response.statusCode === 401 || (response.statusCode === 403 && message === gateRefusal);
        if (holds && gateSaidNo) wrong.push(`${named(route)} as ${role} -> ${response.statusCode}`);
        if (!holds && response.statusCode !== 403)
          wrong.push(`${named(route)} as ${role} -> ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 401 on every staff route to a staff session that has not given its second factor', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: demoStaff.email, password: demoStaff.password },
    });
    expect(signIn.statusCode).toBe(200);
    const pending = { authorization: `Bearer ${signIn.json().token}` };
    const wrong: string[] = [];
    for (const route of staffRoutes) {
      const response = await call(route, pending);
      if (response.statusCode !== 401) wrong.push(`${named(route)} -> ${response.statusCode}`);
    }
    for (const url of ['/api/admin/me', '/api/auth/user']) {
      const response = await t.app.inject({ method: 'GET', url, headers: pending });
      if (response.statusCode !== 401) wrong.push(`GET ${url} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
