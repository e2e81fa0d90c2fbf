import { membershipMessages } from '@leisure/contract/memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { membershipPromotions, users } from '../../db/schema';
import { addDays, addMonths } from '../../lib/dates';
import { demoPromotionCodes } from '../../seed/memberships';
import { createUser } from '../../test/factories/basket-fixtures';
import { priceMembership } from '../membership-catalogue/pricing';
import { type JoiningWorld, openJoiningWorld, type TypeAnswer } from './joining-test-fixtures';

describe('online joining: memberships', () => {
  let { t, http, clientId, leedsId, types, today, byslug, option, promotionId } = {} as JoiningWorld;
  beforeAll(async () => {
    ({ t, http, clientId, leedsId, types, today, byslug, option, promotionId } = await openJoiningWorld());
  });
  afterAll(async () => t.close());

  describe('GET api/memberships/types', () => {
    it('lists the seeded types at a venue with categories, coverage, eligibility, benefits, access and options', () => {
      expect(types.map((type) => type.slug)).toEqual([
        'anytime-gym',
        'off-peak',
        'student',
        'junior',
        'swim-only',
        'family',
        'all-clubs',
      ]);
      const gym = byslug('anytime-gym');
      expect(gym.categories.map((c) => c.name)).toEqual(['Gym']);
      expect(gym.benefits.map((b) => b.name)).toContain('Guest passes');
      expect(gym.provides_access_to.map((v) => v.id)).toContain(leedsId);
      expect(gym.payment_options.map((o) => o.payment_type)).toEqual(['recurring', 'fixed']);
      expect(byslug('all-clubs').coverage).toBe('national');
      expect(byslug('student').eligibility).toMatchObject({ name: 'Student', requires_document: true });
      // Anonymous visitors may choose anything; eligibility is checked when they submit.
      expect(types.every((type) => type.is_purchasable.can_purchase)).toBe(true);
      // Starting today: the single payment is the whole price.
      expect(option('anytime-gym', 'fixed').total_to_pay_now.raw).toBe(34900);
    });

    it("reflects a signed-in customer's eligibility", async () => {
      const child = await createUser(t.db, clientId);
      await t.db
        .update(users)
        .set({ dateOfBirth: addDays(today, -365 * 13) })
        .where(eq(users.id, child.user.id));
      const res = await http.get(`/api/memberships/types?venue_id=${leedsId}`, child.headers);
      const answer: TypeAnswer[] = res.json().data;
      const student = answer.find((type) => type.slug === 'student');
      expect(student?.is_purchasable).toEqual({
        can_purchase: false,
        has_prices: false,
        message: membershipMessages.notEligible,
      });
      expect(answer.find((type) => type.slug === 'junior')?.is_purchasable.can_purchase).toBe(true);
    });

    it('needs a valid venue_id (422) of this operator (404)', async () => {
      expect((await http.get('/api/memberships/types', {})).statusCode).toBe(422);
      const bad = await http.get('/api/memberships/types?venue_id=abc', {});
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.venue_id).toBeDefined();
      expect((await http.get('/api/memberships/types?venue_id=999999', {})).statusCode).toBe(404);
    });
  });

  describe('GET api/memberships/types/{typeId}/payment-options/{optionId}', () => {
    const url = (slug: string, paymentType: 'recurring' | 'fixed', query: string) =>
      `/api/memberships/types/${byslug(slug).id}/payment-options/${option(slug, paymentType).id}?${query}`;

    it('answers the cost breakdown the pricing module works out', async () => {
      const start = addDays(today, 3);
      const res = await http.get(
        url('anytime-gym', 'recurring', `start_date=${start}&billing_day=1&venue_id=${leedsId}`),
        {},
      );
      expect(res.statusCode, res.body).toBe(200);
      const expected = priceMembership({
        option: {
          paymentType: 'recurring',
          baseFee: 3499,
          joiningFee: 2000,
          monthInHand: true,
          fixedDuration: null,
          fixedPeriod: null,
        },
        startDate: start,
        billingDay: 1,
      });
      const data = res.json().data;
      expect(data).toMatchObject({
        payment_type: 'recurring',
        pro_rata_days: expected.proRataDays,
        first_billing_date: expected.firstBillingDate,
        pretty_first_billing_date: expected.prettyFirstBillingDate,
        promotion_enabled: true,
        total_to_pay_now: { raw: expected.totalToPayNow },
      });
      const fees = data.fees;
      expect(
        fees.joining_fee.raw + fees.pro_rata_fee.raw + fees.month_in_hand_fee.raw - fees.discount.raw,
      ).toBe(data.total_to_pay_now.raw);
      expect(data.total_to_pay_now.formatted).toMatch(/^£\d+\.\d\d$/);
    });

    it('applies a promotion by id; fixed options show their duration', async () => {
      const welcome = await promotionId(demoPromotionCodes.welcome);
      const res = await http.get(url('anytime-gym', 'recurring', `promotion_code_id=${welcome}`), {});
      expect(res.json().data.fees.discount.raw).toBe(1000);
      const fixed = await http.get(url('anytime-gym', 'fixed', ''), {});
      expect(fixed.json().data).toMatchObject({
        payment_type: 'fixed',
        fixed_duration: 12,
        fixed_period: 'month',
        first_billing_date: null,
        total_to_pay_now: { raw: 34900 },
      });
    });

    it("answers 422 'Could not calculate price.' for dates out of range and unusable codes", async () => {
      for (const query of [
        `start_date=${addDays(today, -1)}`,
        `start_date=${addDays(addMonths(today, 1), 1)}`,
        `promotion_code_id=${await promotionId(demoPromotionCodes.expired)}`,
        'promotion_code_id=999999',
      ]) {
        const res = await http.get(url('anytime-gym', 'recurring', query), {});
        expect(res.statusCode, query).toBe(422);
        expect(res.json().message).toBe(membershipMessages.incalculablePrice);
        expect(res.json().errors.incalculablePrice).toEqual([membershipMessages.incalculablePrice]);
      }
    });

    it('validates its input', async () => {
      for (const query of [
        'billing_day=29',
        'billing_day=0',
        'start_date=2027-02-30',
        'start_date=tomorrow',
      ]) {
        const res = await http.get(url('anytime-gym', 'recurring', query), {});
        expect(res.statusCode, query).toBe(422);
      }
      const wrongType = `/api/memberships/types/${byslug('off-peak').id}/payment-options/${option('anytime-gym', 'recurring').id}`;
      expect((await http.get(wrongType, {})).statusCode).toBe(404);
    });
  });

  describe('GET api/v1/membership-promotions/validate/{code}/{paymentOptionId}', () => {
    const validate = (code: string, optionId: number) =>
      http.get(`/api/v1/membership-promotions/validate/${code}/${optionId}`, {});

    it('accepts a live code, in any case', async () => {
      const res = await validate('welcome50', option('anytime-gym', 'recurring').id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ code: 'WELCOME50', id: await promotionId('WELCOME50') });
    });

    it("answers 'Code not recognised' for unknown, expired, used-up and wrong-option codes", async () => {
      const monthly = option('anytime-gym', 'recurring').id;
      const fixed = option('anytime-gym', 'fixed').id;
      const cases: [string, number][] = [
        ['NOSUCHCODE', monthly],
        [demoPromotionCodes.expired, monthly],
        [demoPromotionCodes.exhausted, monthly],
        // First month free is for monthly payers only.
        [demoPromotionCodes.firstMonth, fixed],
      ];
      for (const [code, optionId] of cases) {
        const res = await validate(code, optionId);
        expect(res.statusCode, code).toBe(422);
        expect(res.json()).toEqual({
          message: membershipMessages.codeNotRecognised,
          errors: { code: [membershipMessages.codeNotRecognised] },
        });
      }
      const restricted = await t.db
        .insert(membershipPromotions)
        .values({
          clientId,
          code: 'SWIMONLY',
          name: 'Swim only',
          discountKind: 'fixed',
          discountValue: 500,
          appliesTo: 'joining_fee',
          paymentOptionIds: [option('swim-only', 'recurring').id],
        })
        .returning();
      expect(restricted[0]).toBeDefined();
      expect((await validate('SWIMONLY', monthly)).statusCode).toBe(422);
      expect((await validate('SWIMONLY', option('swim-only', 'recurring').id)).statusCode).toBe(200);
    });

    it('refuses, with its reason, a code that takes nothing off the chosen option', async () => {
      // Half the joining fee, on options without one: Student monthly and Anytime Gym's 12 months.
      for (const optionId of [option('student', 'recurring').id, option('anytime-gym', 'fixed').id]) {
        const res = await validate(demoPromotionCodes.welcome, optionId);
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json()).toEqual({
          message: membershipMessages.codeTakesNothingOff,
          errors: { code: [membershipMessages.codeTakesNothingOff] },
        });
      }
      // The first month free does take the month in hand off a monthly option without a joining fee.
      expect(
        (await validate(demoPromotionCodes.firstMonth, option('student', 'recurring').id)).statusCode,
      ).toBe(200);
    });
  });

  it('documents every joining call in the OpenAPI description', async () => {
    const res = await http.get('/api/docs/openapi.json', {});
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths;
    for (const [path, method] of [
      ['/api/memberships/types', 'get'],
      ['/api/memberships/types/{typeId}/payment-options/{optionId}', 'get'],
      ['/api/v1/membership-promotions/validate/{code}/{paymentOptionId}', 'get'],
      ['/api/custom-questions/memberships/{membershipId}', 'get'],
      ['/api/custom-questions/memberships/{membershipId}', 'post'],
      ['/api/online-joining/venues', 'get'],
      ['/api/online-joining/memberships', 'post'],
    ] as const) {
      expect(paths[path]?.[method]?.tags, `${method} ${path}`).toEqual(['online-joining']);
    }
    const submit = paths['/api/online-joining/memberships'].post;
    expect(Object.keys(submit.responses)).toEqual(expect.arrayContaining(['201', '401', '422']));
  });

  describe('terms and venues', () => {
    it('GET api/terms?type= answers the joining terms of each kind', async () => {
      for (const [type, title] of [
        ['health_commitment', 'Health Commitment Statement'],
        ['membership', 'Membership Terms and Conditions'],
        ['direct_debit', 'The Direct Debit Guarantee'],
      ]) {
        const res = await http.get(`/api/terms?type=${type}`, {});
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().data.map((term: { title: string }) => term.title)).toEqual([title]);
      }
      expect((await http.get('/api/terms?type=nonsense', {})).statusCode).toBe(422);
    });

    it('GET api/online-joining/venues lists venues, and by distance within a radius in miles', async () => {
      const all = await http.get('/api/online-joining/venues', {});
      expect(all.statusCode).toBe(200);
      expect(all.json().data.length).toBeGreaterThanOrEqual(8);
      expect(all.json().data[0]).toMatchObject({ distance: null, can_display_ineligible_memberships: false });
      // Leeds city centre: the Leeds venue is a mile or two away, York about 20 miles.
      const near = await http.get('/api/online-joining/venues?lat=53.7997&lng=-1.5492&radius=5', {});
      const names: { slug: string; distance: number }[] = near.json().data;
      expect(names.map((v) => v.slug)).toEqual(['leeds-riverside']);
      expect(names[0]?.distance).toBeLessThan(5);
      const wide = await http.get('/api/online-joining/venues?lat=53.7997&lng=-1.5492&radius=30', {});
      const wideSlugs = wide.json().data.map((v: { slug: string }) => v.slug);
      expect(wideSlugs.slice(0, 2)).toEqual(['leeds-riverside', 'york-ouse-bank']);
      expect((await http.get('/api/online-joining/venues?lat=91&lng=0', {})).statusCode).toBe(422);
      expect((await http.get('/api/online-joining/venues?lat=53', {})).statusCode).toBe(422);
    });
  });
});
