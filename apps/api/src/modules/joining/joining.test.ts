import { membershipMessages } from '@leisure/contract/memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  directDebitMandates,
  directDebitSchedules,
  membershipPromotions,
  memberships,
  membershipTypes,
  outboundEmails,
  payments,
  terms,
  users,
  venues,
} from '../../db/schema';
import { addDays, addMonths, localDateOf } from '../../lib/dates';
import { demoPromotionCodes } from '../../seed/memberships';
import { seedIfEmpty } from '../../seed/seed';
import { api, billing, cardToken, createUser } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { priceMembership } from '../membership-catalogue/pricing';
import { activateMembershipAfterCheckout } from '../membership-lifecycle/activation.service';

interface TypeAnswer {
  id: number;
  slug: string;
  name: string;
  coverage: string;
  eligibility: { name: string; requires_document: boolean } | null;
  benefits: { name: string }[];
  provides_access_to: { id: number }[];
  categories: { name: string }[];
  payment_options: { id: number; payment_type: string; total_to_pay_now: { raw: number } }[];
  is_purchasable: { can_purchase: boolean; has_prices: boolean; message: string | null };
}

describe('online joining: memberships', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let clientId: number;
  let leedsId: number;
  let types: TypeAnswer[];
  const today = localDateOf(new Date(), 'Europe/London');
  const byslug = (slug: string) => {
    const found = types.find((type) => type.slug === slug);
    if (!found) throw new Error(`no type ${slug}`);
    return found;
  };
  const option = (slug: string, paymentType: 'recurring' | 'fixed') => {
    const found = byslug(slug).payment_options.find((o) => o.payment_type === paymentType);
    if (!found) throw new Error(`no ${paymentType} option of ${slug}`);
    return found;
  };
  const adult = async () => {
    const customer = await createUser(t.db, clientId);
    await t.db.update(users).set({ dateOfBirth: '1990-05-01' }).where(eq(users.id, customer.user.id));
    return customer;
  };
  const termIds = async () =>
    (await t.db.select({ id: terms.id, context: terms.context }).from(terms))
      .filter((term) => term.context === 'health_commitment' || term.context === 'membership')
      .map((term) => term.id);
  const promotionId = async (code: string) => {
    const rows = await t.db.select().from(membershipPromotions).where(eq(membershipPromotions.code, code));
    return rows[0]?.id ?? 0;
  };

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    http = api(t.app);
    clientId = (await t.db.select().from(clients))[0]?.id ?? 0;
    leedsId = (await t.db.select().from(venues).where(eq(venues.slug, 'leeds-riverside')))[0]?.id ?? 0;
    const res = await http.get(`/api/memberships/types?venue_id=${leedsId}`, {});
    expect(res.statusCode, res.body).toBe(200);
    types = res.json().data;
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

  describe('questions and submitting a membership', () => {
    const monthlyGym = () => ({
      membership_type_id: byslug('anytime-gym').id,
      payment_option_id: option('anytime-gym', 'recurring').id,
      home_venue_id: leedsId,
      start_date: today,
      billing_day: 1,
    });
    const answersFor = async (typeId: number) => {
      const res = await http.get(`/api/custom-questions/memberships/${typeId}`, {});
      expect(res.statusCode).toBe(200);
      return res.json().data as { id: number; reference: string; type: string; is_required: boolean }[];
    };
    const validAnswers = async () => {
      const questions = await answersFor(byslug('anytime-gym').id);
      const id = (reference: string) => questions.find((q) => q.reference === reference)?.id ?? 0;
      return [
        { question_id: id('heard_about_us'), answer: 'friend' },
        { question_id: id('visits_per_week'), answer: 3 },
        { question_id: id('goals'), answer: ['fitness', 'strength'] },
        { question_id: id('last_health_check'), answer: addDays(today, -10) },
        { question_id: id('induction'), answer: true },
        { question_id: id('notes'), answer: 'None' },
      ];
    };

    it('GET custom-questions lists questions of every type', async () => {
      const questions = await answersFor(byslug('anytime-gym').id);
      expect(new Set(questions.map((q) => q.type))).toEqual(
        new Set(['text', 'number', 'select', 'multi_select', 'date', 'checkbox']),
      );
      expect((await http.get('/api/custom-questions/memberships/999999', {})).statusCode).toBe(404);
    });

    it('needs a session', async () => {
      const res = await http.post('/api/online-joining/memberships', {}, monthlyGym());
      expect(res.statusCode).toBe(401);
    });

    it('refuses bad input with field messages and writes nothing', async () => {
      const customer = await adult();
      const questions = await answersFor(byslug('anytime-gym').id);
      const dateId = questions.find((q) => q.type === 'date')?.id ?? 0;
      const cases: [Record<string, unknown>, string, string | undefined][] = [
        [{ ...monthlyGym(), start_date: addDays(today, -1) }, 'start_date', membershipMessages.startDatePast],
        [
          { ...monthlyGym(), start_date: addDays(addMonths(today, 1), 1) },
          'start_date',
          membershipMessages.startDateTooLate,
        ],
        [{ ...monthlyGym(), billing_day: undefined }, 'billing_day', membershipMessages.billingDayRequired],
        [{ ...monthlyGym(), billing_day: 31 }, 'billing_day', membershipMessages.billingDayRange],
        [{ ...monthlyGym(), terms: [] }, 'terms', membershipMessages.termsRequired],
        [{ ...monthlyGym() }, 'direct_debit', membershipMessages.directDebitRequired],
        [{ ...monthlyGym(), home_venue_id: 999999 }, 'home_venue_id', membershipMessages.notAtVenue],
        [
          { ...monthlyGym(), payment_option_id: option('off-peak', 'recurring').id },
          'payment_option_id',
          membershipMessages.optionNotForType,
        ],
        [{ ...monthlyGym(), start_date: 'soon' }, 'start_date', 'Date must be valid.'],
      ];
      const allTerms = await termIds();
      for (const [body, field, message] of cases) {
        const payload = {
          terms: allTerms,
          direct_debit: field === 'direct_debit' ? undefined : { token: 'dd-token' },
          answers: await validAnswers(),
          ...body,
        };
        const res = await http.post('/api/online-joining/memberships', customer.headers, payload);
        expect(res.statusCode, field).toBe(422);
        expect(res.json().errors[field], `${field}: ${res.body}`).toEqual([message]);
      }
      // Answers: required, valid date, not after today.
      const answerCases: [unknown, string][] = [
        [undefined, 'How did you hear about us? is required.'],
        ['2027-02-30', membershipMessages.dateInvalid],
        [addDays(today, 1), membershipMessages.dateInFuture],
      ];
      for (const [value, message] of answerCases) {
        const answers = (await validAnswers()).map((a) =>
          value === undefined
            ? a.answer === 'friend'
              ? { ...a, answer: null }
              : a
            : a.question_id === dateId
              ? { ...a, answer: value }
              : a,
        );
        const res = await http.post('/api/online-joining/memberships', customer.headers, {
          ...monthlyGym(),
          terms: allTerms,
          direct_debit: { token: 'dd-token' },
          answers,
        });
        expect(res.statusCode).toBe(422);
        expect(Object.values(res.json().errors)).toContainEqual([message]);
      }
      const rows = await t.db.select().from(memberships).where(eq(memberships.userId, customer.user.id));
      expect(rows).toEqual([]);
    });

    it("checks eligibility on the server: 'You are ineligible for this membership' with the reason", async () => {
      const customer = await adult();
      const res = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('junior').id,
        payment_option_id: option('junior', 'recurring').id,
        home_venue_id: leedsId,
        start_date: today,
        billing_day: 1,
        terms: await termIds(),
        direct_debit: { token: 'dd-token' },
        answers: [],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        message: membershipMessages.ineligible,
        errors: { membership_type_id: ['Junior memberships are for ages 11 to 17.'] },
      });
    });

    it('creates a pending membership with the priced first payment; the same type cannot be bought twice', async () => {
      const customer = await adult();
      const welcome = await promotionId(demoPromotionCodes.welcome);
      const before = (
        await t.db.select().from(membershipPromotions).where(eq(membershipPromotions.id, welcome))
      )[0];
      const body = {
        ...monthlyGym(),
        start_date: addDays(today, 2),
        billing_day: 15,
        promotion_code_id: welcome,
        terms: await termIds(),
        direct_debit: { token: 'dd-token', reference: 'DD-REF-1' },
        answers: await validAnswers(),
      };
      const res = await http.post('/api/online-joining/memberships', customer.headers, {
        ...body,
        direct_debit: { token: await detailsTokenFor(t.app, customer.headers) },
      });
      expect(res.statusCode, res.body).toBe(201);
      const data = res.json().data;
      expect(data.membership).toMatchObject({
        status: 'pending',
        membership_type_name: 'Anytime Gym',
        billing_day: 15,
        start_date: addDays(today, 2),
        requires_document: false,
      });
      expect(data.new_mandate).toBe(true);
      expect(data.costs.fees.discount.raw).toBe(1000);
      const rows = await t.db.select().from(memberships).where(eq(memberships.userId, customer.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'pending', promotionId: welcome });
      expect(rows[0]?.directDebitToken).toMatch(/.{20,}/);
      expect(rows[0]?.answers).toHaveLength(6);
      const after = (
        await t.db.select().from(membershipPromotions).where(eq(membershipPromotions.id, welcome))
      )[0];
      expect(after?.usedCount).toBe((before?.usedCount ?? 0) + 1);

      // Submitting again before paying (the basket was left) replaces the unpaid membership.
      const again = await http.post('/api/online-joining/memberships', customer.headers, {
        ...body,
        direct_debit: { token: await detailsTokenFor(t.app, customer.headers) },
      });
      expect(again.statusCode, again.body).toBe(201);
      const all = await t.db.select().from(memberships).where(eq(memberships.userId, customer.user.id));
      expect(all.map((m) => m.status).sort()).toEqual(['cancelled', 'pending']);
      const reused = (
        await t.db.select().from(membershipPromotions).where(eq(membershipPromotions.id, welcome))
      )[0];
      expect(reused?.usedCount).toBe((before?.usedCount ?? 0) + 1);
      const cart = await http.get('/api/activities/cart', customer.headers);
      expect(cart.statusCode, cart.body).toBe(200);
      const lines = cart.json().data.items;
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        id: again.json().data.cart_item_id,
        cartable_type: 'membership',
        cartable_id: again.json().data.membership.id,
        name: 'Anytime Gym',
        price: { raw: data.costs.total_to_pay_now.raw },
        cartable_resource: { new_membership: { billing_day: 15 } },
      });
      expect(cart.json().data.total).toBe(data.costs.total_to_pay_now.raw);
    });

    it('a single payment needs no billing day or direct debit; a student membership waits for a document', async () => {
      const customer = await adult();
      const res = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('student').id,
        payment_option_id: option('student', 'fixed').id,
        home_venue_id: leedsId,
        start_date: today,
        terms: await termIds(),
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data).toMatchObject({
        new_mandate: false,
        membership: { status: 'pending', payment_type: 'fixed', billing_day: null, requires_document: true },
        costs: { total_to_pay_now: { raw: 17900 } },
      });
    });

    it('an exhausted promotion cannot be used', async () => {
      const customer = await adult();
      const launch = await promotionId(demoPromotionCodes.exhausted);
      const res = await http.post('/api/online-joining/memberships', customer.headers, {
        membership_type_id: byslug('swim-only').id,
        payment_option_id: option('swim-only', 'fixed').id,
        home_venue_id: leedsId,
        start_date: today,
        promotion_code_id: launch,
        terms: await termIds(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(membershipMessages.incalculablePrice);
    });

    it("POST custom-questions saves answers to the customer's own membership only", async () => {
      const owner = await adult();
      const created = await http.post('/api/online-joining/memberships', owner.headers, {
        membership_type_id: byslug('anytime-gym').id,
        payment_option_id: option('anytime-gym', 'fixed').id,
        home_venue_id: leedsId,
        start_date: today,
        terms: await termIds(),
        answers: await validAnswers(),
      });
      expect(created.statusCode, created.body).toBe(201);
      const membershipId = created.json().data.membership.id;
      const answers = (await validAnswers()).map((a) =>
        a.answer === 'None' ? { ...a, answer: 'Bad knee' } : a,
      );
      const url = `/api/custom-questions/memberships/${membershipId}`;
      const saved = await http.post(url, owner.headers, { answers });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.find((q: { reference: string }) => q.reference === 'notes').answer).toBe(
        'Bad knee',
      );

      const stranger = await adult();
      expect((await http.post(url, stranger.headers, { answers })).statusCode).toBe(404);
      expect((await http.post(url, {}, { answers })).statusCode).toBe(401);
      const missing = await http.post(url, owner.headers, { answers: [] });
      expect(missing.statusCode).toBe(422);
      expect(Object.values(missing.json().errors)).toContainEqual([
        'How did you hear about us? is required.',
      ]);
    });

    it('a customer cannot act for someone else', async () => {
      const customer = await adult();
      const other = await adult();
      const res = await http.post('/api/online-joining/memberships', customer.headers, {
        ...monthlyGym(),
        selected_user_id: other.user.id,
        terms: await termIds(),
      });
      expect(res.statusCode).toBe(403);
      const rows = await t.db.select().from(membershipTypes);
      expect(rows.length).toBeGreaterThan(0);
    });
  });

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
      const paid = await http.post('/api/checkout/complete', customer.headers, {
        completed_waivers: [],
        payments: [{ tender_type: 'card', amount: basket.total, info: null }],
        item_hash: basket.item_hash,
        source: 'online-joining',
        terms: checkoutTerms,
        card: { token: await cardToken(t.app), save_card: false, billing },
      });
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
      expect(mails.map((mail) => mail.template)).toEqual(['membership_welcome']);
      expect(mails[0]?.text).toContain('Anytime Gym');
      expect(mails[0]?.text).toContain(`Paid today: ${costs.total_to_pay_now.formatted}`);
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
