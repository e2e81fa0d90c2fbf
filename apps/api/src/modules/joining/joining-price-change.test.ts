import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, directDebitSchedules, memberships } from '../../db/schema';
import { createUser } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { activateMembershipAfterCheckout } from '../membership-lifecycle/activation.service';
import { type JoiningWorld, openJoiningWorld } from './joining-test-fixtures';

// A price changed in the console (issue 47) applies to new purchases only: a membership chosen at the
// old price is activated, and collected, at the price it was bought at.

describe('a payment option price changed after a member chose it', () => {
  let { t, http, leedsId, today, byslug, option, adult, termIds } = {} as JoiningWorld;
  beforeAll(async () => {
    ({ t, http, leedsId, today, byslug, option, adult, termIds } = await openJoiningWorld());
  });
  afterAll(async () => t.close());

  it('keeps the direct debit at the old price for that member, and new joiners see the new one', async () => {
    const clientId = (await t.db.select().from(clients))[0]?.id ?? 0;
    const admin = await createUser(t.db, clientId, { staff: true });
    const customer = await adult();
    const token = await detailsTokenFor(t.app, customer.headers);
    const monthly = option('off-peak', 'recurring');
    const created = await http.post('/api/online-joining/memberships', customer.headers, {
      membership_type_id: byslug('off-peak').id,
      payment_option_id: monthly.id,
      home_venue_id: leedsId,
      start_date: today,
      billing_day: 1,
      terms: await termIds(),
      direct_debit: { token },
    });
    expect(created.statusCode, created.body).toBe(201);
    const membershipId: number = created.json().data.membership.id;

    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/membership-payment-options/${monthly.id}`,
      headers: admin.headers,
      payload: { base_fee: 2999 },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    await activateMembershipAfterCheckout(
      { db: t.db, config: t.config, directDebitProvider: t.app.directDebitProvider, mailer: t.app.mailer },
      membershipId,
      null,
    );
    const [schedule] = await t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.membershipId, membershipId));
    expect(schedule?.amount).toBe(2499);
    const [row] = await t.db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(row?.costs.baseFee).toBe(2499);

    // The next visitor is priced at the new fee.
    const price = await http.get(
      `/api/memberships/types/${byslug('off-peak').id}/payment-options/${monthly.id}?venue_id=${leedsId}`,
      {},
    );
    expect(price.json().data.global_base_price.raw).toBe(2999);
  });
});
