import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';

/** The payments-area demo members of the seed show the states the screens can show. */
describe('payments-area seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
  });
  afterAll(async () => t?.close());

  async function logIn(email: string): Promise<Record<string, string>> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password: 'Member-Pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().token}` };
  }
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('penalties@example.com owes fees at several venues and has credit added and spent and a card', async () => {
    const headers = await logIn('penalties@example.com');
    const penalties = (await get('/api/my-account/user/penalties', headers)).json().data;
    expect(penalties.length).toBeGreaterThanOrEqual(3);
    expect(
      new Set(penalties.map((p: { booking: { venue: string } }) => p.booking.venue)).size,
    ).toBeGreaterThan(1);
    expect((await get('/api/auth/user', headers)).json().data.has_outstanding_penalties).toBe(true);
    const credits = (await get('/api/credits/user', headers)).json().data;
    expect(credits.credits.length).toBeGreaterThan(0);
    expect(credits.balances.membership.total_available).toBeGreaterThan(0);
    expect((await get('/api/credits/user/credit-transactions', headers)).json().data.length).toBeGreaterThan(
      0,
    );
    expect((await get('/api/my-account/saved-cards', headers)).json().data).toEqual([
      expect.objectContaining({ recently_expired: false }),
    ]);
  });

  it('expiredcard@example.com has an expired saved card', async () => {
    const headers = await logIn('expiredcard@example.com');
    expect((await get('/api/my-account/saved-cards', headers)).json().data).toEqual([
      expect.objectContaining({ recently_expired: true }),
    ]);
  });

  it('orders@example.com has several pages of orders, each with a receipt', async () => {
    const headers = await logIn('orders@example.com');
    const page = (await get('/api/my-account/orders?page=2', headers)).json();
    expect(page.meta.last_page).toBeGreaterThanOrEqual(3);
    expect(page.data).toHaveLength(20);
    expect(page.data[0].items[0]).toMatchObject({ type: 'activity', name: expect.any(String) });
    const receipt = await get(`/api/my-account/orders/${page.data[0].uuid}/receipt`, headers);
    expect(receipt.statusCode).toBe(200);
    const detail = await get(`/api/my-account/orders/${page.data[0].id}`, headers);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.items).toHaveLength(1);
    // Each line is a booking made by its order: dated two days after it, with its booking id.
    for (const order of page.data as { id: number; ordered_at: string }[]) {
      const [item] = (await get(`/api/my-account/orders/${order.id}`, headers)).json().data.items;
      expect(item.booking_ids).toHaveLength(1);
      const placed = new Date(order.ordered_at).getTime();
      const starts = new Date(item.cartable_resource.starts_at.utc).getTime();
      expect(starts - placed).toBeGreaterThan(0);
      expect(starts - placed).toBeLessThanOrEqual(3 * 86_400_000);
    }
  });
});
