import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { bookings, creditTransactions, outboundEmails } from '../../db/schema';
import { recordOrders } from '../../seed/booking-history';
import { api, createFixture, createUser, type Fixture } from '../../test/factories/basket-fixtures';
import { startReplica, startTestApp, type TestApp } from '../../test/harness';
import { findOccurrenceRow } from './timetable.repository';

/**
 * Cancelling a session is exactly once (issue 47): concurrent cancels of the same session on two API
 * replicas credit and email each person once. vitest.config.ts runs `*.concurrency.test.ts` only when
 * TEST_DATABASE_URL names a server.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl)
  throw new Error('timetable-setup.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

describe('cancelling a session under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let replica: { app: App; close(): Promise<void> };
  let f: Fixture;

  beforeAll(async () => {
    t = await startTestApp();
    replica = await startReplica(t, { poolSize: 10 });
    f = await createFixture(t.db, 'timetable-race-operator');
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  it('twenty concurrent cancels on two replicas credit and email each person once', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db, f.clientId)));
    await recordOrders(
      t.db,
      f.clientId,
      people.map((person) => ({
        userId: person.user.id,
        createdAt: new Date(),
        lines: [
          {
            activityId: f.yoga.id,
            venueId: f.venue.id,
            pricingOptionId: null,
            occurrenceIds: [f.yogaSession.id],
            amount: 750,
            benefitApplied: false,
          },
        ],
      })),
    );
    const admin = (await createUser(t.db, f.clientId, { staff: true })).headers;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api(i % 2 === 0 ? t.app : replica.app).post(`/api/admin/sessions/${f.yogaSession.id}/cancel`, admin, {
          resolution: 'credit',
        }),
      ),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(
      statuses.every((status) => status === 200 || status === 409),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(answers.filter((res) => res.statusCode === 200 && res.json().changed === true)).toHaveLength(1);
    const ids = people.map((person) => person.user.id);
    const credits = await t.db
      .select()
      .from(creditTransactions)
      .where(inArray(creditTransactions.userId, ids));
    expect(credits.map((row) => row.amount)).toEqual(ids.map(() => 750));
    const live = await t.db.select().from(bookings).where(eq(bookings.occurrenceId, f.yogaSession.id));
    expect(live.every((row) => row.status === 'cancelled')).toBe(true);
    expect((await findOccurrenceRow(t.db, f.yogaSession.id))?.bookedCount).toBe(0);
    const mails = await t.db
      .select()
      .from(outboundEmails)
      .where(eq(outboundEmails.template, 'session-cancelled'));
    expect(mails).toHaveLength(people.length);
  });
});
