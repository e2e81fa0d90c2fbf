import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, directDebitSchedules, memberships, venues } from '../../db/schema';
import { addDays, addMonths, localDateOf } from '../../lib/dates';
import { seedIfEmpty } from '../../seed/seed';
import { api, billing, cardToken, createUser } from '../../test/factories/basket-fixtures';
import {
  seededInstructionFor,
  seededMemberWith,
  seededOption,
} from '../../test/factories/seeded-membership-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { runFreezeTransitions } from '../freezes/freezes.service';

describe('membership lifecycle: renew, change', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let clientId: number;
  let venueId: number;
  const today = localDateOf(new Date(), 'Europe/London');

  const place = () => ({ db: t.db, clientId, venueId, today });
  const option = (slug: string, paymentType: 'recurring' | 'fixed') => seededOption(t.db, slug, paymentType);
  const memberWith = (kind: 'monthly' | 'fixed', startDate?: string, slug?: string) =>
    seededMemberWith(place(), kind, startDate, slug);
  const instructionFor = (userId: number, membershipId: number) =>
    seededInstructionFor(place(), userId, membershipId);

  async function payBasket(headers: Record<string, string>) {
    const basket = (await http.get('/api/activities/cart', headers)).json().data;
    const checkoutTerms = (await http.get(`/api/terms?cart_id=${basket.id}`, {}))
      .json()
      .data.map((term: { id: number }) => term.id);
    const paid = await http.post('/api/checkout/complete', headers, {
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: basket.total, info: null }],
      item_hash: basket.item_hash,
      source: 'my-account',
      terms: checkoutTerms,
      card: { token: await cardToken(t.app), save_card: false, billing },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    return { total: basket.total as number, orderId: paid.json().complete_order_id as number };
  }

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    http = api(t.app);
    clientId = (await t.db.select().from(clients))[0]?.id ?? 0;
    venueId = (await t.db.select().from(venues).where(eq(venues.slug, 'leeds-riverside')))[0]?.id ?? 0;
  });
  afterAll(async () => t.close());

  it('documents every call in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    const expected: [string, string][] = [
      ['/api/memberships/{membershipId}/renew', 'get'],
      ['/api/memberships/{membershipId}/renew', 'post'],
      ['/api/memberships/{membershipId}/change', 'get'],
      ['/api/memberships/{membershipId}/change', 'post'],
      ['/api/memberships/{membershipId}/change/{paymentOptionId}', 'get'],
    ];
    for (const [path, method] of expected) expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
  });

  describe('renewal', () => {
    it('renews a single payment membership near its end into the basket; not others’ or early ones', async () => {
      const owner = await memberWith('fixed', addDays(addMonths(today, -12), 10));
      const url = `/api/memberships/${owner.membership.id}/renew`;
      const details = await http.get(url, owner.headers);
      expect(details.statusCode, details.body).toBe(200);
      const end = owner.membership.endDate ?? '';
      expect(details.json().data).toMatchObject({ can_renew: true, start_date: { raw: addDays(end, 1) } });
      // Coverage reads as on every card: 'National' or 'Local', never the stored 'local'.
      expect(details.json().data.access).toMatch(/^[A-Z]/);
      const other = await createUser(t.db, clientId);
      expect((await http.post(url, other.headers, {})).statusCode).toBe(404);
      expect((await http.get(url, other.headers)).statusCode).toBe(404);
      expect((await http.post(url, {}, {})).statusCode).toBe(401);
      const res = await http.post(url, owner.headers, {});
      expect(res.statusCode, res.body).toBe(200);
      const [renewal] = await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.renewsMembershipId, owner.membership.id));
      expect(renewal).toMatchObject({ status: 'draft', startDate: addDays(end, 1) });

      const early = await memberWith('fixed', addMonths(today, -1));
      const refused = await http.post(`/api/memberships/${early.membership.id}/renew`, early.headers, {});
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.membership).toBeDefined();
    });
  });

  describe('through checkout', () => {
    it('a paid renewal starts the day after; the renewed membership expires after its last day', async () => {
      const owner = await memberWith('fixed', addDays(addMonths(today, -12), 5));
      const end = owner.membership.endDate ?? '';
      const twice = await Promise.all([
        http.post(`/api/memberships/${owner.membership.id}/renew`, owner.headers, {}),
        http.post(`/api/memberships/${owner.membership.id}/renew`, owner.headers, {}),
      ]);
      expect(twice.some((r) => r.statusCode === 200)).toBe(true);
      const live = await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.renewsMembershipId, owner.membership.id));
      expect(live.map((m) => m.status)).toEqual(['draft']);
      await payBasket(owner.headers);
      const [renewal] = (
        await t.db.select().from(memberships).where(eq(memberships.renewsMembershipId, owner.membership.id))
      ).filter((m) => m.status === 'active');
      expect(renewal).toMatchObject({ startDate: addDays(end, 1), status: 'active' });
      const again = await http.get(`/api/memberships/${owner.membership.id}/renew`, owner.headers);
      expect(again.json().data).toMatchObject({
        can_renew: false,
        renew_forbid_reason: 'This membership has already been renewed.',
      });
      await runFreezeTransitions(t, new Date(`${end}T12:00:00Z`));
      expect(
        (await t.db.select().from(memberships).where(eq(memberships.id, owner.membership.id)))[0]?.status,
      ).toBe('active');
      await runFreezeTransitions(t, new Date(`${addDays(end, 1)}T12:00:00Z`));
      expect(
        (await t.db.select().from(memberships).where(eq(memberships.id, owner.membership.id)))[0]?.status,
      ).toBe('expired');
    });

    it('a paid change ends the old membership the day before and keeps the instruction', async () => {
      const owner = await memberWith('monthly');
      const { mandateId, scheduleId } = await instructionFor(owner.user.id, owner.membership.id);
      const target = await option('off-peak', 'recurring');
      const res = await http.post(`/api/memberships/${owner.membership.id}/change`, owner.headers, {
        starts_at: today,
        payment_option_id: target.option.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      // Until it is paid the member may change their mind: a second change replaces the first.
      const other = await option('all-clubs', 'recurring');
      const second = await http.post(`/api/memberships/${owner.membership.id}/change`, owner.headers, {
        starts_at: today,
        payment_option_id: other.option.id,
      });
      expect(second.statusCode, second.body).toBe(200);
      const third = await http.post(`/api/memberships/${owner.membership.id}/change`, owner.headers, {
        starts_at: today,
        payment_option_id: target.option.id,
      });
      expect(third.statusCode, third.body).toBe(200);
      const tries = await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.replacesMembershipId, owner.membership.id));
      // The earlier tries are deleted with their lines: no record of them is left.
      expect(tries.map((m) => [m.status, m.paymentOptionId])).toEqual([['draft', target.option.id]]);
      const basket = (await http.get('/api/activities/cart', owner.headers)).json().data;
      expect(basket.items).toHaveLength(1);
      await payBasket(owner.headers);
      const after = await http.get(`/api/memberships/${owner.membership.id}/change`, owner.headers);
      expect(after.statusCode).toBe(403);
      const [old] = await t.db.select().from(memberships).where(eq(memberships.id, owner.membership.id));
      expect(old).toMatchObject({ endDate: addDays(today, -1), status: 'expired' });
      const [oldSchedule] = await t.db
        .select()
        .from(directDebitSchedules)
        .where(eq(directDebitSchedules.id, scheduleId));
      expect(oldSchedule?.status).toBe('cancelled');
      const [successor] = await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.replacesMembershipId, owner.membership.id));
      expect(successor).toMatchObject({ status: 'active', paymentOptionId: target.option.id });
      const newSchedules = await t.db
        .select()
        .from(directDebitSchedules)
        .where(eq(directDebitSchedules.membershipId, successor?.id ?? 0));
      expect(newSchedules).toHaveLength(1);
      expect(newSchedules[0]).toMatchObject({ mandateId, status: 'active', amount: target.option.baseFee });
    });
  });

  describe('change', () => {
    it('lists options, prices a change and puts it in the basket; not for others', async () => {
      const owner = await memberWith('monthly');
      const url = `/api/memberships/${owner.membership.id}/change`;
      const other = await createUser(t.db, clientId);
      expect((await http.get(url, other.headers)).statusCode).toBe(404);
      expect((await http.get(url, {})).statusCode).toBe(401);
      const res = await http.get(url, owner.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.starts_at.min).toBe(today);
      // The member's own type stays on offer through its other options; never the current one.
      const own = res
        .json()
        .data.membership_types.find((type: { id: number }) => type.id === owner.membership.membershipTypeId);
      const current = own.payment_options.find(
        (o: { id: number }) => o.id === owner.membership.paymentOptionId,
      );
      expect(current.is_purchasable).toMatchObject({
        can_purchase: false,
        message: 'This is your current membership.',
      });
      const sameOption = await http.get(`${url}/${owner.membership.paymentOptionId}`, owner.headers);
      expect(sameOption.statusCode).toBe(422);
      const target = await option('all-clubs', 'recurring');
      const costs = await http.get(`${url}/${target.option.id}?startsAt=${today}`, owner.headers);
      expect(costs.statusCode, costs.body).toBe(200);
      const data = costs.json().data;
      expect(data.costs.total_due_now.raw).toBe(
        data.costs.composition.month_in_hand.raw + data.costs.composition.fees.raw,
      );
      // No joining fee on a change; this member's direct debit never ran, so nothing is paid ahead.
      expect(data.costs.composition.fees.raw).toBe(0);
      expect(data.difference_to_old_membership).toMatchObject({ amount: { raw: 0 }, paid_period: null });
      expect(data.difference_to_old_membership.text).toBe(
        'Nothing is paid on your current membership beyond the change',
      );
      const late = await http.get(`${url}/${target.option.id}?startsAt=${addDays(today, 90)}`, owner.headers);
      expect(late.statusCode).toBe(422);
      expect(
        (await http.post(url, other.headers, { starts_at: today, payment_option_id: target.option.id }))
          .statusCode,
      ).toBe(404);
      const changed = await http.post(url, owner.headers, {
        starts_at: today,
        payment_option_id: target.option.id,
        direct_debit: undefined,
      });
      // A member without a direct debit instruction must give bank details for a monthly option.
      expect([200, 422]).toContain(changed.statusCode);
      const fixed = await option('all-clubs', 'fixed');
      const toFixed = await http.post(url, owner.headers, {
        starts_at: today,
        payment_option_id: fixed.option.id,
      });
      expect(toFixed.statusCode, toFixed.body).toBe(200);
      expect(toFixed.json().data).toMatchObject({ order_id: null });
      const successors = await t.db
        .select()
        .from(memberships)
        .where(eq(memberships.replacesMembershipId, owner.membership.id));
      expect(successors.map((m) => [m.status, m.paymentOptionId])).toEqual([['draft', fixed.option.id]]);
    });
  });
});
