import { promotionMessages } from '@leisure/contract/admin/promotions';
import { membershipMessages } from '@leisure/contract/memberships';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema';
import { addDays } from '../../lib/dates';
import { demoPromotionCodes } from '../../seed/memberships';
import { createUser } from '../../test/factories/basket-fixtures';
import { type JoiningWorld, openJoiningWorld } from '../joining/joining-test-fixtures';

describe('api/admin/promotions (the console)', () => {
  let w: JoiningWorld;
  let admin: Record<string, string>;
  beforeAll(async () => {
    w = await openJoiningWorld();
    admin = (await createUser(w.t.db, w.clientId, { staff: true })).headers;
  }, 120_000);
  afterAll(async () => w?.t.close());

  const send = (method: 'POST' | 'PATCH', url: string, payload: unknown, headers = admin) =>
    w.t.app.inject({ method, url, headers, payload: payload as Record<string, unknown> });
  const validate = (code: string, optionId: number) =>
    w.http.get(`/api/v1/membership-promotions/validate/${code}/${optionId}`, {});

  it('lists the seeded promotions, paged and searched on the server, with their status', async () => {
    const res = await w.http.get('/api/admin/promotions?per_page=2', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().meta).toEqual({ page: 1, per_page: 2, total: 4 });
    expect(res.json().data).toHaveLength(2);
    const all = (await w.http.get('/api/admin/promotions', admin)).json().data as {
      code: string;
      status: string;
    }[];
    expect(Object.fromEntries(all.map((p) => [p.code, p.status]))).toEqual({
      WELCOME50: 'active',
      FIRSTMONTH: 'active',
      SPRING10: 'ended',
      LAUNCH100: 'used_up',
    });
    const found = await w.http.get('/api/admin/promotions?q=spring', admin);
    expect(found.json().data.map((p: { code: string }) => p.code)).toEqual(['SPRING10']);
    expect(found.json().meta.total).toBe(1);
    expect((await w.http.get('/api/admin/promotions?q=%25', admin)).json().meta.total).toBe(0);
  });

  it('lists the payment options a promotion can be limited to', async () => {
    const res = await w.http.get('/api/admin/promotions/payment-options', admin);
    expect(res.statusCode, res.body).toBe(200);
    const monthly = w.option('anytime-gym', 'recurring').id;
    expect(res.json().data).toContainEqual(
      expect.objectContaining({
        id: monthly,
        payment_type: 'recurring',
        membership_type_name: 'Anytime Gym',
      }),
    );
  });

  it('refuses callers without promotions.manage', async () => {
    const customer = await createUser(w.t.db, w.clientId);
    const manager = await createUser(w.t.db, w.clientId, { staff: 'venue-manager', venueIds: [w.leedsId] });
    expect((await w.http.get('/api/admin/promotions', {})).statusCode).toBe(401);
    expect((await w.http.get('/api/admin/promotions', customer.headers)).statusCode).toBe(403);
    expect((await w.http.get('/api/admin/promotions', manager.headers)).statusCode).toBe(403);
    const post = await send('POST', '/api/admin/promotions', { code: 'X' }, manager.headers);
    expect(post.statusCode).toBe(403);
  });

  it('creates a promotion that joining accepts at once, in any case, and audits it', async () => {
    const monthly = w.option('anytime-gym', 'recurring').id;
    const res = await send('POST', '/api/admin/promotions', {
      code: 'summer-25',
      name: 'Summer joining offer',
      description: 'Posters in the foyer',
      discount_kind: 'fixed',
      discount_value: 1000,
      applies_to: 'joining_fee',
      valid_from: w.today,
      valid_to: addDays(w.today, 30),
      usage_limit: 50,
      payment_option_ids: [monthly],
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      code: 'SUMMER-25',
      status: 'active',
      used_count: 0,
      payment_option_ids: [monthly],
      ended_at: null,
    });
    const ok = await validate('Summer-25', monthly);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({ code: 'SUMMER-25', id: created.id });
    // Not offered on another option.
    expect((await validate('SUMMER-25', w.option('swim-only', 'recurring').id)).statusCode).toBe(422);
    // The price the joining flow shows applies it.
    const price = await w.http.get(
      `/api/memberships/types/${w.byslug('anytime-gym').id}/payment-options/${monthly}?promotion_code_id=${created.id}`,
      {},
    );
    expect(price.statusCode, price.body).toBe(200);
    expect(price.json().data.fees.discount.raw).toBe(1000);
    expect(price.json().data.promotion_code).toBe('SUMMER-25');

    const audit = await w.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'promotion'), eq(auditEvents.entityId, String(created.id))))
      .orderBy(auditEvents.id);
    expect(audit.map((e) => e.action)).toEqual(['promotion.create']);
    expect(audit[0]?.after).toMatchObject({ code: 'SUMMER-25' });

    const one = await w.http.get(`/api/admin/promotions/${created.id}`, admin);
    expect(one.statusCode).toBe(200);
    expect(one.json().data.description).toBe('Posters in the foyer');
  });

  it('refuses a promotion that breaks the rules, at its fields, and changes nothing', async () => {
    const fixed = w.option('anytime-gym', 'fixed').id;
    const cases: [unknown, string][] = [
      [{ code: 'welcome50' }, 'code'],
      [{ code: 'HAS SPACE' }, 'code'],
      [{ discount_kind: 'percentage', discount_value: 150 }, 'discount_value'],
      [{ valid_from: w.today, valid_to: addDays(w.today, -1) }, 'valid_to'],
      [{ applies_to: 'first_months', payment_option_ids: [fixed] }, 'payment_option_ids'],
      [{ payment_option_ids: [999_999] }, 'payment_option_ids'],
      [{ name: 'bad\u0007name' }, 'name'],
      [{ discount_value: 1e12 }, 'discount_value'],
      [{ valid_from: '2026-02-30' }, 'valid_from'],
    ];
    const base = {
      code: 'RULES1',
      name: 'Rules',
      discount_kind: 'fixed',
      discount_value: 500,
      applies_to: 'joining_fee',
    };
    for (const [change, field] of cases) {
      const res = await send('POST', '/api/admin/promotions', { ...base, ...(change as object) });
      expect(res.statusCode, JSON.stringify(change)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(change)).toContain(field);
    }
    expect((await validate('RULES1', w.option('anytime-gym', 'recurring').id)).statusCode).toBe(422);
    expect((await w.http.get('/api/admin/promotions/999999', admin)).statusCode).toBe(404);
    expect((await w.http.get('/api/admin/promotions/abc', admin)).statusCode).toBe(422);
  });

  it('changes and ends a promotion; joining refuses an ended or expired code with the spec message', async () => {
    const monthly = w.option('anytime-gym', 'recurring').id;
    const created = (
      await send('POST', '/api/admin/promotions', {
        code: 'AUTUMN',
        name: 'Autumn',
        discount_kind: 'percentage',
        discount_value: 20,
        applies_to: 'first_months',
        months: 3,
      })
    ).json().data;
    expect((await validate('autumn', monthly)).statusCode).toBe(200);

    const changed = await send('PATCH', `/api/admin/promotions/${created.id}`, {
      name: 'Autumn offer',
      valid_to: addDays(w.today, -1),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Autumn offer', status: 'ended', months: 3 });
    const expired = await validate('AUTUMN', monthly);
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({
      message: membershipMessages.codeNotRecognised,
      errors: { code: [membershipMessages.codeNotRecognised] },
    });

    await send('PATCH', `/api/admin/promotions/${created.id}`, { valid_to: null });
    expect((await validate('AUTUMN', monthly)).statusCode).toBe(200);
    const ended = await send('POST', `/api/admin/promotions/${created.id}/end`, {});
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data.status).toBe('ended');
    expect(ended.json().data.ended_at).not.toBeNull();
    expect((await validate('AUTUMN', monthly)).json().errors).toEqual({
      code: [membershipMessages.codeNotRecognised],
    });
    const again = await send('POST', `/api/admin/promotions/${created.id}/end`, {});
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ id: [promotionMessages.alreadyEnded] });

    const taken = await send('PATCH', `/api/admin/promotions/${created.id}`, {
      code: demoPromotionCodes.welcome,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ code: [promotionMessages.codeTaken] });

    const audit = await w.t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityType, 'promotion'), eq(auditEvents.entityId, String(created.id))))
      .orderBy(auditEvents.id);
    expect(audit.map((e) => e.action)).toEqual([
      'promotion.create',
      'promotion.update',
      'promotion.update',
      'promotion.end',
    ]);
    expect(audit[1]?.before).toMatchObject({ name: 'Autumn' });
    expect(audit[1]?.after).toMatchObject({ name: 'Autumn offer' });
  });

  it('refuses a usage limit below the uses already taken', async () => {
    const list = (await w.http.get('/api/admin/promotions?q=LAUNCH100', admin)).json().data;
    const res = await send('PATCH', `/api/admin/promotions/${list[0].id}`, { usage_limit: 10 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ usage_limit: [promotionMessages.usageBelowUsed] });
  });
});
