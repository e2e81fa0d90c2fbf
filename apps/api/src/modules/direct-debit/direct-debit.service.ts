import {
  type DirectDebitDetails,
  type DirectDebitValidatedRequest,
  type DirectDebitValidateResponse,
  directDebitMessages,
  type MandateStatus,
  maskAccountNumber,
} from '@leisure/contract/direct-debit';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { DirectDebitBillingAddress } from '../../db/schema';
import { AppError } from '../../errors';
import { addDays, addMonths, billingDayOf } from '../../lib/dates';
import { assertNotRateLimited, recordAuthAttempt } from '../../lib/rate-limit';
import { hashToken, newToken } from '../../lib/tokens';
import type { DirectDebitProvider } from '../../providers/direct-debit/direct-debit-provider';
import { BankDetailsSeal } from './bank-details-seal';
import {
  type BankDetailsRow,
  cancelSchedule,
  deleteUserBankDetails,
  findActiveScheduleOfMembership,
  findBillingDay,
  findLiveBankDetails,
  findLiveMandate,
  findMandateCustomer,
  insertBankDetails,
  insertCollection,
  insertMandate,
  insertSchedule,
  limitSchedulesOfMembership,
  listNextCollections,
  lockScheduledCollectionsFrom,
  type MandateRow,
  moveCollection,
  type ScheduleRow,
  setScheduleAmount,
  setScheduledCollectionsAmountFrom,
  takeLiveBankDetails,
} from './direct-debit.repository';

/**
 * Direct debit for the joining flow (docs/decisions/009-direct-debit.md): bank details are
 * validated (format, VocaLink modulus check) and parked, encrypted, behind a single-use token; the
 * membership checkout turns them into a mandate at the provider and schedules the monthly
 * collections from the first billing date. Only masked details are ever answered or kept.
 */

export interface DirectDebitDeps {
  db: Database;
  config: Config;
  provider: DirectDebitProvider;
}

/** The wire field the submit-new-membership call carries the token in. */
const detailsTokenField = 'direct_debit.token';

/** Like logins (issue 2): ten failed checks in fifteen minutes, per customer and per address, then 429. */
const seals = new Map<string, BankDetailsSeal>();
function sealFor(config: Config): BankDetailsSeal {
  const secret = config.directDebit.detailsSecret;
  let seal = seals.get(secret);
  if (!seal) {
    seal = new BankDetailsSeal(secret);
    seals.set(secret, seal);
  }
  return seal;
}

const sealContext = (userId: number, tokenHash: string) => `${userId}:${tokenHash}`;

function detailsOf(row: {
  accountHolderName: string;
  bankName: string | null;
  accountNumberEnding: string;
  sortCode: string;
}): DirectDebitDetails {
  return {
    account_holder_name: row.accountHolderName,
    bank_name: row.bankName,
    account_number_ending: row.accountNumberEnding,
    account_number_masked: maskAccountNumber(row.accountNumberEnding),
    sort_code: row.sortCode,
  };
}

// ---- Validation ------------------------------------------------------------------------------------

/**
 * Checks bank details for the signed-in customer and parks them for the checkout. A failed check
 * counts towards the same limit as logins (per address and per customer), so the call cannot be
 * used to probe account numbers. 422 with field messages, or 429.
 */
export async function validateBankDetails(
  deps: DirectDebitDeps,
  userId: number,
  body: DirectDebitValidatedRequest,
  ipAddress: string,
  now = new Date(),
): Promise<DirectDebitValidateResponse['data']> {
  const { db, config, provider } = deps;
  const accountKey = `user:${userId}`;
  await assertNotRateLimited(db, 'direct_debit_validate', accountKey, ipAddress, {
    now,
    message: directDebitMessages.tooMany,
  });

  const check = await provider.validateBankDetails({
    accountNumber: body.account_number,
    sortCode: body.sort_code,
  });
  await recordAuthAttempt(db, {
    kind: 'direct_debit_validate',
    accountKey,
    ipAddress,
    succeeded: check.valid,
  });
  if (!check.valid) throw AppError.validation(check.errors);

  const billingAddress: DirectDebitBillingAddress | null =
    body.billing_address_line_1 && body.billing_address_city && body.billing_address_postcode
      ? {
          line1: body.billing_address_line_1,
          line2: body.billing_address_line_2 ?? null,
          city: body.billing_address_city,
          postcode: body.billing_address_postcode,
        }
      : null;
  const token = newToken();
  const tokenHash = hashToken(token);
  const expiresAt = new Date(now.getTime() + config.directDebit.detailsTtlMinutes * 60_000);
  const row = await db.transaction(async (tx) => {
    await deleteUserBankDetails(tx, userId);
    return insertBankDetails(tx, {
      tokenHash,
      userId,
      accountHolderName: body.account_holder_name,
      sortCode: body.sort_code,
      accountNumberEnding: check.accountNumberEnding,
      accountNumberSealed: sealFor(config).seal(body.account_number, sealContext(userId, tokenHash)),
      bankName: check.bankName,
      billingAddress,
      expiresAt,
    });
  });
  return { ...detailsOf(row), details_token: token, details_expires_at: expiresAt.toISOString() };
}

/**
 * The masked details a token stands for, when it is live and the customer's (for the
 * submit-new-membership call to check before the checkout); 422 under `direct_debit.token` if not.
 */
export async function findValidatedBankDetails(
  db: Database,
  userId: number,
  detailsToken: string,
  now = new Date(),
): Promise<DirectDebitDetails> {
  const row = await findLiveBankDetails(db, hashToken(detailsToken), userId, now);
  if (!row) throw AppError.validation({ [detailsTokenField]: [directDebitMessages.detailsExpired] });
  return detailsOf(row);
}

// ---- Mandates and schedules -------------------------------------------------------------------------

/** A membership's monthly collections: what the membership engine knows when its checkout completes. */
export interface CollectionPlan {
  /** Minor units per month, > 0. */
  amount: number;
  currency: string;
  /** 1-28. */
  billingDay: number;
  /** YYYY-MM-DD: the first collection's charge date. */
  firstBillingDate: string;
  /** A promotion's reduced monthly amount for the first `introCollections` collections. */
  introAmount?: number;
  introCollections?: number;
}

export interface MandateSummary extends DirectDebitDetails {
  id: number;
  provider: string;
  provider_mandate_id: string;
  reference: string;
  status: MandateStatus;
}

function mandateSummary(row: MandateRow): MandateSummary {
  return {
    ...detailsOf(row),
    id: row.id,
    provider: row.provider,
    provider_mandate_id: row.providerMandateId,
    reference: row.reference,
    status: row.status,
  };
}

export interface ScheduledCollections {
  scheduleId: number;
  firstCollection: { chargeDate: string; amount: number };
}

/** A schedule's amount for its collection number `sequence` (0 = the first). */
export function collectionAmountOf(
  schedule: Pick<ScheduleRow, 'amount' | 'introAmount' | 'introCollections'>,
  sequence: number,
): number {
  return schedule.introAmount !== null && sequence < schedule.introCollections
    ? schedule.introAmount
    : schedule.amount;
}

function checkPlan(plan: CollectionPlan): void {
  if (!Number.isInteger(plan.amount) || plan.amount <= 0) throw new Error('direct debit: amount must be > 0');
  if (!Number.isInteger(plan.billingDay) || plan.billingDay < 1 || plan.billingDay > 28) {
    throw new Error('direct debit: billing day must be 1-28');
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(plan.firstBillingDate)) {
    throw new Error('direct debit: first billing date must be YYYY-MM-DD');
  }
}

async function addSchedule(
  db: Database,
  mandate: MandateRow,
  membershipId: number,
  plan: CollectionPlan,
): Promise<ScheduledCollections> {
  checkPlan(plan);
  const schedule = await insertSchedule(db, {
    mandateId: mandate.id,
    userId: mandate.userId,
    membershipId,
    currency: plan.currency,
    amount: plan.amount,
    introAmount: plan.introAmount ?? null,
    introCollections: plan.introAmount === undefined ? 0 : (plan.introCollections ?? 0),
    billingDay: plan.billingDay,
    firstChargeDate: plan.firstBillingDate,
  });
  const amount = collectionAmountOf(schedule, 0);
  await insertCollection(db, {
    scheduleId: schedule.id,
    mandateId: mandate.id,
    sequence: 0,
    chargeDate: plan.firstBillingDate,
    amount,
    currency: plan.currency,
  });
  return { scheduleId: schedule.id, firstCollection: { chargeDate: plan.firstBillingDate, amount } };
}

export interface CreateMandateInput {
  /** The database, or the checkout's transaction (this runs in a nested transaction). */
  db: Database;
  config: Config;
  provider: DirectDebitProvider;
  userId: number;
  /** The membership whose checkout sets up the instruction (no foreign key: another module). */
  membershipId: number;
  /** The `details_token` of `online-joining/direct-debit/validate`, as the submit call carried it. */
  detailsToken: string;
  collections: CollectionPlan;
  now?: Date;
}

/**
 * Turns validated bank details into the customer's instruction: creates the mandate at the
 * provider, records it (masked), and schedules the membership's monthly collections from the first
 * billing date. The token is single use and the customer's own: another customer's, a used or an
 * expired one is a 422 under `direct_debit.token`. Afterwards `GET auth/user` reports
 * `has_instruction` and `has_billing_date` true.
 */
export async function createMandate(
  input: CreateMandateInput,
): Promise<{ mandate: MandateSummary } & ScheduledCollections> {
  const { config, provider, userId, membershipId } = input;
  const now = input.now ?? new Date();
  checkPlan(input.collections);
  const user = await findMandateCustomer(input.db, userId);
  if (!user) throw AppError.notFound();
  return input.db.transaction(async (tx) => {
    const tokenHash = hashToken(input.detailsToken);
    const details = await takeLiveBankDetails(tx, tokenHash, userId, now);
    if (!details) throw AppError.validation({ [detailsTokenField]: [directDebitMessages.detailsExpired] });
    const accountNumber = openAccountNumber(config, details, tokenHash);
    // The details row id is unique and the row is taken once: a retried call that rolled back
    // reuses the key, so the provider answers the mandate it already made.
    const providerMandate = await provider.createMandate({
      account: {
        accountHolderName: details.accountHolderName,
        accountNumber,
        sortCode: details.sortCode,
        billingAddress: details.billingAddress,
      },
      customerReference: user.reference ?? `U${user.id}`,
      email: user.email,
      idempotencyKey: `bank-details-${details.id}`,
    });
    const mandate = await insertMandate(tx, {
      userId,
      membershipId,
      provider: provider.name,
      providerMandateId: providerMandate.id,
      reference: providerMandate.reference,
      status: providerMandate.status,
      accountHolderName: details.accountHolderName,
      sortCode: details.sortCode,
      accountNumberEnding: details.accountNumberEnding,
      bankName: details.bankName,
      billingAddress: details.billingAddress,
      createdAt: now,
      updatedAt: now,
    });
    const scheduled = await addSchedule(tx, mandate, membershipId, input.collections);
    return { mandate: mandateSummary(mandate), ...scheduled };
  });
}

function openAccountNumber(config: Config, details: BankDetailsRow, tokenHash: string): string {
  const plain = sealFor(config).open(details.accountNumberSealed, sealContext(details.userId, tokenHash));
  if (plain === null)
    throw AppError.validation({ [detailsTokenField]: [directDebitMessages.detailsExpired] });
  return plain;
}

/**
 * For a customer who already has an instruction: schedules another membership's monthly
 * collections on it. 422 under `direct_debit.token` when the customer has no live mandate.
 */
export async function scheduleCollections(input: {
  db: Database;
  userId: number;
  membershipId: number;
  collections: CollectionPlan;
}): Promise<ScheduledCollections> {
  return input.db.transaction(async (tx) => {
    const mandate = await findLiveMandate(tx, input.userId);
    if (!mandate) throw AppError.validation({ [detailsTokenField]: [directDebitMessages.detailsExpired] });
    return addSchedule(tx, mandate, input.membershipId, input.collections);
  });
}

/** Stops a membership's future collections (cancelled or ended membership). */
export async function cancelCollections(db: Database, membershipId: number, now = new Date()): Promise<void> {
  const schedule = await findActiveScheduleOfMembership(db, membershipId);
  if (schedule) await cancelSchedule(db, schedule.id, now);
}

/**
 * A frozen membership pays nothing while frozen (issue 5): its collections not yet submitted that
 * fall on or after the freeze's first day move on by the frozen months (latest first, so the unique
 * (schedule, charge date) never sees two on one day). Call inside the freeze's transaction.
 */
export async function postponeCollections(
  db: Database,
  membershipId: number,
  from: string,
  months: number,
): Promise<number> {
  const schedule = await findActiveScheduleOfMembership(db, membershipId);
  if (!schedule) return 0;
  const due = await lockScheduledCollectionsFrom(db, schedule.id, from);
  for (const collection of due) {
    const [year, month] = collection.chargeDate.split('-').map(Number) as [number, number];
    const index = year * 12 + (month - 1) + months;
    const chargeDate = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-${String(schedule.billingDay).padStart(2, '0')}`;
    await moveCollection(db, collection.id, chargeDate);
  }
  return due.length;
}

/**
 * A membership cancelled with notice (issue 5): no collection after `lastChargeDate`. Call inside
 * the cancellation's transaction.
 */
export async function endCollectionsAfter(
  db: Database,
  membershipId: number,
  lastChargeDate: string,
): Promise<void> {
  await limitSchedulesOfMembership(db, membershipId, lastChargeDate);
}

/** A membership's current monthly amount under its active schedule (undefined: no direct debit). */
export async function monthlyAmountOf(db: Database, membershipId: number): Promise<number | undefined> {
  return (await findActiveScheduleOfMembership(db, membershipId))?.amount;
}

/**
 * A scheduled price change takes effect (issue 47): the membership's collections on or after `from`
 * are for `amount` (those already made, and those the collections job makes next), except the reduced
 * first collections of its promotion. Setting the same amount again changes nothing, so applying twice
 * is harmless. Call inside the change's transaction. False when the membership has no active schedule.
 */
export async function changeMonthlyAmountFrom(
  db: Database,
  membershipId: number,
  from: string,
  amount: number,
): Promise<boolean> {
  const schedule = await findActiveScheduleOfMembership(db, membershipId);
  if (!schedule) return false;
  await setScheduleAmount(db, schedule.id, amount);
  await setScheduledCollectionsAmountFrom(db, schedule.id, from, schedule.introCollections, amount);
  return true;
}

/**
 * The next payment date of each membership: its next scheduled collection (my-account.md 3
 * `nextPaymentDate`), and the monthly amount its member pays (their own price, kept until a scheduled
 * price change sets another).
 */
export async function nextCollectionDates(
  db: Database,
  membershipIds: number[],
): Promise<{ membershipId: number; chargeDate: string; monthlyAmount: number }[]> {
  return listNextCollections(db, membershipIds);
}

// ---- A history made outside the API (the seed's demo members) ----------------------------------------

/**
 * A membership's direct debit as if it had run for a while: an active sandbox mandate (its id ends
 * in 'A', the scenario where payments succeed), a schedule from the first billing date, and the
 * monthly collections paid out up to `today`, then the next one scheduled (at most 24).
 */
export async function recordDirectDebitHistory(
  db: Database,
  input: {
    userId: number;
    membership: { id: number; startDate: string; billingDay: number | null; firstBillingDate: string | null };
    amount: number;
    today: string;
  },
): Promise<void> {
  const { userId, membership: row, amount, today } = input;
  const mandate = await insertMandate(db, {
    userId,
    membershipId: row.id,
    provider: 'sandbox',
    // The sandbox's id format: 8 characters, then the scenario ('A': payments succeed).
    providerMandateId: `MD000SD${String(row.id).padStart(6, '0')}A`,
    reference: `RL-DD-${String(row.id).padStart(6, '0')}`,
    status: 'active',
    accountHolderName: 'Demo Member',
    sortCode: '200000',
    accountNumberEnding: '11',
    bankName: 'Sandbox Bank',
  });
  // Collections fall on the membership's billing day, the day cancellation counts its dates from: a
  // start on the 29th to the 31st bills on the 28th (each collection on the start's own day left the
  // one due before a cancellation's final payment date on the day after it, so it was never shown).
  const billingDay = billingDayOf(row);
  const onBillingDay = (date: string) => `${date.slice(0, 7)}-${String(billingDay).padStart(2, '0')}`;
  const firstBillingDate = row.firstBillingDate ?? onBillingDay(addMonths(row.startDate, 1));
  const schedule = await insertSchedule(db, {
    mandateId: mandate.id,
    userId,
    membershipId: row.id,
    currency: 'GBP',
    amount,
    billingDay,
    firstChargeDate: firstBillingDate,
  });
  let sequence = 0;
  for (
    let charge = firstBillingDate;
    sequence < 24;
    charge = onBillingDay(addMonths(firstBillingDate, sequence))
  ) {
    const past = charge <= today;
    await insertCollection(db, {
      scheduleId: schedule.id,
      mandateId: mandate.id,
      sequence,
      chargeDate: charge,
      amount,
      currency: 'GBP',
      status: past ? 'paid_out' : 'scheduled',
      providerPaymentId: past ? `PM000SEED${row.id}X${sequence}` : null,
      submittedAt: past ? new Date(`${addDays(charge, -3)}T06:00:00Z`) : null,
    });
    sequence += 1;
    if (!past) break;
  }
}

// ---- What GET auth/user reports ---------------------------------------------------------------------

/** The spec's user flags: an existing direct debit instruction, and a billing date already set. */
export async function instructionFlagsOf(
  db: Database,
  userId: number,
): Promise<{ hasInstruction: boolean; hasBillingDate: boolean; billingDay: number | null }> {
  const mandate = await findLiveMandate(db, userId);
  if (!mandate) return { hasInstruction: false, hasBillingDate: false, billingDay: null };
  const billingDay = await findBillingDay(db, userId);
  return { hasInstruction: true, hasBillingDate: billingDay !== undefined, billingDay: billingDay ?? null };
}
