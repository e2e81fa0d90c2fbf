import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitCollections, directDebitSchedules, memberships } from '../../db/schema';
import { addDays, billingDateOnOrAfter, daysBetween, daysInMonth } from '../../lib/dates';
import { billing, cardToken } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { type JoiningWorld, openJoiningWorld } from '../joining/joining-test-fixtures';

/**
 * Issue 15: a member who joined and paid (joining fee, pro-rata, month in hand) and changes type the
 * same day is charged only the change (docs/decisions/019), through the real calls and checkout.
 */
describe('membership change pricing through checkout', () => {
  let { t, http, leedsId, today, byslug, option, adult, termIds } = {} as JoiningWorld;
  beforeAll(async () => {
    ({ t, http, leedsId, today, byslug, option, adult, termIds } = await openJoiningWorld());
  });
  afterAll(async () => t.close());

  async function payBasket(headers: Record<string, string>) {
    const basket = (await http.get('/api/activities/cart', headers)).json().data;
    const checkoutTerms = (await http.get(`/api/terms?cart_id=${basket.id}`, {}))
      .json()
      .data.map((term: { id: number }) => term.id);
    const paid = await http.post('/api/checkout/complete', headers, {
      completed_waivers: [],
      payments: basket.total > 0 ? [{ tender_type: 'card', amount: basket.total, info: null }] : [],
      item_hash: basket.item_hash,
      source: 'my-account',
      terms: checkoutTerms,
      ...(basket.total > 0 ? { card: { token: await cardToken(t.app), save_card: false, billing } } : {}),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return basket.total as number;
  }

  /** Joins Anytime Gym monthly from today on billing day 1 and pays at checkout. */
  async function joinedGymMember() {
    const customer = await adult();
    const questions = await http.get(`/api/custom-questions/memberships/${byslug('anytime-gym').id}`, {});
    const heard = questions.json().data.find((q: { reference: string }) => q.reference === 'heard_about_us');
    const joined = await http.post('/api/online-joining/memberships', customer.headers, {
      membership_type_id: byslug('anytime-gym').id,
      payment_option_id: option('anytime-gym', 'recurring').id,
      home_venue_id: leedsId,
      start_date: today,
      billing_day: 1,
      terms: await termIds(),
      answers: [{ question_id: heard.id, answer: 'leaflet' }],
      direct_debit: { token: await detailsTokenFor(t.app, customer.headers) },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const membership = joined.json().data.membership;
    const paid = await payBasket(customer.headers);
    return { customer, membership, paid };
  }

  // Pro-rata from today to the 1st, as joining charges it.
  const proRata = (monthly: number) => {
    const days = daysBetween(today, billingDateOnOrAfter(today, 1));
    const [year, month] = today.split('-').map(Number) as [number, number];
    return Math.floor(
      (2 * monthly * days + daysInMonth(year, month - 1)) / (2 * daysInMonth(year, month - 1)),
    );
  };

  it('a same-day downgrade charges nothing, credits the difference, replaces the old one and moves the direct debit', async () => {
    const { customer, membership, paid } = await joinedGymMember();
    // £20.00 joining fee, pro-rata and the month in hand (£61.99 when joining on 25 Nov).
    expect(paid).toBe(2000 + proRata(3499) + 3499);
    const [oldSchedule] = await t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.membershipId, membership.id));
    const target = option('off-peak', 'recurring');
    const url = `/api/memberships/${membership.id}/change`;
    const costs = await http.get(`${url}/${target.id}?startsAt=${today}`, customer.headers);
    expect(costs.statusCode, costs.body).toBe(200);
    const difference = proRata(2499) + 2499 - (proRata(3499) + 3499);
    expect(costs.json().data).toMatchObject({
      costs: {
        total_due_now: { raw: 0 },
        composition: { month_in_hand: { raw: 0 }, fees: { raw: 0 } },
        account_credit: { raw: -difference },
      },
      new_membership_price: { raw: 2499 },
      difference_to_old_membership: {
        amount: { raw: difference },
        paid_period: { from: today, until: oldSchedule?.firstChargeDate },
      },
      first_billing_date: oldSchedule?.firstChargeDate,
      current_membership_ends: today,
    });
    expect(costs.json().data.difference_to_old_membership.text).toMatch(
      /^£\d+\.\d\d less than you have paid for /,
    );

    const changed = await http.post(url, customer.headers, {
      starts_at: today,
      payment_option_id: target.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const basket = (await http.get('/api/activities/cart', customer.headers)).json().data;
    expect(basket.total).toBe(0);
    await payBasket(customer.headers);

    const [old] = await t.db.select().from(memberships).where(eq(memberships.id, membership.id));
    // It started today and the change starts today: replaced outright, never ending before its start.
    expect(old).toMatchObject({ status: 'cancelled', startDate: today, endDate: today });
    const [successor] = await t.db
      .select()
      .from(memberships)
      .where(eq(memberships.id, changed.json().data.membership_id));
    expect(successor).toMatchObject({ status: 'active', firstBillingDate: oldSchedule?.firstChargeDate });
    const schedules = await t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.userId, customer.user.id));
    expect(schedules.find((s) => s.membershipId === membership.id)?.status).toBe('cancelled');
    expect(schedules.find((s) => s.membershipId === successor?.id)).toMatchObject({
      status: 'active',
      amount: 2499,
      firstChargeDate: oldSchedule?.firstChargeDate,
      mandateId: oldSchedule?.mandateId,
    });
    const credit = await http.get('/api/credits/user', customer.headers);
    expect(credit.json().data.balances.membership).toMatchObject({ total_available: -difference });
  });

  it('a same-day upgrade charges only the difference for the period paid: no second joining fee or month in hand', async () => {
    const { customer, membership } = await joinedGymMember();
    const target = option('all-clubs', 'recurring');
    const url = `/api/memberships/${membership.id}/change`;
    const costs = (await http.get(`${url}/${target.id}?startsAt=${today}`, customer.headers)).json().data;
    const difference = proRata(4999) + 4999 - (proRata(3499) + 3499);
    expect(costs.costs).toMatchObject({
      total_due_now: { raw: difference },
      composition: { month_in_hand: { raw: 0 }, fees: { raw: 0 } },
      account_credit: { raw: 0 },
    });
    const changed = await http.post(url, customer.headers, {
      starts_at: today,
      payment_option_id: target.id,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The amount charged at checkout is the change page's total.
    expect(await payBasket(customer.headers)).toBe(costs.costs.total_due_now.raw);
    const schedules = await t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.membershipId, changed.json().data.membership_id));
    expect(schedules[0]).toMatchObject({ amount: 4999, firstChargeDate: costs.first_billing_date });
  });

  it('a start date after the paid period is refused: the old membership is never left unpaid', async () => {
    const { customer, membership } = await joinedGymMember();
    // A month on: the next collection is in five days.
    const nextCollection = addDays(today, 5);
    const [schedule] = await t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.membershipId, membership.id));
    await t.db
      .update(directDebitCollections)
      .set({ chargeDate: nextCollection })
      .where(eq(directDebitCollections.scheduleId, schedule?.id ?? 0));
    const url = `/api/memberships/${membership.id}/change`;
    const options = (await http.get(url, customer.headers)).json().data;
    expect(options.starts_at).toEqual({ min: today, max: nextCollection });
    const target = option('off-peak', 'recurring');
    const late = await http.get(`${url}/${target.id}?startsAt=${addDays(today, 6)}`, customer.headers);
    expect(late.statusCode).toBe(422);
    const onTime = await http.get(`${url}/${target.id}?startsAt=${nextCollection}`, customer.headers);
    expect(onTime.json().data.difference_to_old_membership.paid_period).toBeNull();
  });
});
