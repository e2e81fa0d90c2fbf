import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, venues } from '../../db/schema';
import { demoStaff } from '../../seed/accounts';
import { seedIfEmpty } from '../../seed/seed';
import { createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { staffUserMessages } from './staff-users.service';

describe('staff users and the audit log', () => {
  let t: TestApp;
  let clientId: number;
  let venueIds: number[];
  let admin: { user: { id: number }; headers: Record<string, string> };

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    const [client] = await t.db.select({ id: clients.id }).from(clients);
    if (!client) throw new Error('no operator');
    clientId = client.id;
    venueIds = (await t.db.select({ id: venues.id }).from(venues)).map((venue) => venue.id);
    admin = await createUser(t.db, clientId, { staff: 'administrator' });
  });
  afterAll(async () => t.close());

  const inject = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  async function invite(email: string, role: string, venue_ids: number[] = []) {
    const res = await inject('POST', '/api/admin/staff-users', admin.headers, {
      email,
      first_name: 'Robin',
      last_name: 'Hill',
      role,
      venue_ids,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('lists the roles and the staff users, paged and searched on the server', async () => {
    const roles = await inject('GET', '/api/admin/roles', admin.headers);
    expect(roles.json().data.map((role: { name: string }) => role.name)).toContain('venue-manager');
    await invite('robin.search@example.com', 'front-desk');
    const page = await inject('GET', '/api/admin/staff-users?per_page=1&page=1', admin.headers);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toHaveLength(1);
    expect(page.json().meta.total).toBeGreaterThanOrEqual(3);
    const found = await inject('GET', '/api/admin/staff-users?q=robin.search', admin.headers);
    expect(found.json().data).toEqual([
      expect.objectContaining({ email: 'robin.search@example.com', status: 'invited', mfa_enrolled: false }),
    ]);
    const bad = await inject('GET', '/api/admin/staff-users?page=0', admin.headers);
    expect(bad.statusCode).toBe(422);
  });

  it("checks an invitation's role, venues and email", async () => {
    const other = await inject('POST', '/api/admin/staff-users', admin.headers, {
      email: 'vm@example.com',
      first_name: 'A',
      last_name: 'B',
      role: 'venue-manager',
      venue_ids: [999_999],
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors.venue_ids).toEqual([staffUserMessages.otherVenue]);
    const role = await inject('POST', '/api/admin/staff-users', admin.headers, {
      email: 'vm@example.com',
      first_name: 'A',
      last_name: 'B',
      role: 'owner',
    });
    expect(role.json().errors.role).toEqual([staffUserMessages.unknownRole]);
    const taken = await inject('POST', '/api/admin/staff-users', admin.headers, {
      email: demoStaff.email,
      first_name: 'A',
      last_name: 'B',
      role: 'finance',
    });
    expect(taken.json().errors.email).toEqual([staffUserMessages.emailTaken]);
    const manager = await invite('vm@example.com', 'venue-manager', [venueIds[0] as number]);
    expect(manager.venue_ids).toEqual([venueIds[0]]);
  });

  it('changes a role and venues with before and after in the audit log', async () => {
    const user = await invite('robin.change@example.com', 'front-desk');
    const changed = await inject('PATCH', `/api/admin/staff-users/${user.id}`, admin.headers, {
      role: 'venue-manager',
      venue_ids: venueIds.slice(0, 1),
      first_name: 'Robyn',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      role: 'venue-manager',
      first_name: 'Robyn',
      venue_ids: venueIds.slice(0, 1),
    });
    const log = await inject(
      'GET',
      `/api/admin/audit-events?entity_type=staff-user&entity_id=${user.id}`,
      admin.headers,
    );
    const update = log.json().data.find((event: { action: string }) => event.action === 'staff-user.update');
    expect(update).toMatchObject({
      actor: { id: admin.user.id },
      before: { role: 'front-desk', first_name: 'Robin' },
      after: { role: 'venue-manager', first_name: 'Robyn' },
      route: 'PATCH /api/admin/staff-users/:id',
    });
  });

  it('refuses to disable or demote oneself; a demoted user loses the permission at once', async () => {
    const self = await inject('POST', `/api/admin/staff-users/${admin.user.id}/disable`, admin.headers);
    expect(self.statusCode).toBe(422);
    const demote = await inject('PATCH', `/api/admin/staff-users/${admin.user.id}`, admin.headers, {
      role: 'finance',
    });
    expect(demote.statusCode).toBe(422);
    // A role change moves the user's sessions to the new role at once.
    const other = await createUser(t.db, clientId, { staff: 'administrator' });
    const demoted = await inject('PATCH', `/api/admin/staff-users/${other.user.id}`, admin.headers, {
      role: 'finance',
    });
    expect(demoted.statusCode).toBe(200);
    expect((await inject('GET', '/api/admin/staff-users', other.headers)).statusCode).toBe(403);
  });

  it('disables a user: every session ends at once; enabling lets them sign in again', async () => {
    const desk = await createUser(t.db, clientId, { staff: 'front-desk' });
    expect((await inject('GET', '/api/admin/me', desk.headers)).statusCode).toBe(200);
    const disabled = await inject('POST', `/api/admin/staff-users/${desk.user.id}/disable`, admin.headers);
    expect(disabled.json().status).toBe('disabled');
    expect((await inject('GET', '/api/admin/me', desk.headers)).statusCode).toBe(401);
    const enabled = await inject('POST', `/api/admin/staff-users/${desk.user.id}/enable`, admin.headers);
    expect(enabled.json().status).toBe('active');
    const reset = await inject('POST', `/api/admin/staff-users/${desk.user.id}/reset-mfa`, admin.headers);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().mfa_enrolled).toBe(false);
  });

  it('answers 404 for an unknown or customer id and 422 for a bad one', async () => {
    const customer = await createUser(t.db, clientId);
    expect(
      (await inject('GET', `/api/admin/staff-users/${customer.user.id}`, admin.headers)).statusCode,
    ).toBe(404);
    expect((await inject('GET', '/api/admin/staff-users/99999999999', admin.headers)).statusCode).toBe(422);
    expect((await inject('GET', '/api/admin/staff-users/abc', admin.headers)).statusCode).toBe(422);
  });

  it("shows a venue manager only their venues' audit entries", async () => {
    const [mine, theirs] = venueIds;
    const manager = await createUser(t.db, clientId, { staff: 'venue-manager', venueIds: [mine as number] });
    await t.db.execute(
      sql`insert into audit_events (client_id, action, entity_type, entity_id, venue_id) values (${clientId}, 'venue.update', 'venue', ${String(mine)}, ${mine}), (${clientId}, 'venue.update', 'venue', ${String(theirs)}, ${theirs ?? null})`,
    );
    const log = await inject('GET', '/api/admin/audit-events?entity_type=venue', manager.headers);
    expect(log.statusCode).toBe(200);
    // Their venue's entries only: the inserted change, and its creation, which the seed audits as the system.
    const entries: { action: string; venue_id: number }[] = log.json().data;
    expect(entries.map((event) => event.venue_id)).toEqual(entries.map(() => mine));
    expect(entries.map((event) => event.action)).toEqual(['venue.update', 'venue.create']);
    // The other venue's entries are there for an administrator.
    const forAdmin = await inject(
      'GET',
      `/api/admin/audit-events?entity_type=venue&entity_id=${theirs}`,
      admin.headers,
    );
    expect(forAdmin.json().data.map((event: { action: string }) => event.action)).toEqual([
      'venue.update',
      'venue.create',
    ]);
    const paged = await inject('GET', '/api/admin/audit-events?limit=1', admin.headers);
    expect(paged.json().data).toHaveLength(1);
    expect(paged.json().next_before_id).toEqual(paged.json().data[0].id);
  });

  it('keeps the audit log append-only: UPDATE and DELETE are refused', async () => {
    const refusal = (statement: ReturnType<typeof sql>) =>
      t.db.execute(statement).then(
        () => 'done',
        (error: Error & { cause?: Error }) => `${error.message} ${error.cause?.message ?? ''}`,
      );
    await t.db.execute(
      sql`insert into audit_events (client_id, action, entity_type) values (${clientId}, 'test.row', 'test')`,
    );
    expect(await refusal(sql`update audit_events set action = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_events`)).toMatch(/append-only/);
  });

  it('records an older staff route through the catch-all', async () => {
    const finance = await createUser(t.db, clientId, { staff: 'finance' });
    const customer = await createUser(t.db, clientId);
    const credit = await inject('POST', `/api/staff/customers/${customer.user.id}/credits`, finance.headers, {
      amount: 300,
      reason: 'Goodwill',
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const log = await inject('GET', '/api/admin/audit-events?q=credits', admin.headers);
    expect(log.json().data[0]).toMatchObject({
      actor: { id: finance.user.id },
      action: 'call',
      entity_type: 'route',
      entity_id: 'POST /api/staff/customers/:userId/credits',
    });
  });
});
