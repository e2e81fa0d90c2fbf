import { cartMessages } from '@leisure/contract/cart';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { getCurrentClient } from '../operator/operator.service';
import { requireSelf } from './access';
import { hasPermission } from './permissions';
import { type Auth, requireAuth } from './session';

export type { CustomerRow } from './session.repository';

import {
  type CustomerRow,
  type CustomerStanding,
  findUserOfClient,
  type UserRow,
} from './session.repository';

// ---- Who is acting for whom --------------------------------------------------------------------------

/** The basket's customer and who is acting: the customer, or a front-of-house staff user for them. */
export interface Acting {
  clientId: number;
  actor: UserRow;
  customer: UserRow;
  membershipUserId: number | null;
  /** The customer holds an active membership: member prices apply. */
  isMember: boolean;
  /** The customer has ever been given credit (else their balance is not read). */
  hasCredit: boolean;
  isStaff: boolean;
  /** Prices are shown in the staff user's currency at front of house, else the operator's. */
  currency: string;
}

/**
 * Staff whose role gives `bookings.act-for-customer` must name the customer (`selected_user_id`), one
 * of this operator's customers (404 otherwise); anyone else may name only themselves (403 otherwise).
 * `membership_user_id`, when sent, must be the customer's own. The things such a call touches must be
 * the customer's (`actingFor`, session/access.ts).
 */
export async function resolveActing(
  deps: { db: Database; config: Config },
  auth: Auth,
  selectedUserId: number | undefined,
  membershipUserId?: number | undefined,
): Promise<Acting> {
  const client = await getCurrentClient(deps.db, deps.config);
  const isStaff = hasPermission(auth.user, 'bookings.act-for-customer');
  let customer: CustomerRow & CustomerStanding;
  if (isStaff) {
    if (selectedUserId === undefined) {
      throw AppError.validation({ selected_user_id: [cartMessages.customerRequired] });
    }
    const found = await findUserOfClient(deps.db, client.id, selectedUserId);
    if (found?.user.role !== 'customer') throw AppError.notFound();
    customer = found;
  } else {
    if (selectedUserId !== undefined) requireSelf(auth, selectedUserId);
    customer = {
      user: auth.user,
      membershipUserId: auth.membershipUserId,
      isMember: auth.isMember,
      hasCredit: auth.hasCredit,
    };
  }
  if (membershipUserId !== undefined && membershipUserId !== customer.membershipUserId) {
    throw new AppError('forbidden');
  }
  return {
    clientId: client.id,
    actor: auth.user,
    customer: customer.user,
    membershipUserId: customer.membershipUserId,
    isMember: customer.isMember,
    hasCredit: customer.hasCredit,
    isStaff,
    currency: isStaff ? auth.user.currency : client.currency,
  };
}

/** The acting pair of a request: its session's user, for themselves or (staff) for `selectedUserId`. */
export async function actingOf(
  deps: { db: Database; config: Config },
  request: FastifyRequest,
  selectedUserId: number | undefined,
  membershipUserId?: number | undefined,
): Promise<Acting> {
  return resolveActing(
    deps,
    await requireAuth(deps.db, deps.config, request),
    selectedUserId,
    membershipUserId,
  );
}

/** A user of the operator with their membership user and whether they hold an active membership. */
export function findCustomerOfClient(
  db: Database,
  clientId: number,
  userId: number,
): Promise<(CustomerRow & CustomerStanding) | undefined> {
  return findUserOfClient(db, clientId, userId);
}

/**
 * The acting pair a piece of work recorded earlier (a card payment finished by the reconciliation
 * job, with no request): the actor and the customer by id, in the currency the work used.
 */
export async function actingFromRecord(
  deps: { db: Database; config: Config },
  record: { actorId: number; customerId: number; currency: string },
): Promise<Acting | undefined> {
  const client = await getCurrentClient(deps.db, deps.config);
  const customer = await findUserOfClient(deps.db, client.id, record.customerId);
  const actor =
    record.actorId === record.customerId
      ? customer
      : await findUserOfClient(deps.db, client.id, record.actorId);
  if (!customer || !actor) return undefined;
  return {
    clientId: client.id,
    actor: actor.user,
    customer: customer.user,
    membershipUserId: customer.membershipUserId,
    isMember: customer.isMember,
    hasCredit: customer.hasCredit,
    isStaff: hasPermission(actor.user, 'bookings.act-for-customer'),
    currency: record.currency,
  };
}
