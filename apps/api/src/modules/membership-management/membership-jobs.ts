import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { type MembershipJobRun, runMembershipJobs } from './membership-management.service';

/**
 * The membership jobs (end cancelled memberships on their final day, complete paid-up
 * cancellations, suspend overdue documents) on a timer, like the collections job: every replica
 * runs them every MEMBERSHIP_JOBS_EVERY_SECONDS (0: off, as in tests); each step locks its rows
 * with FOR UPDATE SKIP LOCKED and re-reads their state, so two replicas never do one twice.
 */
export interface MembershipJobs {
  runOnce(now?: Date): Promise<MembershipJobRun>;
  start(): void;
  stop(): Promise<void>;
}

export function createMembershipJobs(deps: {
  db: Database;
  config: Config;
  log: FastifyBaseLogger;
}): MembershipJobs {
  const { db, config, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const runOnce = (now = new Date()) => runMembershipJobs(db, config, now);
  return {
    runOnce,
    start() {
      const every = config.membershipJobs.everySeconds;
      if (every === 0 || timer) return;
      timer = setInterval(() => {
        if (running) return;
        running = runOnce()
          .then((run) => {
            if (run.completed + run.ended + run.suspended > 0)
              log.info({ memberships: run }, 'membership jobs ran');
          })
          .catch((error: unknown) => log.error({ err: error }, 'membership jobs failed'))
          .finally(() => {
            running = undefined;
          });
      }, every * 1000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
