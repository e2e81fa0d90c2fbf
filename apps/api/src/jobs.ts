import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/client';
import { upkeepEmbeddedDatabase } from './db/upkeep';
import { type IntervalJob, intervalJob } from './lib/interval-job';
import { deleteSpentAttempts, deleteStaleKnownAddresses } from './lib/rate-limit';
import { deleteSpentResetTokens, deleteSpentVerificationTokens } from './modules/auth/auth.service';
import type { HoldKeeper } from './modules/basket/holds.service';
import {
  completePaidUpCancellations,
  endCancelledMemberships,
} from './modules/cancellations/cancellations.service';
import { checkoutDepsOf } from './modules/checkout/checkout-deps';
import { announceOrdersLeftUnannounced } from './modules/checkout/order-writer';
import { runCheckoutReconciliation } from './modules/checkout/payment-attempts.service';
import { type CollectionRun, runCollections } from './modules/direct-debit/collections.service';
import { suspendOverdueDocumentMemberships } from './modules/eligibility-documents/eligibility-documents.service';
import { runFreezeTransitions } from './modules/freezes/freezes.service';
import { runGuestPassExpiry } from './modules/guest-passes/guest-passes.service';
import { discardDrafts } from './modules/joining/joining.service';
import { eraseOldEmailBodies } from './modules/mail/mail.service';
import { catalogueChecker } from './modules/operator/catalogue-freshness';
import { applyDuePriceChanges } from './modules/price-changes/price-changes.service';
import { deleteDeadSessions, deleteSpentHandovers } from './modules/session/session';
import type { DirectDebitProvider } from './providers/direct-debit/direct-debit-provider';

/**
 * Every periodic job of the API, started from here when the app is ready and stopped when it
 * closes. Each runs on every replica (0 seconds: off, as in tests); each run claims its rows in
 * the database, so replicas never do one piece of work twice.
 */
export interface Jobs {
  collections: IntervalJob<CollectionRun>;
  /** Every job, the collections included, in the order they start. */
  all: IntervalJob<unknown>[];
}

export interface MembershipJobRun {
  completed: number;
  ended: number;
  suspended: number;
  /** Draft memberships whose basket line had gone without them (docs/decisions/018). */
  draftsDiscarded: number;
}

/**
 * One run of the membership jobs with a chosen `now` (tests call this directly): cancellations
 * whose debts are paid go through, those cancelled with notice end after their final day, and
 * memberships whose proof of eligibility is overdue are suspended, and drafts left without their
 * basket line (a crash between the basket's commit and its event's handler) are deleted.
 */
export async function runMembershipJobs(db: Database, config: Config, now: Date): Promise<MembershipJobRun> {
  const completed = await completePaidUpCancellations(db, now);
  const ended = await endCancelledMemberships({ db, config }, now);
  const suspended = await suspendOverdueDocumentMemberships(db, config, now);
  const draftsDiscarded = await discardDrafts(db);
  return { completed, ended, suspended, draftsDiscarded };
}

export interface RetentionRun {
  sessions: number;
  attempts: number;
  resetTokens: number;
  verificationTokens: number;
  handovers: number;
  knownAddresses: number;
  emailBodies: number;
}

/**
 * Rows one statement of the retention job touches at most; a run repeats it until less are left.
 * Small, so each statement reads a few hundred rows and holds their locks a moment, however large
 * the backlog (the first run on a year's data: decision 029's budget per statement).
 */
const retentionBatch = 120;
/** Statements of one kind a run makes at most: a larger backlog is worked off over several runs. */
const retentionRounds = 100;

/**
 * One run of the retention job with a chosen `now` (tests call it through `app.jobs`): nothing
 * personal or secret is kept longer than it serves. Dead sessions a day after they ended, login and
 * reset attempts once past every rate limit's window, reset tokens, email verification links and session hand-over codes once used or run out, addresses not signed in from for longer than they count as known, and the
 * bodies of emails (their links, the member's details) after EMAIL_BODY_RETENTION_DAYS.
 */
async function runRetention(db: Database, config: Config, now: Date): Promise<RetentionRun> {
  const drain = async (batch: (limit: number) => Promise<number>) => {
    let total = 0;
    for (let round = 0; round < retentionRounds; round++) {
      const done = await batch(retentionBatch);
      total += done;
      if (done < retentionBatch) break;
    }
    return total;
  };
  return {
    sessions: await drain((limit) => deleteDeadSessions(db, now, limit)),
    attempts: await drain((limit) => deleteSpentAttempts(db, now, limit)),
    resetTokens: await drain((limit) => deleteSpentResetTokens(db, now, limit)),
    verificationTokens: await drain((limit) => deleteSpentVerificationTokens(db, now, limit)),
    handovers: await drain((limit) => deleteSpentHandovers(db, now, limit)),
    knownAddresses: await drain((limit) => deleteStaleKnownAddresses(db, now, limit)),
    emailBodies: await drain((limit) => eraseOldEmailBodies(db, now, config.retention.emailBodyDays, limit)),
  };
}

export function installJobs(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: Config;
    holds: HoldKeeper;
    directDebitProvider: DirectDebitProvider;
    /** The embedded database (PGlite), which has no autovacuum of its own. */
    embedded: boolean;
  },
): Jobs {
  const { db, config, holds, directDebitProvider, embedded } = deps;
  const log = app.log;
  const something = (counts: Record<string, number>) => Object.values(counts).some((n) => n > 0);
  const collections = intervalJob({
    name: 'direct debit collections',
    everySeconds: config.directDebit.collectionsEverySeconds,
    run: (now) => runCollections({ db, config, provider: directDebitProvider, log }, now),
    log,
    report: (run) => (run.submitted + run.failed + run.errors > 0 ? { collections: run } : undefined),
  });
  const checkCatalogue = catalogueChecker(db, config);
  const jobs: IntervalJob<unknown>[] = [
    // Another replica's set-up changes: forget the catalogue this process keeps (issue 47).
    intervalJob({
      name: 'catalogue freshness',
      everySeconds: config.catalogueCheckSeconds,
      run: () => checkCatalogue(),
      log,
    }),
    // Card payments a crash (or a lost provider answer) left unfinished: the order is written or refunded.
    intervalJob({
      name: 'checkout reconciliation',
      everySeconds: config.checkout.reconcileEverySeconds,
      run: (now) => runCheckoutReconciliation(checkoutDepsOf(app, { db, config, holds }), now),
      log,
      report: (run) => (something({ ...run }) ? { checkout: run } : undefined),
    }),
    // Orders a crash left unannounced between their commit and their announcement: memberships
    // activate and the confirmation goes out.
    intervalJob({
      name: 'order announcements',
      everySeconds: config.checkout.reconcileEverySeconds,
      run: (now) => announceOrdersLeftUnannounced(checkoutDepsOf(app, { db, config, holds }), now),
      log,
      report: (announced) => (announced > 0 ? { ordersAnnounced: announced } : undefined),
    }),
    // Emails a mail server turned away for now, or a process died while delivering.
    intervalJob({
      name: 'email retries',
      everySeconds: config.mail.retryEverySeconds,
      run: (now) => app.mailer.retryDue(now),
      log,
      report: (run) => (something({ ...run }) ? { emails: run } : undefined),
    }),
    intervalJob({
      name: 'hold sweep',
      everySeconds: config.cart.sweepSeconds,
      run: () => holds.sweep(),
      log,
    }),
    collections,
    // Freezes start and end with the collections job's cadence (they move collections on).
    intervalJob({
      name: 'freeze job',
      everySeconds: config.directDebit.collectionsEverySeconds,
      run: (now) => runFreezeTransitions({ db, config }, now),
      log,
      report: (run) => (something({ ...run }) ? { freezes: run } : undefined),
    }),
    intervalJob({
      name: 'membership jobs',
      everySeconds: config.membershipJobs.everySeconds,
      run: (now) => runMembershipJobs(db, config, now),
      log,
      report: (run) => (something({ ...run }) ? { memberships: run } : undefined),
    }),
    // Scheduled price changes for existing members take effect on their schedules, once (issue 47).
    intervalJob({
      name: 'price changes',
      everySeconds: config.membershipJobs.everySeconds,
      run: (now) => applyDuePriceChanges({ db, config }, now),
      log,
      report: (applied) => (applied > 0 ? { priceChanges: applied } : undefined),
    }),
    intervalJob({
      name: 'retention',
      everySeconds: config.retention.everySeconds,
      run: (now) => runRetention(db, config, now),
      log,
      report: (run) => (something({ ...run }) ? { retention: run } : undefined),
    }),
    intervalJob({
      name: 'guest pass expiry job',
      everySeconds: config.guestPasses.expiryEverySeconds,
      run: (now) => runGuestPassExpiry(db, now),
      log,
    }),
  ];
  if (embedded) {
    jobs.push(
      intervalJob({
        name: 'embedded database upkeep',
        everySeconds: config.embeddedUpkeep.everySeconds,
        firstAfterSeconds: 60,
        run: () => upkeepEmbeddedDatabase(db),
        log,
      }),
    );
  }
  app.addHook('onReady', async () => {
    for (const job of jobs) job.start();
  });
  app.addHook('onClose', async () => {
    await Promise.all(jobs.map((job) => job.stop()));
  });
  return { collections, all: jobs };
}
