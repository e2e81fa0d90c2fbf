import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestPasses, memberships, users } from '../../db/schema';
import { demoMember } from '../../seed/accounts';
import { demoGuestPassMember } from '../../seed/guest-passes';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';

describe('the guest pass demo member', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
  });
  afterAll(async () => t?.close());

  async function logIn(email: string, password: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password },
    });
    expect(res.statusCode, res.body).toBe(200);
    const headers = { authorization: `Bearer ${res.json().token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers });
    return { headers, id: me.json().data.id as number };
  }

  it('has allowances left, pages of passes in every status, and packages', async () => {
    const { headers, id } = await logIn(demoGuestPassMember.email, demoGuestPassMember.password);
    const allowances = await t.app.inject({
      method: 'GET',
      url: `/api/v1/users/${id}/guestPasses/allowances`,
      headers,
    });
    expect(allowances.json().data).toEqual([
      expect.objectContaining({ type: 'benefit', name: 'Family', total_uses: 4 }),
      expect.objectContaining({
        type: 'package',
        name: 'Bring a Friend 10',
        uses_remaining: 7,
        total_uses: 10,
      }),
    ]);
    expect(allowances.json().data[0].uses_remaining).toBeGreaterThanOrEqual(2);

    const list = await t.app.inject({ method: 'GET', url: `/api/v1/users/${id}/guestPasses`, headers });
    expect(list.json().meta.pagination).toMatchObject({ total_records: 36, total_pages: 4 });
    const rows = await t.db
      .select({ status: guestPasses.status })
      .from(guestPasses)
      .where(eq(guestPasses.userId, id));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['issued', 'redeemed', 'expired']));

    const packages = await t.app.inject({ method: 'GET', url: '/api/my-account/user/packages', headers });
    expect(
      packages.json().data.map((pkg: { name: string; status: string }) => [pkg.name, pkg.status]),
    ).toEqual([
      ['Bring a Friend 10', 'active'],
      ['10 Swim Card', 'active'],
      ['Summer Classes 5', 'expired'],
    ]);
  });

  it('leaves member@example.com without a membership', async () => {
    const [member] = await t.db.select().from(users).where(eq(users.email, demoMember.email));
    expect(member).toBeDefined();
    expect(
      await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.userId, member?.id ?? 0)),
    ).toEqual([]);
  });
});
