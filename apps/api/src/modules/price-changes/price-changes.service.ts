import type { AdminListQuery } from '@leisure/contract/admin/lists';
import {
  type AdminPriceChange,
  priceChangeMessages,
  priceChangeNoticeDays,
} from '@leisure/contract/admin/promotions';
import { prettyDate } from '@leisure/contract/dates';
import { formatMoney } from '@leisure/contract/money';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { addDays, localDateOf } from '../../lib/dates';
import { actorOf, recordChange } from '../audit/audit.service';
import { changeMonthlyAmountFrom, monthlyAmountOf } from '../direct-debit/direct-debit.service';
import type { Mailer } from '../mail/mail.service';
import { renderEmail } from '../mail/templates';
import {
  findOption,
  findPaymentOption,
  findTypeById,
} from '../membership-catalogue/membership-catalogue.service';
import { listLiveMembersOfOption } from '../membership-lifecycle/membership-lifecycle.service';
import { getCurrentClient } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import { requireNoVenueScope, type StaffViewer } from '../session/access';
import {
  findPriceChange,
  findScheduledChangeOfOption,
  insertPriceChange,
  lockNextDueChange,
  type PriceChangeRow,
  pagePriceChanges,
  updatePriceChange,
} from './price-changes.repository';

/**
 * Scheduled price changes for existing members (issue 47): "a change to prices applies to new
 * purchases; existing members keep theirs until the operator schedules a price change". Staff with
 * prices.manage schedule a new monthly amount for the live members of a recurring payment option from
 * a date at least `priceChangeNoticeDays` ahead; each member is emailed at once; the change can be
 * cancelled until it takes effect; the price-changes job applies it to the members' direct-debit
 * schedules shortly before the date (their collections from that date use the new amount), once.
 */

export interface PriceChangeDeps {
  db: Database;
  config: Config;
  mailer: Pick<Mailer, 'send'>;
}

type Staff = StaffViewer & { user: { email: string } };

/** Applied this many days before its date: before the collections job submits the first collection it covers. */
export const applyAheadDays = 7;

async function operatorOf(db: Database, config: Config) {
  const client = await getCurrentClient(db, config);
  return { client, today: localDateOf(new Date(), client.timezone) };
}

async function present(db: Database, row: PriceChangeRow): Promise<AdminPriceChange> {
  const option = await findPaymentOption(db, row.paymentOptionId);
  const type = option ? await findTypeById(db, option.membershipTypeId) : undefined;
  return {
    id: row.id,
    payment_option_id: row.paymentOptionId,
    payment_option_name: option?.name ?? '',
    membership_type_name: type?.name ?? '',
    amount: row.amount,
    currency: row.currency,
    effective_date: row.effectiveDate,
    status: row.status,
    members_count: row.membershipIds.length,
    created_at: row.createdAt.toISOString(),
    applied_at: row.appliedAt?.toISOString() ?? null,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

/** `GET api/admin/membership-price-changes`: newest date first. */
export async function listPriceChanges(db: Database, viewer: StaffViewer, query: AdminListQuery) {
  const { rows, total } = await pagePriceChanges(db, viewer.user.clientId, {
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  const data: AdminPriceChange[] = [];
  for (const row of rows) data.push(await present(db, row));
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}

/** `GET api/admin/membership-price-changes/{id}`. */
export async function getPriceChange(
  db: Database,
  viewer: StaffViewer,
  id: number,
): Promise<AdminPriceChange> {
  const row = await findPriceChange(db, viewer.user.clientId, id);
  if (!row) throw AppError.notFound();
  return present(db, row);
}

function noticeEmail(
  brand: Awaited<ReturnType<typeof getBrand>>,
  member: { firstName: string },
  change: { typeName: string; optionName: string; from: number; to: number; currency: string; date: string },
) {
  const when = prettyDate(change.date).long_pretty;
  return renderEmail(brand, {
    subject: `Your ${change.typeName} membership price is changing`,
    heading: 'Your monthly payment is changing',
    paragraphs: [
      `Hello ${member.firstName},`,
      `From ${when}, your ${change.typeName} (${change.optionName}) membership will cost ${formatMoney(change.to, change.currency)} a month instead of ${formatMoney(change.from, change.currency)}.`,
      'Your direct debit will collect the new amount from that date. You do not need to do anything.',
      'If you have any questions, reply to this email or ask at reception.',
    ],
  });
}

/** `POST api/admin/membership-price-changes`: schedules the change and emails each member. */
export async function schedulePriceChange(
  deps: PriceChangeDeps,
  viewer: Staff,
  input: { payment_option_id: number; amount: number; effective_date: string },
  request?: FastifyRequest,
): Promise<AdminPriceChange> {
  requireNoVenueScope(viewer);
  const { db } = deps;
  const clientId = viewer.user.clientId;
  const { client, today } = await operatorOf(db, deps.config);
  const found = await findOption(db, clientId, input.payment_option_id);
  if (!found) throw AppError.validation({ payment_option_id: [priceChangeMessages.unknownOption] });
  if (found.option.paymentType !== 'recurring') {
    throw AppError.validation({ payment_option_id: [priceChangeMessages.notRecurring] });
  }
  const earliest = addDays(today, priceChangeNoticeDays);
  if (input.effective_date < earliest) {
    throw AppError.validation({ effective_date: [priceChangeMessages.tooSoon(earliest)] });
  }
  if (input.effective_date > addDays(today, 730)) {
    throw AppError.validation({ effective_date: [priceChangeMessages.tooLate] });
  }
  const members = await listLiveMembersOfOption(db, clientId, input.payment_option_id);
  // Those who pay monthly by direct debit, at another amount than the new one.
  const affected: { membershipId: number; email: string; firstName: string; from: number }[] = [];
  for (const member of members) {
    const from = await monthlyAmountOf(db, member.membershipId);
    if (from !== undefined && from !== input.amount) affected.push({ ...member, from });
  }
  const row = await db.transaction(async (tx) => {
    // Checked in the transaction too: two staff scheduling at once both see none, and one insert wins.
    if (await findScheduledChangeOfOption(tx, input.payment_option_id)) {
      throw AppError.validation({ payment_option_id: [priceChangeMessages.alreadyScheduled] });
    }
    const created = await insertPriceChange(tx, {
      clientId,
      paymentOptionId: input.payment_option_id,
      amount: input.amount,
      currency: client.currency,
      effectiveDate: input.effective_date,
      membershipIds: affected.map((member) => member.membershipId),
      createdByUserId: viewer.user.id,
    });
    await recordChange(
      tx,
      actorOf(viewer.user),
      {
        action: 'membership-price-change.schedule',
        entityType: 'membership-price-change',
        entityId: created.id,
        after: created,
      },
      request,
    );
    return created;
  });
  const brand = await getBrand(db, deps.config);
  const names = { typeName: found.type.name, optionName: found.option.name };
  for (const member of affected) {
    const email = noticeEmail(brand, member, {
      ...names,
      from: member.from,
      to: row.amount,
      currency: row.currency,
      date: row.effectiveDate,
    });
    await deps.mailer.send({ to: member.email, ...email, template: 'membership_price_change' });
  }
  return present(db, row);
}

/** `POST api/admin/membership-price-changes/{id}/cancel`: only before it takes effect. */
export async function cancelPriceChange(
  deps: PriceChangeDeps,
  viewer: Staff,
  id: number,
  request?: FastifyRequest,
): Promise<AdminPriceChange> {
  requireNoVenueScope(viewer);
  const row = await deps.db.transaction(async (tx) => {
    const before = await findPriceChange(tx, viewer.user.clientId, id, true);
    if (!before) throw AppError.notFound();
    if (before.status !== 'scheduled') {
      throw AppError.validation({ id: [priceChangeMessages.notCancellable] });
    }
    const after = await updatePriceChange(tx, id, { status: 'cancelled', cancelledAt: new Date() });
    await recordChange(
      tx,
      actorOf(viewer.user),
      {
        action: 'membership-price-change.cancel',
        entityType: 'membership-price-change',
        entityId: id,
        before,
        after,
      },
      request,
    );
    return after;
  });
  return present(deps.db, row);
}

/**
 * One run of the price-changes job: each scheduled change due within `applyAheadDays` is applied in
 * its own transaction, under a row lock taken with SKIP LOCKED, and marked applied in it: a change is
 * applied by one run on one replica, and a second run finds it applied. Answers how many it applied.
 */
export async function applyDuePriceChanges(
  deps: { db: Database; config: Config },
  now: Date,
): Promise<number> {
  const client = await getCurrentClient(deps.db, deps.config);
  const until = addDays(localDateOf(now, client.timezone), applyAheadDays);
  let applied = 0;
  for (let i = 0; i < 100; i++) {
    const done = await deps.db.transaction(async (tx) => {
      const due = await lockNextDueChange(tx, until);
      if (!due) return false;
      for (const membershipId of due.membershipIds) {
        await changeMonthlyAmountFrom(tx, membershipId, due.effectiveDate, due.amount);
      }
      const after = await updatePriceChange(tx, due.id, { status: 'applied', appliedAt: now });
      await recordChange(
        tx,
        { clientId: due.clientId, userId: null, email: null },
        {
          action: 'membership-price-change.apply',
          entityType: 'membership-price-change',
          entityId: due.id,
          before: due,
          after,
        },
      );
      return true;
    });
    if (!done) break;
    applied += 1;
  }
  return applied;
}
