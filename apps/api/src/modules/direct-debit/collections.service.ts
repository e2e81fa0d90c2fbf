import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { addDays, localDateOf } from '../../lib/dates';
import type { DirectDebitProvider } from '../../providers/direct-debit/direct-debit-provider';
import { getCurrentClient } from '../operator/operator.service';
import {
  deleteExpiredBankDetails,
  insertCollection,
  listMandatesInProgress,
  lockNextDueCollection,
  updateCollection,
  updateMandateStatus,
} from './direct-debit.repository';
import { collectionAmountOf } from './direct-debit.service';

/**
 * The direct debit collections job (docs/decisions/009-direct-debit.md). Every replica runs it
 * every DD_COLLECTIONS_EVERY_SECONDS; running it on several at once is safe:
 * - each due collection is locked with FOR UPDATE SKIP LOCKED in its own transaction, re-read as
 *   still `scheduled`, submitted, and marked in that transaction, so one run submits it;
 * - the provider call carries the collection's id as idempotency key, so a run that dies after the
 *   provider answered and is retried gets the same payment back, not a second one;
 * - the next month's collection is inserted with ON CONFLICT DO NOTHING on the unique
 *   (schedule, charge date).
 */

/**
 * Collections are sent to the provider this many days before their charge date (a Bacs payment
 * needs about three working days at the bank; the provider keeps the charge date).
 */
const collectionLeadDays = 3;

/** At most this many collections per run; the next run takes the rest. */
const batchSize = 500;

/** The billing day of the month after `chargeDate` (billing days are 1-28, so always a real date). */
export function nextChargeDate(chargeDate: string, billingDay: number): string {
  const [year, month] = chargeDate.split('-').map(Number);
  if (year === undefined || month === undefined) throw new Error(`bad charge date ${chargeDate}`);
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-${String(billingDay).padStart(2, '0')}`;
}

export interface CollectionRun {
  submitted: number;
  failed: number;
  skipped: number;
  /** Provider calls that threw; those collections are tried again next run. */
  errors: number;
}

/**
 * Submits every scheduled collection due by today plus the lead days, once, and schedules each
 * schedule's next month.
 */
export async function collectDuePayments(
  deps: { db: Database; config: Config },
  provider: DirectDebitProvider,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<CollectionRun> {
  const { db } = deps;
  // Billing dates are the operator's local dates (decision 064).
  const today = localDateOf(now, (await getCurrentClient(db, deps.config)).timezone);
  const until = addDays(today, collectionLeadDays);
  const run: CollectionRun = { submitted: 0, failed: 0, skipped: 0, errors: 0 };
  // Collections whose provider call threw this run: left `scheduled` for the next run.
  const gaveUp: number[] = [];
  for (let i = 0; i < batchSize; i++) {
    let current: number | undefined;
    const outcome = await db
      .transaction(async (tx) => {
        const due = await lockNextDueCollection(tx, until, gaveUp);
        if (!due) return 'none' as const;
        const { collection, schedule, mandate } = due;
        current = collection.id;
        let result: 'submitted' | 'failed' | 'skipped';
        if (collection.amount === 0) {
          // A free month of a promotion: nothing to collect.
          await updateCollection(tx, collection.id, { status: 'skipped' });
          result = 'skipped';
        } else if (mandate.status === 'failed' || mandate.status === 'cancelled') {
          await updateCollection(tx, collection.id, {
            status: 'failed',
            failureReason: `mandate_${mandate.status}`,
          });
          return 'failed' as const;
        } else {
          const answer = await provider.collect({
            mandateId: mandate.providerMandateId,
            amount: collection.amount,
            currency: collection.currency,
            chargeDate: collection.chargeDate < today ? today : collection.chargeDate,
            description: 'Monthly membership',
            idempotencyKey: `dd-collection-${collection.id}`,
          });
          if (answer.status === 'submitted') {
            await updateCollection(tx, collection.id, {
              status: 'submitted',
              providerPaymentId: answer.paymentId,
              submittedAt: now,
            });
            result = 'submitted';
          } else {
            await updateCollection(tx, collection.id, {
              status: 'failed',
              providerPaymentId: answer.paymentId,
              failureReason: answer.reason,
              submittedAt: now,
            });
            result = 'failed';
          }
        }
        // A failed payment does not stop the membership's later months (the provider retries or
        // the operator follows up); a failed or cancelled mandate does (above).
        const sequence = collection.sequence + 1;
        const next = nextChargeDate(collection.chargeDate, schedule.billingDay);
        // A membership cancelled with notice takes no collection after its final payment date.
        if (schedule.lastChargeDate === null || next <= schedule.lastChargeDate) {
          await insertCollection(tx, {
            scheduleId: schedule.id,
            mandateId: mandate.id,
            sequence,
            chargeDate: next,
            amount: collectionAmountOf(schedule, sequence),
            currency: schedule.currency,
          });
        }
        return result;
      })
      .catch((error: unknown) => {
        // The provider (or the database) failed for this collection: its transaction rolled back,
        // so it is still `scheduled`; the idempotency key makes the retry safe.
        if (current === undefined) throw error;
        gaveUp.push(current);
        log?.error({ err: error, collectionId: current }, 'direct debit collection not submitted');
        return 'errors' as const;
      });
    if (outcome === 'none') break;
    run[outcome] += 1;
  }
  return run;
}

/** Follows mandates the bank is still processing (pending_submission -> submitted -> active, or failed). */
export async function syncMandates(
  db: Database,
  provider: DirectDebitProvider,
  now: Date,
  log?: Pick<FastifyBaseLogger, 'error'>,
): Promise<number> {
  let changed = 0;
  for (const mandate of await listMandatesInProgress(db, batchSize)) {
    try {
      const seen = await provider.getMandate(
        { id: mandate.providerMandateId, createdAt: mandate.createdAt },
        now,
      );
      if (
        seen.status !== mandate.status &&
        (await updateMandateStatus(db, mandate.id, mandate.status, seen.status, now))
      ) {
        changed += 1;
      }
    } catch (error) {
      // One mandate the provider cannot answer for must not stop the others.
      log?.error({ err: error, mandateId: mandate.id }, 'direct debit mandate not followed');
    }
  }
  return changed;
}

/** One run of the collections job: due collections, mandate statuses, expired bank details (jobs.ts). */
export async function runCollections(
  deps: { db: Database; config: Config; provider: DirectDebitProvider; log: FastifyBaseLogger },
  now: Date,
): Promise<CollectionRun> {
  const { db, provider, log } = deps;
  const run = await collectDuePayments(deps, provider, now, log);
  await syncMandates(db, provider, now, log);
  await deleteExpiredBankDetails(db, now);
  return run;
}
