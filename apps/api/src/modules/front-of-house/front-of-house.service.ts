import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { getCurrentClient } from '../operator/operator.service';
import type { CustomerRow } from '../session/acting';
import { searchCustomers } from './front-of-house.repository';

/**
 * Front of house: staff at a venue find a customer and act for them (every basket and checkout call
 * takes `selected_user_id`), and take offline tenders at checkout (`checkout/pay`, checkout's 'foh'
 * mode).
 */

/**
 * `GET foh/customers?q=` (staff with `customers.search`, declared on the route): customers whose name,
 * email, customer number or postcode matches.
 */
export async function findCustomers(
  deps: { db: Database; config: Config },
  q: string,
): Promise<CustomerRow[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  return searchCustomers(deps.db, client.id, q);
}
