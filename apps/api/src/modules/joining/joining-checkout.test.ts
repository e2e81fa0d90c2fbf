import { membershipMessages } from '@leisure/contract/memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  directDebitMandates,
  directDebitSchedules,
  memberships,
  outboundEmails,
  payments,
} from '../../db/schema';
import { addDays } from '../../lib/dates';
import { demoPromotionCodes } from '../../seed/memberships';
import { billing, cardToken } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { activateMembershipAfterCheckout } from '../membership-lifecycle/activation.service';
import { type JoiningWorld, openJoiningWorld, type TypeAnswer } from './joining-test-fixtures';

describe('online joining: memberships', () => {
  let { t, http, leedsId, today, byslug, option, adult, termIds, promotionId } = {} as JoiningWorld;
  beforeAll(async () => {
    ({ t, http, leedsId, today, byslug, option, adult, termIds, promotionId } = await openJoiningWorld());
  });
  afterAll(async () => t.close());

  describe('checkout completion', () => {
    const activation = () => ({
      db: t.db,
      config: t.config,
      directDebitProvider: t.app.directDebitProvider,
      mailer: t.app.mailer,
    });

    it('activates a monthly membership, records the mandate and collections, reports the flags and sends the welcome email', async () => {
      const customer = await adult();
      const token = await detailsTokenFor(t.app, customer.headers);
      const firstMonth = await promotionId(demoPromotionCodes.firstMonth);
      const created = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('off-peak').id,
        payment_option_id: option('off-peak', 'recurring').id,
        home_venue_id: leedsId,
        start_date: today,
        billing_day: 1,
        promotion_code_id: firstMonth,
        terms: await termIds(),
        direct_debit: { token },
      });
      expect(created.statusCode, created.body).toBe(201);
      const membership = created.json().data.membership;
      const before = await http.get('/api/auth/user', customer.headers);
      expect(before.json().data).toMatchObject({ has_instruction: false, has_billing_date: false });

      const activated = await activateMembershipAfterCheckout(activation(), membership.id, null);
      expect(activated?.status).toBe('active');
      // A second completion (a retried checkout) changes nothing.
      expect(await activateMembershipAfterCheckout(activation(), membership.id, null)).toBeUndefined();

      const mandates = await t.db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.userId, customer.user.id));
      expect(mandates).toHaveLength(1);
      const schedules = await t.db
        .select()
        .from(directDebitSchedules)
        .where(eq(directDebitSchedules.membershipId, membership.id));
      expect(schedules).toHaveLength(1);
      expect(schedules[0]).toMatchObject({
        amount: 2499,
        billingDay: 1,
        firstChargeDate: membership.first_billing_date,
      });
      const after = await http.get('/api/auth/user', customer.headers);
      expect(after.json().data).toMatchObject({ has_instruction: true, has_billing_date: true });
      const row = (await t.db.select().from(memberships).where(eq(memberships.id, membership.id)))[0];
      expect(row?.directDebitToken).toBeNull();

      const [mail] = await t.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, customer.user.email));
      expect(mail?.template).toBe('membership_welcome');
      expect(mail?.subject).toBe('Welcome to your Off-Peak membership');
      expect(mail?.text).toContain('£24.99 a month by direct debit');
      expect(mail?.text).toContain('Riverside Leisure Centre Leeds');

      // With an instruction and a billing date, the next monthly membership needs neither.
      const next = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('swim-only').id,
        payment_option_id: option('swim-only', 'recurring').id,
        home_venue_id: leedsId,
        start_date: today,
        terms: await termIds(),
      });
      expect(next.statusCode, next.body).toBe(201);
      expect(next.json().data).toMatchObject({ new_mandate: false, membership: { billing_day: 1 } });
      await activateMembershipAfterCheckout(activation(), next.json().data.membership.id, null);
      const allSchedules = await t.db
        .select()
        .from(directDebitSchedules)
        .where(eq(directDebitSchedules.userId, customer.user.id));
      expect(allSchedules).toHaveLength(2);
    });

    it('submit -> basket line -> card checkout -> active membership, mandate, flags and welcome email', async () => {
      const customer = await adult();
      // Badminton at Leeds has a member price: the customer sees the standard one until they join.
      const badmintonTimes = `/api/activities/venue/leeds-riverside/activity/badminton-40min/v2/times?date=${addDays(today, 1)}`;
      const priceSeen = async () =>
        (await http.get(badmintonTimes, customer.headers)).json().data[0].price.formatted_amount as string;
      const standardPrice = await priceSeen();
      const welcome = await promotionId(demoPromotionCodes.welcome);
      const submitted = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('anytime-gym').id,
        payment_option_id: option('anytime-gym', 'recurring').id,
        home_venue_id: leedsId,
        start_date: today,
        billing_day: 1,
        promotion_code_id: welcome,
        terms: await termIds(),
        answers: await (async () => {
          const questions = await http.get(
            `/api/custom-questions/memberships/${byslug('anytime-gym').id}`,
            {},
          );
          const heard = questions
            .json()
            .data.find((q: { reference: string }) => q.reference === 'heard_about_us');
          return [{ question_id: heard.id, answer: 'leaflet' }];
        })(),
        direct_debit: { token: await detailsTokenFor(t.app, customer.headers) },
      });
      expect(submitted.statusCode, submitted.body).toBe(201);
      const { membership, costs, cart } = submitted.json().data;
      const basket = (await http.get('/api/activities/cart', customer.headers)).json().data;
      expect(basket.id).toBe(cart.id);
      expect(basket.total).toBe(costs.total_to_pay_now.raw);
      const checkoutTerms = (await http.get(`/api/terms?cart_id=${cart.id}`, {}))
        .json()
        .data.map((term: { id: number }) => term.id);
      // Paid under a hostile Host: the emails it sends still link to the configured site (issue 44).
      const paid = await http.post(
        '/api/checkout/complete',
        { ...customer.headers, host: 'evil.example' },
        {
          completed_waivers: [],
          payments: [{ tender_type: 'card', amount: basket.total, info: null }],
          item_hash: basket.item_hash,
          source: 'online-joining',
          terms: checkoutTerms,
          card: { token: await cardToken(t.app), save_card: false, billing },
        },
      );
      expect(paid.statusCode, paid.body).toBe(200);
      const orderId = paid.json().complete_order_id;
      const row = (await t.db.select().from(memberships).where(eq(memberships.id, membership.id)))[0];
      expect(row).toMatchObject({ status: 'active', orderId });
      const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
      expect(payment).toMatchObject({ tenderType: 'card', amount: costs.total_to_pay_now.raw });
      const user = await http.get('/api/auth/user', customer.headers);
      expect(user.json().data).toMatchObject({ has_instruction: true, has_billing_date: true });
      const memberPrice = await priceSeen();
      expect(memberPrice, 'an active member sees the member price').not.toBe(standardPrice);
      expect(Number(memberPrice.slice(1))).toBeLessThan(Number(standardPrice.slice(1)));
      const mails = await t.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, customer.user.email));
      // The order's confirmation (its costs: membership-order.test.ts) and the membership's welcome.
      expect(mails.map((mail) => mail.template).sort()).toEqual(['membership_welcome', 'order-confirmation']);
      const welcomeMail = mails.find((mail) => mail.template === 'membership_welcome');
      expect(welcomeMail?.text).toContain('Anytime Gym');
      expect(welcomeMail?.text).toContain(`Paid today: ${costs.total_to_pay_now.formatted}`);
      expect(welcomeMail?.text).toContain(`${t.config.publicUrls.fallbackOrigin}/account`);
      for (const mail of mails) expect(`${mail.text}${mail.html}`).not.toContain('evil.example');
      const newBasket = (await http.get('/api/activities/cart', customer.headers)).json().data;
      expect(newBasket.items).toEqual([]);

      // Now it is paid, the same type cannot be bought twice.
      const again = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('anytime-gym').id,
        payment_option_id: option('anytime-gym', 'fixed').id,
        home_venue_id: leedsId,
        start_date: today,
        terms: await termIds(),
      });
      expect(again.statusCode).toBe(422);
      expect(again.json().errors.membership_type_id).toEqual([membershipMessages.alreadyActive]);
      const list = await http.get(`/api/memberships/types?venue_id=${leedsId}`, customer.headers);
      const gym = list.json().data.find((type: TypeAnswer) => type.slug === 'anytime-gym');
      expect(gym.is_purchasable).toMatchObject({
        can_purchase: false,
        message: membershipMessages.alreadyActive,
      });
    });

    it('a membership that needs proof of eligibility stays pending and the email says so', async () => {
      const customer = await adult();
      const created = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('student').id,
        payment_option_id: option('student', 'fixed').id,
        home_venue_id: leedsId,
        start_date: today,
        terms: await termIds(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const activated = await activateMembershipAfterCheckout(
        activation(),
        created.json().data.membership.id,
        null,
      );
      expect(activated).toMatchObject({ status: 'pending', requiresDocument: true });
      const [mail] = await t.db
        .select()
        .from(outboundEmails)
        .where(eq(outboundEmails.toAddress, customer.user.email));
      expect(mail?.text).toContain('Student ID card');
      const mandates = await t.db
        .select()
        .from(directDebitMandates)
        .where(eq(directDebitMandates.userId, customer.user.id));
      expect(mandates).toEqual([]);
    });

    it("refuses a direct-debit token that is not the customer's", async () => {
      const customer = await adult();
      const other = await adult();
      const res = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('family').id,
        payment_option_id: option('family', 'recurring').id,
        home_venue_id: leedsId,
        start_date: today,
        billing_day: 5,
        terms: await termIds(),
        direct_debit: { token: await detailsTokenFor(t.app, other.headers) },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors['direct_debit.token']).toBeDefined();
      expect(await t.db.select().from(memberships).where(eq(memberships.userId, customer.user.id))).toEqual(
        [],
      );
    });
  });
});
