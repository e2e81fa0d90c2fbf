import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costlyStatements, type ExplainingReplica, startExplainingReplica } from './test/explained-plans';
import { startAppWithHistory } from './test/factories/history';
import type { TestApp } from './test/harness';

/**
 * The periodic jobs on a year's data (decision 029): each replica runs every job every half minute
 * to quarter of an hour, and on most runs nothing is due. Run by an explaining replica
 * (test/explained-plans.ts), planned as in production, beside the history of 2,000 members
 * (test/factories/history.ts: orders, payments, memberships and their collections, emails, guest
 * passes, all finished, and 10,000 places held in baskets that have not run out), no statement of a
 * run with nothing due may look at more than a few rows: a claim that walks a table past every
 * finished row costs each replica a table scan per run, and more every day.
 */
const members = 2_000;
const rowsPerStatement = 500;

if (!process.env.TEST_DATABASE_URL) throw new Error('jobs-plans.concurrency.test.ts needs TEST_DATABASE_URL');

describe('the periodic jobs on a busy database (PostgreSQL)', () => {
  let t: TestApp;
  let explaining: ExplainingReplica;

  beforeAll(async () => {
    // A mail server to retry for (none answers here: nothing is due to be sent).
    ({ t } = await startAppWithHistory(members, { SMTP_URL: 'smtp://127.0.0.1:9' }));
    // Planned as in production: a job's claims for their values on every run, the rest prepared.
    explaining = await startExplainingReplica(t, { generic: false });
  });
  afterAll(async () => {
    await explaining?.close();
    await t?.close();
  });

  it('no job with nothing due looks through the finished history', async () => {
    expect(explaining.app.jobs.length).toBeGreaterThanOrEqual(8);
    const costly: string[] = [];
    for (const job of explaining.app.jobs) {
      // Six runs: a prepared statement takes the plan PostgreSQL keeps for it after its fifth.
      const run = await explaining.during(async () => {
        for (let time = 0; time < 6; time += 1) await job.runOnce(new Date());
      });
      expect(run.statements.length, `${job.name}: auto_explain told of no statement`).toBeGreaterThan(0);
      costly.push(
        ...costlyStatements(run.statements, rowsPerStatement).map((line) => `${job.name}: ${line}`),
      );
    }
    expect(costly).toEqual([]);
  });
});
