import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cartItems,
  directDebitCollections,
  directDebitMandates,
  directDebitSchedules,
  membershipPromotions,
  memberships,
} from '../../db/schema';
import { runMembershipJobs } from '../../jobs';
import { addDays, addMonths } from '../../lib/dates';
import { demoPromotionCodes } from '../../seed/memberships';
import { billing, cardToken } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import {
  seededInstructionFor,
  seededMemberWith,
  seededOption,
} from '../../test/factories/seeded-membership-fixtures';
import { type JoiningWorld, openJoiningWorld } from './joining-test-fixtures';

/**
 * A membership that was never paid for is not the member's membership (issue 14, docs/decisions/018):
 * what joining, renewal and change put in the basket is a draft that goes with its line.
 */
describe('membership drafts', () => {
  let w = {} as JoiningWorld;
  beforeAll(async () => {
    w = await openJoiningWorld();
  });
  afterAll(async () => w.t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  type Customer = Awaited<ReturnType<JoiningWorld['adult']>>;
  const place = () => ({ db: w.t.db, clientId: w.clientId, venueId: w.leedsId, today: w.today });

  /** 'Continue' on 'Confirm your details': a monthly Anytime Gym with a code and new bank details. */
  async function joinMonthly(customer: Customer) {
    const questions = await w.http.get(`/api/custom-questions/memberships/${w.byslug('anytime-gym').id}`, {});
    const heard = questions.json().data.find((q: { reference: string }) => q.reference === 'heard_about_us');
    const res = await w.http.post('/api/online-joining/memberships', customer.headers, {
      membership_type_id: w.byslug('anytime-gym').id,
      payment_option_id: w.option('anytime-gym', 'recurring').id,
      home_venue_id: w.leedsId,
      start_date: w.today,
      billing_day: 1,
      promotion_code_id: await w.promotionId(demoPromotionCodes.welcome),
      terms: await w.termIds(),
      answers: [{ question_id: heard.id, answer: 'friend' }],
      direct_debit: { token: await detailsTokenFor(w.t.app, customer.headers) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { membership: { id: number; status: string }; cart_item_id: number };
  }

  const welcomeUses = async () => {
    const id = await w.promotionId(demoPromotionCodes.welcome);
    const [row] = await w.t.db.select().from(membershipPromotions).where(eq(membershipPromotions.id, id));
    return row?.usedCount ?? -1;
  };

  /** What the member's account shows: the memberships list and the flags of `auth/user`. */
  async function account(headers: Record<string, string>) {
    const list = await w.http.get('/api/my-account/user/memberships', headers);
    expect(list.statusCode, list.body).toBe(200);
    const user = await w.http.get('/api/auth/user', headers);
    expect(user.statusCode, user.body).toBe(200);
    return {
      memberships: list.json().data as { id: number; status: string }[],
      user: user.json().data as Record<string, unknown>,
    };
  }

  /** The customer's rows in the memberships table, and their direct debit mandates, schedules and collections. */
  async function recordsOf(userId: number) {
    const rows = await w.t.db.select().from(memberships).where(eq(memberships.userId, userId));
    const mandates = await w.t.db
      .select()
      .from(directDebitMandates)
      .where(eq(directDebitMandates.userId, userId));
    const schedules = await w.t.db
      .select()
      .from(directDebitSchedules)
      .where(eq(directDebitSchedules.userId, userId));
    const collections =
      schedules.length === 0
        ? []
        : await w.t.db
            .select()
            .from(directDebitCollections)
            .where(
              inArray(
                directDebitCollections.scheduleId,
                schedules.map((s) => s.id),
              ),
            );
    return { rows, mandates, schedules, collections };
  }

  async function basketOf(headers: Record<string, string>) {
    const res = await w.http.get('/api/activities/cart', headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: number; total: number; item_hash: string; items: { id: number }[] };
  }

  async function payBasket(headers: Record<string, string>) {
    const basket = await basketOf(headers);
    const terms = (await w.http.get(`/api/terms?cart_id=${basket.id}`, {}))
      .json()
      .data.map((term: { id: number }) => term.id);
    const paid = await w.http.post('/api/checkout/complete', headers, {
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: basket.total, info: null }],
      item_hash: basket.item_hash,
      source: 'online-joining',
      terms,
      card: { token: await cardToken(w.t.app), save_card: false, billing },
    });
    expect(paid.statusCode, paid.body).toBe(200);
  }

  /** Nothing of an abandoned joining is left: no membership, no mandate, nothing scheduled, the code use back. */
  async function expectNothingLeft(customer: Customer, usesBefore: number) {
    const seen = await account(customer.headers);
    expect(seen.memberships).toEqual([]);
    expect(seen.user).toMatchObject({
      has_instruction: false,
      has_billing_date: false,
      membership_document_upload_required: false,
    });
    const records = await recordsOf(customer.user.id);
    expect(records.rows, 'no draft and no cancelled record').toEqual([]);
    expect(records.mandates).toEqual([]);
    expect(records.schedules).toEqual([]);
    expect(records.collections).toEqual([]);
    expect(await welcomeUses(), 'the promotion use is returned').toBe(usesBefore);
    expect((await basketOf(customer.headers)).items).toEqual([]);
  }

  describe('joining', () => {
    it('the draft is in the basket but not in the account, and cannot be managed', async () => {
      const customer = await w.adult();
      const usesBefore = await welcomeUses();
      const draft = await joinMonthly(customer);
      expect(draft.membership.status).toBe('draft');
      expect(await welcomeUses()).toBe(usesBefore + 1);
      expect((await basketOf(customer.headers)).items.map((item) => item.id)).toEqual([draft.cart_item_id]);
      expect((await account(customer.headers)).memberships).toEqual([]);
      const id = draft.membership.id;
      for (const url of [
        `/api/memberships/${id}/cancel`,
        `/api/memberships/${id}/renew`,
        `/api/memberships/${id}/change`,
        `/api/my-account/user/memberships/${id}/freezetypes`,
      ]) {
        expect((await w.http.get(url, customer.headers)).statusCode, url).toBe(404);
      }
      expect((await w.http.post(`/api/memberships/${id}/cancel`, customer.headers, {})).statusCode).toBe(404);
      const records = await recordsOf(customer.user.id);
      expect(records.mandates).toEqual([]);
      expect(records.schedules).toEqual([]);
      expect((await w.http.delete('/api/activities/cart', customer.headers)).statusCode).toBe(200);
      await expectNothingLeft(customer, usesBefore);
    });

    it('removing the line deletes the draft and returns the code use', async () => {
      const customer = await w.adult();
      const usesBefore = await welcomeUses();
      const draft = await joinMonthly(customer);
      const removed = await w.http.post('/api/activities/cart/remove', customer.headers, {
        cart_item_ids: [draft.cart_item_id],
      });
      expect(removed.statusCode, removed.body).toBe(200);
      await expectNothingLeft(customer, usesBefore);
    });

    it('clearing the basket deletes the draft', async () => {
      const customer = await w.adult();
      const usesBefore = await welcomeUses();
      await joinMonthly(customer);
      const cleared = await w.http.delete('/api/activities/cart', customer.headers);
      expect(cleared.statusCode, cleared.body).toBe(200);
      await expectNothingLeft(customer, usesBefore);
    });

    it('the line runs out like a held place: on the next read of the basket, or by the sweep', async () => {
      const holdMinutes = w.t.config.cart.holdMinutes;
      const reader = await w.adult();
      const swept = await w.adult();
      const usesBefore = await welcomeUses();
      const start = Date.now();
      await joinMonthly(reader);
      await joinMonthly(swept);
      const basket = (await w.http.get('/api/activities/cart', reader.headers)).json().data;
      const runsOut = Date.parse(basket.hold_expires_at);
      expect(runsOut).toBeGreaterThanOrEqual(start + holdMinutes * 60_000 - 1000);
      expect(basket.items[0].hold_expires_at).toBe(basket.hold_expires_at);

      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(runsOut - 1000);
      expect((await basketOf(reader.headers)).items).toHaveLength(1);
      vi.setSystemTime(runsOut + 1000);
      expect((await basketOf(reader.headers)).items).toEqual([]);
      expect((await recordsOf(reader.user.id)).rows).toEqual([]);
      // Nobody reads the other basket: the hold sweep runs its line out.
      vi.setSystemTime(start + (holdMinutes + 2) * 60_000);
      await w.t.app.holdKeeper.sweep();
      expect((await recordsOf(swept.user.id)).rows).toEqual([]);
      vi.useRealTimers();
      await expectNothingLeft(reader, usesBefore);
      await expectNothingLeft(swept, usesBefore);
    });

    it('joining again replaces the draft; paying makes exactly one membership', async () => {
      const customer = await w.adult();
      const usesBefore = await welcomeUses();
      const first = await joinMonthly(customer);
      const second = await joinMonthly(customer);
      expect((await recordsOf(customer.user.id)).rows.map((m) => [m.id, m.status])).toEqual([
        [second.membership.id, 'draft'],
      ]);
      expect(second.membership.id).not.toBe(first.membership.id);
      expect(await welcomeUses(), 'one use for the one draft').toBe(usesBefore + 1);
      expect((await basketOf(customer.headers)).items.map((item) => item.id)).toEqual([second.cart_item_id]);

      await payBasket(customer.headers);
      const seen = await account(customer.headers);
      expect(seen.memberships.map((m) => [m.id, m.status])).toEqual([[second.membership.id, 'active']]);
      expect(seen.user).toMatchObject({ has_instruction: true, has_billing_date: true });
      const records = await recordsOf(customer.user.id);
      expect(records.rows).toHaveLength(1);
      expect(records.mandates).toHaveLength(1);
      expect(records.schedules.map((s) => s.membershipId)).toEqual([second.membership.id]);
      expect(await welcomeUses()).toBe(usesBefore + 1);
    });

    it('a draft whose line went without it (a crash before the event) goes with the membership jobs', async () => {
      const customer = await w.adult();
      const usesBefore = await welcomeUses();
      const draft = await joinMonthly(customer);
      await w.t.db.delete(cartItems).where(eq(cartItems.id, draft.cart_item_id));
      expect((await recordsOf(customer.user.id)).rows).toHaveLength(1);
      const run = await runMembershipJobs(w.t.db, w.t.config, new Date());
      expect(run.draftsDiscarded).toBeGreaterThanOrEqual(1);
      await expectNothingLeft(customer, usesBefore);
    });
  });

  describe('renewal and change', () => {
    it('an abandoned renewal leaves the membership as it was and can be started again; paid, it is the member’s', async () => {
      const owner = await seededMemberWith(place(), 'fixed', addDays(addMonths(w.today, -12), 10));
      const before = (await account(owner.headers)).memberships;
      expect(before.map((m) => [m.id, m.status])).toEqual([[owner.membership.id, 'active']]);
      const url = `/api/memberships/${owner.membership.id}/renew`;

      const renewed = await w.http.post(url, owner.headers, {});
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect((await account(owner.headers)).memberships).toEqual(before);
      const removed = await w.http.post('/api/activities/cart/remove', owner.headers, {
        cart_item_ids: [renewed.json().data.cart_item_id],
      });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await account(owner.headers)).memberships).toEqual(before);
      expect((await recordsOf(owner.user.id)).rows.map((m) => m.id)).toEqual([owner.membership.id]);
      expect((await w.http.get(url, owner.headers)).json().data).toMatchObject({ can_renew: true });

      const again = await w.http.post(url, owner.headers, {});
      expect(again.statusCode, again.body).toBe(200);
      await payBasket(owner.headers);
      const after = await account(owner.headers);
      expect(after.memberships).toHaveLength(2);
      expect(after.memberships.find((m) => m.id === again.json().data.membership_id)?.status).toBe('active');
    });

    it('an abandoned change leaves the old membership and its collections untouched and schedules nothing', async () => {
      const owner = await seededMemberWith(place(), 'monthly');
      const { scheduleId } = await seededInstructionFor(place(), owner.user.id, owner.membership.id);
      const target = await seededOption(w.t.db, 'off-peak', 'recurring');
      const change = () =>
        w.http.post(`/api/memberships/${owner.membership.id}/change`, owner.headers, {
          starts_at: w.today,
          payment_option_id: target.option.id,
        });
      const before = await account(owner.headers);
      const recordsBefore = await recordsOf(owner.user.id);

      // Cleared, then run out: each time the old membership is as it was and nothing is scheduled.
      expect((await change()).statusCode).toBe(200);
      expect((await account(owner.headers)).memberships).toEqual(before.memberships);
      expect((await w.http.delete('/api/activities/cart', owner.headers)).statusCode).toBe(200);
      expect(await recordsOf(owner.user.id)).toEqual(recordsBefore);
      const changed = await change();
      expect(changed.statusCode, changed.body).toBe(200);
      const runsOut = Date.parse(await expiryOf(owner));
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(runsOut + 1000);
      await w.t.app.holdKeeper.sweep();
      vi.useRealTimers();
      expect(await recordsOf(owner.user.id)).toEqual(recordsBefore);
      expect((await account(owner.headers)).memberships).toEqual(before.memberships);
      const [schedule] = recordsBefore.schedules.filter((s) => s.id === scheduleId);
      expect(schedule?.status).toBe('active');

      // Paid: the new membership is the member's and the old one ends.
      const paid = await change();
      expect(paid.statusCode, paid.body).toBe(200);
      await payBasket(owner.headers);
      const after = (await account(owner.headers)).memberships;
      expect(after.find((m) => m.id === paid.json().data.membership_id)?.status).toBe('active');
      expect(after.find((m) => m.id === owner.membership.id)?.status).toBe('expired');
      expect(after).toHaveLength(2);
    });
  });

  async function expiryOf(customer: Customer): Promise<string> {
    return (await w.http.get('/api/activities/cart', customer.headers)).json().data.hold_expires_at;
  }
});
