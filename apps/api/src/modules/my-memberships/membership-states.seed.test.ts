import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';

/** The seeded demo members show each membership state (cancellation, debts, documents) through the list. */
describe('seed: membership states', () => {
  let t: TestApp;

  const logIn = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: email, password: 'Member-Pass-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${res.json().token}` };
  };
  const membershipsOf = async (email: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/my-account/user/memberships',
      headers: await logIn(email),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown>[];
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows a cancellation with notice, debts, a rejected and a pending document, a suspension', async () => {
    expect(await membershipsOf('cancelled-notice@example.com')).toEqual([
      expect.objectContaining({
        status: 'active',
        cancellation: expect.objectContaining({
          state: 'scheduled',
          final_payment_date: expect.objectContaining({ raw: expect.any(String) }),
          final_day: expect.objectContaining({ raw: expect.any(String) }),
        }),
        next_payment_date: expect.anything(),
      }),
    ]);

    const [debtMembership] = await membershipsOf('debt@example.com');
    const headers = await logIn('debt@example.com');
    const info = await t.app.inject({
      method: 'GET',
      url: `/api/memberships/${debtMembership?.id}/cancel`,
      headers,
    });
    expect(info.json().data).toMatchObject({
      has_outstanding_penalties_due: true,
      total_owed: { amount: 1250, formatted: '£12.50' },
    });

    expect(await membershipsOf('rejected-doc@example.com')).toEqual([
      expect.objectContaining({
        document: expect.objectContaining({
          status: 'rejected',
          rejection_reason: 'The card shown expired in July; please send your current student card',
        }),
        document_upload_required: true,
      }),
    ]);
    expect(await membershipsOf('pending-doc@example.com')).toEqual([
      expect.objectContaining({
        document: expect.objectContaining({ status: 'pending' }),
        document_upload_required: false,
      }),
    ]);
    expect(await membershipsOf('suspended@example.com')).toEqual([
      expect.objectContaining({ status: 'suspended', document_upload_required: true }),
    ]);
    expect(await membershipsOf('member@example.com')).toEqual([]);
  });
});
