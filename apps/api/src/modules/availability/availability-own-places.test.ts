import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '../../db/schema';
import {
  api,
  billing,
  cardToken,
  createFixture,
  createUser,
  type Fixture,
} from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * The signed-in member's own places on every availability answer (bookings-api.md "Availability"):
 * `booking: { id }` for a paid booking, `cart_item_id` for a place held in their basket, and the
 * occurrence's `waitlist_id` with the position; never someone else's.
 */
describe("availability marks the viewer's own places", () => {
  let t: TestApp;
  let f: Fixture;
  let http: ReturnType<typeof api>;
  const base = '/api/activities/venue/cart-venue/activity';

  beforeAll(async () => {
    t = await startTestApp();
    f = await createFixture(t.db);
    http = api(t.app);
  });
  afterAll(async () => {
    await t?.close();
  });

  type Marks = { booking: { id: number } | null; cart_item_id: number | null };
  const marks = (item: Marks | undefined) => ({ booking: item?.booking, cart_item_id: item?.cart_item_id });

  /** What each court answer says of the 18:00 group and of court 1 in it. */
  async function courtMarks(headers: Record<string, string>) {
    const court1 = String(f.courtSessions[0]?.id);
    const key = f.courtSessions[0]?.compositeKey;
    const date = `date=${f.tomorrow}`;
    const times = await http.get(`${base}/badminton-40min/times?${date}`, headers);
    const timesV2 = await http.get(`${base}/badminton-40min/v2/times?${date}`, headers);
    const group = await http.get(`${base}/badminton-40min/v2/times/${key}?${date}`, headers);
    const slots = await http.get(
      `${base}/badminton-40min/slots?${date}&start_time=18:00&end_time=18:40`,
      headers,
    );
    const slotsV2 = await http.get(`${base}/badminton-40min/v2/slots?${date}&composite_key=${key}`, headers);
    const occurrence = await http.get(`/api/v1/activities/occurrences/${court1}`, headers);
    for (const res of [times, timesV2, group, slots, slotsV2, occurrence])
      expect(res.statusCode, res.body).toBe(200);
    const byKey = (items: (Marks & { composite_key: string })[]) =>
      items.find((i) => i.composite_key === key);
    const byId = (items: (Marks & { id: string })[]) => items.find((i) => i.id === court1);
    const court2 = (items: (Marks & { id: string })[]) => items.find((i) => i.id !== court1);
    return {
      times: marks(byKey(times.json().data)),
      timesV2: marks(byKey(timesV2.json().data)),
      group: marks(byId(group.json().data)),
      groupOtherCourt: marks(court2(group.json().data)),
      slots: marks(byId(slots.json().data)),
      slotsV2: marks(byId(slotsV2.json().data)),
      slotsV2OtherCourt: marks(court2(slotsV2.json().data)),
      occurrence: marks(occurrence.json().data),
    };
  }

  const everywhere = (mark: ReturnType<typeof marks>) => ({
    times: mark,
    timesV2: mark,
    group: mark,
    groupOtherCourt: { booking: null, cart_item_id: null },
    slots: mark,
    slotsV2: mark,
    slotsV2OtherCourt: { booking: null, cart_item_id: null },
    occurrence: mark,
  });
  const nothing = { booking: null, cart_item_id: null };

  it('shows a place held in the basket, then the paid booking, to its owner only', async () => {
    const member = await createUser(t.db, f.clientId);
    const other = await createUser(t.db, f.clientId);
    expect(await courtMarks(member.headers)).toEqual(everywhere(nothing));

    const added = await http.post('/api/activities/cart/add', member.headers, {
      items: [
        { id: f.courtSessions[0]?.id, type: 'activity' },
        { id: f.freeSession.id, type: 'activity' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const cart = added.json().data;
    const courtLine = cart.items.find(
      (item: { cartable_id: number }) => item.cartable_id === f.courtSessions[0]?.id,
    );
    expect(await courtMarks(member.headers)).toEqual(
      everywhere({ booking: null, cart_item_id: courtLine.id }),
    );
    // Someone else, and a visitor, see a taken place and nothing of theirs.
    expect(await courtMarks(other.headers)).toEqual(everywhere(nothing));
    expect(await courtMarks({})).toEqual(everywhere(nothing));

    const paid = await http.post('/api/checkout/complete', member.headers, {
      completed_waivers: [],
      payments: [{ tender_type: 'card', amount: 592, info: null }],
      item_hash: cart.item_hash,
      source: 'activity-booking',
      terms: [f.termId],
      card: { token: await cardToken(t.app), save_card: false, billing },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const rows = await t.db.select().from(bookings).where(eq(bookings.userId, member.user.id));
    const courtBooking = rows.find((row) => row.occurrenceId === f.courtSessions[0]?.id);
    const classBooking = rows.find((row) => row.occurrenceId === f.freeSession.id);
    expect(courtBooking && classBooking).toBeTruthy();
    expect(await courtMarks(member.headers)).toEqual(
      everywhere({ booking: { id: courtBooking?.id as number }, cart_item_id: null }),
    );
    expect(await courtMarks(other.headers)).toEqual(everywhere(nothing));

    // A class: its timetable (both versions) and the occurrence.
    for (const path of ['timetable', 'v2/timetable']) {
      const timetable = await http.get(`${base}/free-taster/${path}?date=${f.tomorrow}`, member.headers);
      expect(marks(timetable.json().data[0])).toEqual({
        booking: { id: classBooking?.id },
        cart_item_id: null,
      });
      const theirs = await http.get(`${base}/free-taster/${path}?date=${f.tomorrow}`, other.headers);
      expect(marks(theirs.json().data[0])).toEqual(nothing);
    }
    const occurrence = await http.get(`/api/v1/activities/occurrences/${f.freeSession.id}`, member.headers);
    expect(occurrence.json().data).toMatchObject({
      booking: { id: classBooking?.id },
      cart_item_id: null,
      waitlist_id: null,
      waitlist_position: null,
    });
  });

  it("answers the occurrence's waitlist entry and the position in the queue", async () => {
    const holder = await createUser(t.db, f.clientId);
    const filled = await http.post('/api/activities/cart/add', holder.headers, {
      items: [{ id: f.yogaSession.id, type: 'activity', quantity: 10 }],
    });
    expect(filled.statusCode, filled.body).toBe(200);
    // The one who took the last places sees them in their basket; the class is full for others.
    const mine = await http.get(`/api/v1/activities/occurrences/${f.yogaSession.id}`, holder.headers);
    expect(mine.json().data).toMatchObject({ spaces: 0, cart_item_id: filled.json().data.items[0].id });

    const first = await createUser(t.db, f.clientId);
    const second = await createUser(t.db, f.clientId);
    const join = (headers: Record<string, string>) =>
      http.post('/api/activities/waitlist', headers, { occurrence_id: f.yogaSession.id });
    const firstEntry = (await join(first.headers)).json().data;
    const secondEntry = (await join(second.headers)).json().data;
    const occurrence = async (headers: Record<string, string>) =>
      (await http.get(`/api/v1/activities/occurrences/${f.yogaSession.id}`, headers)).json().data;

    expect(await occurrence(first.headers)).toMatchObject({
      action_to_show: { status: 'WAITLIST' },
      waitlist_id: firstEntry.id,
      waitlist_position: 1,
      cart_item_id: null,
    });
    expect(await occurrence(second.headers)).toMatchObject({
      waitlist_id: secondEntry.id,
      waitlist_position: 2,
    });
    expect(await occurrence(holder.headers)).toMatchObject({ waitlist_id: null, waitlist_position: null });

    // The first leaves: the second moves up; the first is off the list.
    const left = await http.delete(`/api/activities/waitlist/${firstEntry.id}`, first.headers);
    expect(left.statusCode, left.body).toBe(200);
    expect(await occurrence(first.headers)).toMatchObject({ waitlist_id: null, waitlist_position: null });
    expect(await occurrence(second.headers)).toMatchObject({
      waitlist_id: secondEntry.id,
      waitlist_position: 1,
    });
  });
});
