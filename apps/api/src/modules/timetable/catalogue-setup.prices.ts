import type { AdminPricingOption } from '@leisure/contract/admin/activities';
import {
  zPricingOptionCreate as zOptionCreate,
  zPricingOptionUpdate,
  zTicketCreate,
  zTicketUpdate,
} from '@leisure/contract/admin/activities';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { requireOperatorWideChange, type StaffChange } from '../operator/staff-change';
import { audited, parse } from './catalogue-setup.helpers';
import {
  findActivityOfClient,
  findPricingOptionById,
  findTicketById,
  insertPricingOption,
  insertTicket,
  listPricingOf,
  type PricingOptionWithTickets,
  updatePricingOptionRow,
  updateTicketRow,
} from './catalogue-setup.repository';

/**
 * The console's prices (issue 47): an activity's pricing options (Standard, Member) and their
 * tickets, in minor units. Prices are the whole operator's (an activity costs the same at every
 * venue). A changed amount prices the next basket add; lines already added keep their amount.
 */

export function pricingOf(options: PricingOptionWithTickets[]): AdminPricingOption[] {
  return options.map((option) => ({
    id: option.id,
    activity_id: option.activityId,
    name: option.name,
    for_members: option.forMembers,
    position: option.position,
    tickets: option.tickets.map((t) => ({ id: t.id, name: t.name, amount: t.amount, position: t.position })),
  }));
}

export async function getActivityPricing(
  db: Database,
  clientId: number,
  activityId: number,
): Promise<AdminPricingOption[]> {
  if (!(await findActivityOfClient(db, clientId, activityId))) throw AppError.notFound();
  return pricingOf(await listPricingOf(db, activityId));
}

/** The pricing option, if it is of one of the operator's activities. */
async function optionOfOperator(db: Database, clientId: number, id: number, lock = false) {
  const option = await findPricingOptionById(db, id, lock);
  if (!option || !(await findActivityOfClient(db, clientId, option.activityId))) throw AppError.notFound();
  return option;
}

/** Prices are the whole operator's (an activity's price is the same at every venue). */
export async function createPricingOptionSetup(
  db: Database,
  change: StaffChange,
  activityId: number,
  input: z.input<typeof zOptionCreate>,
): Promise<AdminPricingOption> {
  requireOperatorWideChange(change);
  const values = parse(zOptionCreate, input);
  if (!(await findActivityOfClient(db, change.clientId, activityId))) throw AppError.notFound();
  return audited(db, change, async (tx) => {
    const row = await insertPricingOption(tx, {
      activityId,
      name: values.name,
      forMembers: values.for_members,
      position: values.position,
    });
    const [after] = pricingOf([{ ...row, tickets: [] }]);
    return {
      result: after as AdminPricingOption,
      action: 'pricing-option.create',
      entityType: 'pricing-option',
      entityId: row.id,
      after,
    };
  });
}

export async function updatePricingOptionSetup(
  db: Database,
  change: StaffChange,
  id: number,
  input: z.input<typeof zPricingOptionUpdate>,
): Promise<AdminPricingOption> {
  requireOperatorWideChange(change);
  const values = parse(zPricingOptionUpdate, input);
  await optionOfOperator(db, change.clientId, id);
  return audited(db, change, async (tx) => {
    const before = await optionOfOperator(tx, change.clientId, id, true);
    if (values.for_members === true && !before.forMembers) {
      const others = (await listPricingOf(tx, before.activityId)).filter((o) => o.id !== id && !o.forMembers);
      if (others.length === 0) {
        throw AppError.validation({ for_members: ['An activity keeps at least one price for everyone.'] });
      }
    }
    const row = await updatePricingOptionRow(tx, id, {
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.for_members !== undefined ? { forMembers: values.for_members } : {}),
      ...(values.position !== undefined ? { position: values.position } : {}),
    });
    const option = (await listPricingOf(tx, row.activityId)).find((o) => o.id === id);
    const [after] = pricingOf(option ? [option] : []);
    return {
      result: after as AdminPricingOption,
      action: 'pricing-option.update',
      entityType: 'pricing-option',
      entityId: id,
      before: pricingOf([{ ...before, tickets: [] }])[0],
      after,
    };
  });
}

export async function createTicketSetup(
  db: Database,
  change: StaffChange,
  optionId: number,
  input: z.input<typeof zTicketCreate>,
): Promise<AdminPricingOption['tickets'][number]> {
  requireOperatorWideChange(change);
  const values = parse(zTicketCreate, input);
  const option = await optionOfOperator(db, change.clientId, optionId);
  return audited(db, change, async (tx) => {
    const row = await insertTicket(tx, {
      pricingOptionId: option.id,
      name: values.name,
      amount: values.amount,
      position: values.position,
    });
    const after = { id: row.id, name: row.name, amount: row.amount, position: row.position };
    return {
      result: after,
      action: 'ticket.create',
      entityType: 'ticket',
      entityId: row.id,
      after: { ...after, pricing_option_id: option.id },
    };
  });
}

/**
 * Changes a ticket's name or amount: the next basket add is priced with it; lines already in
 * baskets and orders keep the amount they were added at.
 */
export async function updateTicketSetup(
  db: Database,
  change: StaffChange,
  id: number,
  input: z.input<typeof zTicketUpdate>,
): Promise<AdminPricingOption['tickets'][number]> {
  requireOperatorWideChange(change);
  const values = parse(zTicketUpdate, input);
  const ticket = await findTicketById(db, id);
  if (!ticket) throw AppError.notFound();
  await optionOfOperator(db, change.clientId, ticket.pricingOptionId);
  return audited(db, change, async (tx) => {
    const before = await findTicketById(tx, id, true);
    if (!before) throw AppError.notFound();
    const row = Object.keys(values).length ? await updateTicketRow(tx, id, values) : before;
    const view = (t: typeof row) => ({ id: t.id, name: t.name, amount: t.amount, position: t.position });
    return {
      result: view(row),
      action: 'ticket.update',
      entityType: 'ticket',
      entityId: id,
      before: { ...view(before), pricing_option_id: before.pricingOptionId },
      after: { ...view(row), pricing_option_id: row.pricingOptionId },
    };
  });
}
