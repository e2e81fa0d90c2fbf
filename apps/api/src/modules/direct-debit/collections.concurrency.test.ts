import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/client';
import { directDebitCollections } from '../../db/schema';
import type { CollectRequest, DirectDebitProvider } from '../../providers/direct-debit/direct-debit-provider';
import { SandboxDirectDebitProvider } from '../../providers/direct-debit/sandbox-direct-debit-provider';
import { createUser } from '../../test/factories/basket-fixtures';
import { detailsTokenFor } from '../../test/factories/direct-debit-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { createClient } from '../operator/operator.service';
import { collectDuePayments } from './collections.service';
import { createMandate } from './direct-debit.service';

/**
 * The collections job on several replicas at once, on PostgreSQL (PGlite is one connection, so
 * runs there never overlap). vitest.config.ts runs this file only when TEST_DATABASE_URL is set.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error('collections.concurrency.test.ts needs TEST_DATABASE_URL=postgresql://...');

/** The sandbox, counting payment requests and slowed down so that runs overlap. */
class CountingProvider extends SandboxDirectDebitProvider {
  readonly requests: CollectRequest[] = [];
  override async collect(request: CollectRequest) {
    this.requests.push(request);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return super.collect(request);
  }
}

describe('collections job under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let replica: DatabaseHandle;

  beforeAll(async () => {
    t = await startTestApp();
    const result = (await t.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(serverUrl ?? '');
    url.pathname = `/${result.rows[0]?.name}`;
    // Another replica: its own pool on the same database.
    replica = await openDatabase({ url: url.toString(), poolSize: 10 });
  });
  afterAll(async () => {
    await replica?.close();
    await t?.close();
  });

  it('submits each due collection exactly once when four runs race', async () => {
    const client = await createClient(t.db, {
      slug: 'dd-race',
      name: 'DD Race',
      appName: 'DD Race',
      supportEmail: 'help@dd.example',
    });
    if (!client) throw new Error('client not created');
    const members = 25;
    const scheduleIds: number[] = [];
    for (let i = 0; i < members; i++) {
      const { user, headers } = await createUser(t.db, client.id);
      const detailsToken = await detailsTokenFor(t.app, headers);
      const { scheduleId } = await createMandate({
        db: t.db,
        config: t.config,
        provider: t.app.directDebitProvider,
        userId: user.id,
        membershipId: 1000 + i,
        detailsToken,
        collections: { amount: 2500 + i, currency: 'GBP', billingDay: 3, firstBillingDate: '2026-12-03' },
      });
      scheduleIds.push(scheduleId);
    }

    const provider = new CountingProvider();
    const now = new Date('2026-12-02T08:00:00Z');
    const runs = await Promise.all([
      collectDuePayments(t, provider, now),
      collectDuePayments({ db: replica.db, config: t.config }, provider, now),
      collectDuePayments(t, provider, now),
      collectDuePayments({ db: replica.db, config: t.config }, provider as DirectDebitProvider, now),
    ]);

    expect(runs.reduce((sum, run) => sum + run.submitted, 0)).toBe(members);
    expect(provider.requests).toHaveLength(members);
    expect(new Set(provider.requests.map((r) => r.idempotencyKey)).size).toBe(members);
    // Every schedule: its first month submitted, and exactly one next month scheduled.
    for (const scheduleId of scheduleIds) {
      const rows = await t.db
        .select()
        .from(directDebitCollections)
        .where(eq(directDebitCollections.scheduleId, scheduleId))
        .orderBy(directDebitCollections.chargeDate);
      expect(rows.map((r) => [r.chargeDate, r.status])).toEqual([
        ['2026-12-03', 'submitted'],
        ['2027-01-03', 'scheduled'],
      ]);
    }
    // A second wave finds nothing due.
    const again = await Promise.all([
      collectDuePayments(t, provider, now),
      collectDuePayments({ db: replica.db, config: t.config }, provider, now),
    ]);
    expect(again.every((run) => run.submitted === 0)).toBe(true);
    expect(provider.requests).toHaveLength(members);
  });
});
