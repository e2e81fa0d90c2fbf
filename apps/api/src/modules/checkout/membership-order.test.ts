import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { outboundEmails } from '../../db/schema';
import { addDays } from '../../lib/dates';
import { demoPromotionCodes } from '../../seed/memberships';
import { describeBothPaths } from '../../test/both-paths';
import { billing, cardToken } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { type JoiningWorld, openJoiningWorld } from '../joining/joining-test-fixtures';

/**
 * A membership in the basket, at checkout and in the order reads as a membership (issue 14): its name
 * and home centre, payment type, start date, fee lines, total to pay now, first billing date and
 * monthly amount (or the duration of a single payment), as priced when it was submitted.
 */
describeBothPaths('a membership line in the basket, the order and the order email', (paths) => {
  let w = {} as JoiningWorld;
  beforeAll(async () => {
    w = await openJoiningWorld(paths.start);
  });
  afterAll(async () => w.t.close());

  type Headers = Record<string, string>;
  async function pay(headers: Headers) {
    const { http, t } = w;
    const basket = (await http.get('/api/activities/cart', headers)).json().data;
    const terms = (await http.get(`/api/terms?cart_id=${basket.id}`, {})).json().data;
    const paid = await http.post('/api/checkout/complete', headers, {
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: basket.total, info: null }],
      item_hash: basket.item_hash,
      source: 'online-joining',
      terms: terms.map((term: { id: number }) => term.id),
      card: { token: await cardToken(t.app), save_card: false, billing },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return paid.json().complete_order_id as number;
  }
  async function orderEmail(email: string) {
    const mails = await w.t.db.select().from(outboundEmails).where(eq(outboundEmails.toAddress, email));
    const mail = mails.find((m) => m.template === 'order-confirmation');
    if (!mail) throw new Error(`no order email among ${mails.map((m) => m.template).join(', ')}`);
    return mail;
  }

  async function requiredAnswers(typeId: number) {
    const questions = (await w.http.get(`/api/custom-questions/memberships/${typeId}`, {})).json().data;
    return questions
      .filter((q: { is_required: boolean }) => q.is_required)
      .map((q: { id: number; options: { value: string }[] }) => ({
        question_id: q.id,
        answer: q.options[0]?.value ?? 'yes',
      }));
  }

  it('a monthly membership with a promotion: its costs in the basket, the order and the email (no calendar)', async () => {
    const { http, byslug, option, leedsId, today, termIds, promotionId } = w;
    const customer = await w.adult();
    // A billing day other than today's, so there is a pro-rata period.
    const billingDay = Number(today.slice(8)) === 1 ? 2 : 1;
    const submitted = await http.post('/api/online-joining/memberships', customer.headers, {
      membership_type_id: byslug('anytime-gym').id,
      payment_option_id: option('anytime-gym', 'recurring').id,
      home_venue_id: leedsId,
      start_date: today,
      billing_day: billingDay,
      promotion_code_id: await promotionId(demoPromotionCodes.welcome),
      terms: await termIds(),
      answers: await requiredAnswers(byslug('anytime-gym').id),
      direct_debit: { token: await detailsTokenFor(w.t.app, customer.headers) },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { costs } = submitted.json().data;
    expect(costs.pro_rata_days).toBeGreaterThan(0);
    expect(costs.fees.discount.raw).toBeGreaterThan(0);
    const described = {
      kind: 'join',
      name: 'Anytime Gym',
      payment_type: 'recurring',
      start_date: today,
      home_venue: { id: leedsId, name: 'Riverside Leisure Centre Leeds', slug: 'leeds-riverside' },
      costs: {
        payment_type: 'recurring',
        fees: costs.fees,
        pro_rata_days: costs.pro_rata_days,
        total_to_pay_now: costs.total_to_pay_now,
        global_base_price: costs.global_base_price,
        first_billing_date: costs.first_billing_date,
        pretty_first_billing_date: costs.pretty_first_billing_date,
        promotion_code: demoPromotionCodes.welcome,
      },
    };
    const basket = (await http.get('/api/activities/cart', customer.headers)).json().data;
    expect(basket.items).toHaveLength(1);
    expect(basket.items[0]).toMatchObject({
      cartable_type: 'membership',
      quantity: 1,
      cartable_resource: { new_membership: described },
    });

    const orderId = await pay(customer.headers);
    const order = (await http.get(`/api/my-account/orders/${orderId}`, customer.headers)).json().data;
    expect(order.items).toHaveLength(1);
    expect(order.items[0]).toMatchObject({
      cartable_type: 'membership',
      cartable_resource: { new_membership: described },
    });

    const mail = await orderEmail(customer.user.email);
    expect(mail.subject).toMatch(/^Order confirmed: ORD-/);
    expect(mail.attachments).toEqual([]);
    const days = `${costs.pro_rata_days} day${costs.pro_rata_days === 1 ? '' : 's'}`;
    for (const line of [
      `Anytime Gym (${costs.total_to_pay_now.formatted})`,
      'Home centre: Riverside Leisure Centre Leeds',
      'Payment type: Monthly',
      `Joining fee: ${costs.fees.joining_fee.formatted}`,
      `Pro-rata fee (${days}): ${costs.fees.pro_rata_fee.formatted}`,
      `Month in hand: ${costs.fees.month_in_hand_fee.formatted}`,
      `Discount (${demoPromotionCodes.welcome}): -${costs.fees.discount.formatted}`,
      `Total to pay now: ${costs.total_to_pay_now.formatted}`,
      `First billing date: ${costs.pretty_first_billing_date}`,
      `Monthly payment: ${costs.global_base_price.formatted}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('calendar');
  });

  it('a single payment with an activity: each line its own way, the sessions in the calendar', async () => {
    const { http, byslug, option, leedsId, today, termIds } = w;
    const customer = await w.adult();
    const submitted = await http.post('/api/online-joining/memberships', customer.headers, {
      membership_type_id: byslug('swim-only').id,
      payment_option_id: option('swim-only', 'fixed').id,
      home_venue_id: leedsId,
      start_date: today,
      terms: await termIds(),
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const { costs } = submitted.json().data;
    const times = await http.get(
      `/api/activities/venue/leeds-riverside/activity/badminton-40min/v2/times?date=${addDays(today, 1)}`,
      customer.headers,
    );
    const slot = times.json().data[0];
    const added = await http.post('/api/activities/cart/add', customer.headers, {
      items: [{ id: slot.id, type: 'purchasableOccurrence' }],
    });
    expect(added.statusCode, added.body).toBe(200);
    const items = added.json().data.items;
    const membershipLine = items.find(
      (item: { cartable_type: string }) => item.cartable_type === 'membership',
    );
    const activityLine = items.find((item: { cartable_type: string }) => item.cartable_type !== 'membership');
    expect(membershipLine.cartable_resource.new_membership).toMatchObject({
      payment_type: 'fixed',
      first_billing_date: null,
      costs: {
        fixed_duration: costs.fixed_duration,
        fixed_period: costs.fixed_period,
        end_date: costs.end_date,
      },
    });
    expect(activityLine.cartable_resource.new_membership).toBeNull();

    await pay(customer.headers);
    const mail = await orderEmail(customer.user.email);
    expect(mail.subject).toMatch(/^Booking confirmed: ORD-/);
    expect(mail.text).toContain('Payment type: Single payment');
    expect(mail.text).toContain(`Membership fee: ${costs.fees.base_fee.formatted}`);
    expect(mail.text).toContain(`Duration: ${costs.fixed_duration} ${costs.fixed_period}s`);
    expect(mail.text).not.toContain('First billing date');
    expect(mail.text).toMatch(/Badminton 40min: \w+ \d+\w* \w+ \d{4}, \d\d:\d\d - \d\d:\d\d/);
    expect(mail.attachments).toHaveLength(1);
  });
});
