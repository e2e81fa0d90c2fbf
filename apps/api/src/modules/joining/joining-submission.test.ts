import { membershipMessages } from '@leisure/contract/memberships';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { membershipPromotions, memberships, membershipTypes, users, venues } from '../../db/schema';
import { addDays, addMonths, localDateOf } from '../../lib/dates';
import { demoPromotionCodes } from '../../seed/memberships';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { type JoiningWorld, openJoiningWorld } from './joining-test-fixtures';

describe('online joining: memberships', () => {
  let { t, http, leedsId, today, byslug, option, adult, termIds, promotionId } = {} as JoiningWorld;
  beforeAll(async () => {
    ({ t, http, leedsId, today, byslug, option, adult, termIds, promotionId } = await openJoiningWorld());
  });
  afterAll(async () => t.close());

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

    it("refuses a membership until 'Your details' has its required answers, then takes it", async () => {
      const customer = await adult();
      await t.db
        .update(users)
        .set({ emergencyContactName: null, mobileNumber: '  ' })
        .where(eq(users.id, customer.user.id));
      const body = {
        ...monthlyGym(),
        terms: await termIds(),
        direct_debit: { token: await detailsTokenFor(t.app, customer.headers) },
        answers: await validAnswers(),
      };
      const refused = await http.post('/api/online-joining/memberships', customer.headers, body);
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors).toEqual({
        emergency_contact_name: ['Emergency contact name is required.'],
        mobile_number: ['Mobile number is required.'],
      });
      const drafts = await t.db.select().from(memberships).where(eq(memberships.userId, customer.user.id));
      expect(drafts, 'nothing written').toEqual([]);

      // Saved through 'Your details' (the membership_purchase form), the same submission goes ahead.
      const saved = await http.put(
        '/api/my-account/user/update?onboarding_type=membership_purchase',
        customer.headers,
        { emergency_contact_name: 'Sam Contact', mobile_number: '07700900999' },
      );
      expect(saved.statusCode, saved.body).toBe(200);
      // The update answers a new token for the session (my-account.md: it is stored, the user reloads).
      const headers = { authorization: `Bearer ${saved.json().token}` };
      const taken = await http.post('/api/online-joining/memberships', headers, body);
      expect(taken.statusCode, taken.body).toBe(201);
      expect(taken.json().data.membership.status).toBe('draft');
    });

    it('creates a draft membership with the priced first payment; submitting again replaces the draft', async () => {
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
        status: 'draft',
        membership_type_name: 'Anytime Gym',
        billing_day: 15,
        start_date: addDays(today, 2),
        requires_document: false,
      });
      expect(data.new_mandate).toBe(true);
      expect(data.costs.fees.discount.raw).toBe(1000);
      const rows = await t.db.select().from(memberships).where(eq(memberships.userId, customer.user.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: 'draft', promotionId: welcome });
      expect(rows[0]?.directDebitToken).toMatch(/.{20,}/);
      expect(rows[0]?.answers).toHaveLength(6);
      const after = (
        await t.db.select().from(membershipPromotions).where(eq(membershipPromotions.id, welcome))
      )[0];
      expect(after?.usedCount).toBe((before?.usedCount ?? 0) + 1);

      // Submitting again before paying (the basket was left) replaces the draft: no record is left of it.
      const again = await http.post('/api/online-joining/memberships', customer.headers, {
        ...body,
        direct_debit: { token: await detailsTokenFor(t.app, customer.headers) },
      });
      expect(again.statusCode, again.body).toBe(201);
      const all = await t.db.select().from(memberships).where(eq(memberships.userId, customer.user.id));
      expect(all.map((m) => [m.id, m.status])).toEqual([[again.json().data.membership.id, 'draft']]);
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
        membership: { status: 'draft', payment_type: 'fixed', billing_day: null, requires_document: true },
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

    it("dates a membership's answers in its home venue's time zone (decision 064)", async () => {
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
      const url = `/api/custom-questions/memberships/${created.json().data.membership.id}`;
      const questions = await validAnswers();
      // Its home venue is at UTC+14: at noon UTC its date is a day ahead of London's.
      await t.db.update(venues).set({ timezone: 'Pacific/Kiritimati' }).where(eq(venues.id, leedsId));
      const noon = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);
      const venueToday = addDays(localDateOf(noon, 'Europe/London'), 1);
      const answers = questions.map((a) =>
        a.answer === addDays(today, -10) ? { ...a, answer: venueToday } : a,
      );
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(noon);
        const saved = await http.post(url, owner.headers, { answers });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(
          saved.json().data.find((q: { reference: string }) => q.reference === 'last_health_check').answer,
        ).toBe(venueToday);
        const tooLate = answers.map((a) =>
          a.answer === venueToday ? { ...a, answer: addDays(venueToday, 1) } : a,
        );
        const refused = await http.post(url, owner.headers, { answers: tooLate });
        expect(refused.statusCode).toBe(422);
        expect(Object.values(refused.json().errors)).toContainEqual([membershipMessages.dateInFuture]);
      } finally {
        vi.useRealTimers();
        await t.db.update(venues).set({ timezone: 'Europe/London' }).where(eq(venues.id, leedsId));
      }
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
});
