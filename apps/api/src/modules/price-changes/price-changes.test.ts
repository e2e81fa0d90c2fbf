import { priceChangeMessages } from '@leisure/contract/admin/promotions';
import { and, eq, gte, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  directDebitCollections,
  directDebitSchedules,
  memberships,
  outboundEmails,
} from '../../db/schema';
import { addDays } from '../../lib/dates';
import { createUser, sessionOf } from '../../test/factories/basket-fixtures';
import { type JoiningWorld, openJoiningWorld } from '../joining/joining-test-fixtures';
import { applyDuePriceChanges } from './price-changes.service';

describe('api/admin/membership-price-changes (scheduled price changes for existing members)', () => {
  let w: JoiningWorld;
  let admin: Record<string, string>;
  /** A recurring option with live members paying by direct debit (the seed's demo members). */
  let optionId = 0;
  let memberIds: number[] = [];
  let memberUserId = 0;
  beforeAll(async () => {
    w = await openJoiningWorld();
    admin = (await createUser(w.t.db, w.clientId, { staff: true })).headers;
    const rows = await w.t.db
      .select({
        optionId: memberships.paymentOptionId,
        membershipId: memberships.id,
        userId: memberships.userId,
      })
      .from(memberships)
      .innerJoin(directDebitSchedules, eq(directDebitSchedules.membershipId, memberships.id))
      .where(and(eq(memberships.status, 'active'), eq(directDebitSchedules.status, 'active')));
    optionId = rows[0]?.optionId ?? 0;
    memberIds = rows.filter((row) => row.optionId === optionId).map((row) => row.membershipId);
    memberUserId = rows[0]?.userId ?? 0;
  }, 120_000);
  afterAll(async () => w?.t.close());

  const post = (url: string, payload: unknown, headers = admin) =>
    w.t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
  const path = '/api/admin/membership-price-changes';

  it('has seeded members to change', () => {
    expect(optionId).toBeGreaterThan(0);
    expect(memberIds.length).toBeGreaterThan(0);
  });

  it('refuses callers without prices.manage, and venue managers (the options are the whole operator’s)', async () => {
    const desk = await createUser(w.t.db, w.clientId, { staff: 'front-desk' });
    const manager = await createUser(w.t.db, w.clientId, { staff: 'venue-manager', venueIds: [w.leedsId] });
    expect((await w.http.get(path, desk.headers)).statusCode).toBe(403);
    const body = { payment_option_id: optionId, amount: 100, effective_date: addDays(w.today, 40) };
    expect((await post(path, body, manager.headers)).statusCode).toBe(403);
  });

  it('refuses a date without a month’s notice, a fixed-term option and an unknown one, at their fields', async () => {
    const cases: [unknown, string, string][] = [
      [
        { payment_option_id: optionId, amount: 100, effective_date: addDays(w.today, 29) },
        'effective_date',
        priceChangeMessages.tooSoon(addDays(w.today, 30)),
      ],
      [
        {
          payment_option_id: w.option('anytime-gym', 'fixed').id,
          amount: 100,
          effective_date: addDays(w.today, 40),
        },
        'payment_option_id',
        priceChangeMessages.notRecurring,
      ],
      [
        { payment_option_id: 999_999, amount: 100, effective_date: addDays(w.today, 40) },
        'payment_option_id',
        priceChangeMessages.unknownOption,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(path, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors).toEqual({ [field]: [message] });
    }
    for (const body of [
      { payment_option_id: optionId, amount: -5, effective_date: addDays(w.today, 40) },
      {},
    ]) {
      expect((await post(path, body)).statusCode).toBe(422);
    }
    expect((await w.http.get(`${path}?per_page=5`, admin)).json().meta.total).toBe(0);
  });

  it('schedules, emails each member, can be cancelled, and is applied once to their next collections', async () => {
    const effective = addDays(w.today, 35);
    const first = await post(path, { payment_option_id: optionId, amount: 6123, effective_date: effective });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      status: 'scheduled',
      amount: 6123,
      effective_date: effective,
      members_count: memberIds.length,
    });
    const emails = await w.t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.template, 'membership_price_change'));
    expect(emails).toHaveLength(memberIds.length);
    expect(emails[0]?.text).toContain('£61.23 a month');

    const twice = await post(path, { payment_option_id: optionId, amount: 6000, effective_date: effective });
    expect(twice.json().errors).toEqual({ payment_option_id: [priceChangeMessages.alreadyScheduled] });

    const cancelled = await post(`${path}/${first.json().data.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('cancelled');
    const again = await post(`${path}/${first.json().data.id}/cancel`, {});
    expect(again.json().errors).toEqual({ id: [priceChangeMessages.notCancellable] });

    const change = (
      await post(path, { payment_option_id: optionId, amount: 6123, effective_date: effective })
    ).json().data;
    // Not due yet: nothing changes.
    expect(await applyDuePriceChanges(w.t, new Date())).toBe(0);
    const before = await w.t.db
      .select()
      .from(directDebitSchedules)
      .where(inArray(directDebitSchedules.membershipId, memberIds));
    expect(before.every((s) => s.amount !== 6123)).toBe(true);

    // A week before its date the job applies it, once, however often it runs.
    const weekBefore = new Date(`${addDays(effective, -7)}T12:00:00Z`);
    const runs = await Promise.all([
      applyDuePriceChanges(w.t, weekBefore),
      applyDuePriceChanges(w.t, weekBefore),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await applyDuePriceChanges(w.t, weekBefore)).toBe(0);
    const after = await w.t.db
      .select()
      .from(directDebitSchedules)
      .where(
        and(inArray(directDebitSchedules.membershipId, memberIds), eq(directDebitSchedules.status, 'active')),
      );
    expect(after.map((s) => s.amount)).toEqual(after.map(() => 6123));
    const later = await w.t.db
      .select()
      .from(directDebitCollections)
      .where(
        and(
          inArray(
            directDebitCollections.scheduleId,
            after.map((s) => s.id),
          ),
          eq(directDebitCollections.status, 'scheduled'),
          gte(directDebitCollections.chargeDate, effective),
        ),
      );
    for (const collection of later) expect(collection.amount).toBe(6123);

    // The member sees their new monthly price on their next page load (my-account memberships).
    const member = await sessionOf(w.t.db, memberUserId);
    const cards = await w.http.get('/api/my-account/user/memberships', member);
    expect(cards.statusCode, cards.body).toBe(200);
    const card = (cards.json().data as { id: number; price: { raw: number } }[]).find(
      (c) => c.id === memberIds[0],
    );
    expect(card?.price.raw).toBe(6123);

    const listed = (await w.http.get(path, admin)).json();
    expect(listed.data.map((c: { status: string }) => c.status)).toEqual(['applied', 'cancelled']);
    const applied = (await w.http.get(`${path}/${change.id}`, admin)).json().data;
    expect(applied.status).toBe('applied');
    expect(applied.applied_at).not.toBeNull();
    expect((await post(`${path}/${change.id}/cancel`, {})).statusCode).toBe(422);

    const audit = await w.t.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityType, 'membership-price-change'));
    expect(audit.map((e) => e.action)).toEqual([
      'membership-price-change.schedule',
      'membership-price-change.cancel',
      'membership-price-change.schedule',
      'membership-price-change.apply',
    ]);
  });
});
