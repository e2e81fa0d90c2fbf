import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { getCurrentClient } from '../operator/operator.service';
import type { CustomerRow } from '../session/acting';
import type { Auth } from '../session/session';
import { searchCustomers } from './front-of-house.repository';

/**
 * Front of house: staff at a venue find a customer and act for them (every basket and checkout call
 * takes `selected_user_id`), and take offline tenders at checkout (`checkout/pay`, checkout's 'foh'
 * mode).
 */

/** `GET foh/customers?q=`: staff only; customers whose name, email, customer number or postcode matches. */
export async function findCustomers(
  deps: { db: Database; config: Config },
  auth: Auth,
  q: string,
): Promise<CustomerRow[]> {
  if (auth.user.role !== 'staff') throw new AppError('forbidden');
  const client = await getCurrentClient(deps.db, deps.config);
  return searchCustomers(deps.db, client.id, q);
}
