import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions, directDebitMandates, penalties } from '../../db/schema';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * GET auth/user answers what the customer's rows hold now, though each process keeps what it read
 * while those rows have not changed: here they change straight in the database, as another replica or
 * a staff tool would change them.
 */
describe('GET auth/user after changes made elsewhere', () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the credit, outstanding penalties and instruction the database holds now', async () => {
    const { user, headers } = await createUser(t.db, f.clientId);
    const me = async () => {
      const res = await http.get('/api/auth/user', headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as {
        credit: { balance: number };
        has_outstanding_penalties: boolean;
        has_instruction: boolean;
      };
    };
    expect(await me()).toMatchObject({
      credit: { balance: 0 },
      has_outstanding_penalties: false,
      has_instruction: false,
    });
    expect((await me()).credit.balance).toBe(0);

    await t.db
      .insert(creditTransactions)
      .values({ userId: user.id, type: 'general', amount: 750, reason: 'goodwill' });
    expect((await me()).credit.balance).toBe(750);

    const [penalty] = await t.db
      .insert(penalties)
      .values({
        clientId: f.clientId,
        userId: user.id,
        type: 'no_show',
        amount: 500,
        currency: 'GBP',
        description: 'Yoga',
      })
      .returning({ id: penalties.id });
    expect((await me()).has_outstanding_penalties).toBe(true);
    await t.db
      .update(penalties)
      .set({ status: 'waived' })
      .where(eq(penalties.id, penalty?.id as number));
    expect((await me()).has_outstanding_penalties).toBe(false);

    const [mandate] = await t.db
      .insert(directDebitMandates)
      .values({
        userId: user.id,
        provider: 'sandbox',
        providerMandateId: `MD-summary-${user.id}`,
        reference: `REF${user.id}`,
        status: 'active',
        accountHolderName: 'A Member',
        sortCode: '200000',
        accountNumberEnding: '1234',
      })
      .returning({ id: directDebitMandates.id });
    expect((await me()).has_instruction).toBe(true);
    await t.db
      .update(directDebitMandates)
      .set({ status: 'cancelled' })
      .where(eq(directDebitMandates.id, mandate?.id as number));
    expect((await me()).has_instruction).toBe(false);

    await t.db.delete(creditTransactions).where(eq(creditTransactions.userId, user.id));
    expect((await me()).credit.balance).toBe(0);
  });
});
