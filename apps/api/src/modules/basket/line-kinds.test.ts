import { and, asc, eq, gt, gte, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, cartHolds, cartItems, occurrences } from '../../db/schema';
import { demoPromotionCodes } from '../../seed/memberships';
import { createUser } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { type JoiningWorld, openJoiningWorld } from '../joining/joining-test-fixtures';

/**
 * A basket keeps its lines of kinds that hold no places (a membership's first payment, a fee) on
 * every read; a line of a kind that holds places and has lost its holds (a sweep raced a removal)
 * leaves it (lib/basket-line-kinds.ts `holdsPlaces`, `cart_items.holds_places`).
 */
describe('basket lines by kind on the next read', () => {
  let w = {} as JoiningWorld;
  beforeAll(async () => {
    w = await openJoiningWorld();
  });
  afterAll(async () => w.t.close());

  async function requiredAnswers(typeId: number) {
    const questions = (await w.http.get(`/api/custom-questions/memberships/${typeId}`, {})).json().data;
    return questions
      .filter((q: { is_required: boolean }) => q.is_required)
      .map((q: { id: number; options: { value: string }[] }) => ({
        question_id: q.id,
        answer: q.options[0]?.value ?? 'yes',
      }));
  }

  /** A court session at Leeds bookable now, tomorrow or later, with a place free. */
  async function bookableCourt(): Promise<number> {
    const now = new Date();
    const [row] = await w.t.db
      .select({ id: occurrences.id })
      .from(occurrences)
      .innerJoin(activities, eq(activities.id, occurrences.activityId))
      .where(
        and(
          eq(activities.kind, 'court'),
          eq(occurrences.venueId, w.leedsId),
          isNull(occurrences.bundleId),
          gt(occurrences.startsAt, new Date(now.getTime() + 24 * 3600_000)),
          lte(occurrences.firstBookableAt, now),
          gte(sql`${occurrences.capacity} - ${occurrences.bookedCount} - ${occurrences.heldCount}`, 1),
        ),
      )
      .orderBy(asc(occurrences.startsAt))
      .limit(1);
    if (!row) throw new Error('the seed has no bookable court session');
    return row.id;
  }

  it('keeps the membership and fee lines and drops a session line left without holds', async () => {
    const { http, byslug, option, leedsId, today, termIds, promotionId } = w;
    const customer = await w.adult();
    const joined = await http.post('/api/online-joining/memberships', customer.headers, {
      membership_type_id: byslug('anytime-gym').id,
      payment_option_id: option('anytime-gym', 'recurring').id,
      home_venue_id: leedsId,
      start_date: today,
      billing_day: 1,
      promotion_code_id: await promotionId(demoPromotionCodes.welcome),
      terms: await termIds(),
      answers: await requiredAnswers(byslug('anytime-gym').id),
      direct_debit: { token: await detailsTokenFor(w.t.app, customer.headers) },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const membershipLine: number = joined.json().data.cart_item_id;

    const staff = await createUser(w.t.db, w.clientId, { staff: true });
    const issued = await http.post(`/api/staff/customers/${customer.user.id}/penalties`, staff.headers, {
      type: 'late_cancellation',
      amount: 500,
      description: 'Badminton 40min',
      venue_id: leedsId,
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const fee = await http.post('/api/activities/cart/add', customer.headers, {
      items: [{ id: issued.json().data.id, type: 'penalty' }],
    });
    expect(fee.statusCode, fee.body).toBe(200);

    const session = await http.post('/api/activities/cart/add', customer.headers, {
      items: [{ id: await bookableCourt(), type: 'activity' }],
    });
    expect(session.statusCode, session.body).toBe(200);
    const lines = session.json().data.items as { id: number; cartable_type: string }[];
    expect(lines.map((line) => line.cartable_type).sort()).toEqual(['activity', 'membership', 'penalty']);
    const sessionLine = lines.find((line) => line.cartable_type === 'activity')?.id ?? 0;
    const feeLine = lines.find((line) => line.cartable_type === 'penalty')?.id ?? 0;

    // The session line loses its hold (as when the hold sweep races a removal); the others never had one.
    await w.t.db.delete(cartHolds).where(eq(cartHolds.cartItemId, sessionLine));

    const read = await http.get('/api/activities/cart', customer.headers);
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json().data.items as { id: number }[]).map((line) => line.id).sort()).toEqual(
      [membershipLine, feeLine].sort(),
    );
    const stored = await w.t.db
      .select({ id: cartItems.id, kind: cartItems.cartableType, holdsPlaces: cartItems.holdsPlaces })
      .from(cartItems)
      .where(eq(cartItems.cartId, read.json().data.id))
      .orderBy(asc(cartItems.id));
    expect(stored).toEqual(
      [
        { id: membershipLine, kind: 'membership', holdsPlaces: false },
        { id: feeLine, kind: 'penalty', holdsPlaces: false },
      ].sort((a, b) => a.id - b.id),
    );
  });
});
