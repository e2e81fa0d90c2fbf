import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { memberships } from '../../db/schema';
import { addDays, fullDate, localDateOf } from '../../lib/dates';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { createManagementTypes, membershipOfKind } from '../../test/factories/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

describe('my memberships: the list', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  let types: Awaited<ReturnType<typeof createManagementTypes>>;
  const today = localDateOf(new Date(), 'Europe/London');

  const member = () => createUser(t.db, f.clientId);
  const membershipOf = (
    userId: number,
    kind: 'monthly' | 'annual' | 'student' | 'corporate',
    extra: Partial<typeof memberships.$inferInsert> = {},
  ) =>
    membershipOfKind(
      { db: t.db, clientId: f.clientId, venueId: f.venue.id, types, today },
      userId,
      kind,
      extra,
    );
  const list = async (headers: Record<string, string>) => {
    const res = await http.get('/api/my-account/user/memberships', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>[];
  };
  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
    types = await createManagementTypes(t.db, f.clientId, f.venue.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists memberships pending, active, frozen, then others; 401 without a session', async () => {
    expect((await http.get('/api/my-account/user/memberships', {})).statusCode).toBe(401);
    const { user, headers } = await member();
    expect(await list(headers)).toEqual([]);
    const cancelled = await membershipOf(user.id, 'annual', { status: 'cancelled' });
    const frozen = await membershipOf(user.id, 'corporate', { status: 'frozen' });
    const active = await membershipOf(user.id, 'monthly');
    const pending = await membershipOf(user.id, 'student', { status: 'pending', activatedAt: null });
    const rows = await list(headers);
    expect(rows.map((row) => [row.id, row.status])).toEqual([
      [pending.id, 'pending'],
      [active.id, 'active'],
      [frozen.id, 'frozen'],
      [cancelled.id, 'cancelled'],
    ]);
    expect(rows[1]).toMatchObject({
      reference: `MEM-${String(active.id).padStart(6, '0')}`,
      membership_type: {
        id: types.gym.id,
        name: 'Anytime Gym',
        coverage: 'Leeds',
        eligibility_criterion: null,
      },
      home_venue: { id: f.venue.id, name: 'Cart Venue' },
      start_date: { raw: addDays(today, -200), full_date: fullDate(addDays(today, -200)) },
      benefits: [
        {
          name: 'Guest passes',
          remaining_uses: 2,
          renews_at: expect.objectContaining({ raw: expect.any(String) }),
        },
      ],
      price: { raw: 3000, formatted: '£30.00' },
      management_enabled: true,
      cancellable: true,
      cancellation: null,
      slug: 'mm-gym',
      payment_type: 'recurring',
      document: null,
      document_upload_required: false,
    });
    // The pending student membership names its criterion and document types; pending asks for no upload yet.
    expect(rows[0]).toMatchObject({
      membership_type: {
        eligibility_criterion: {
          id: types.student.id,
          name: 'Student',
          document_types: [
            { id: expect.any(Number), name: 'Student ID card' },
            { id: expect.any(Number), name: 'NUS card' },
          ],
        },
      },
      document_upload_required: false,
      cancellable: false,
    });
    // Another member sees none of them.
    expect(await list((await member()).headers)).toEqual([]);
  });
});
