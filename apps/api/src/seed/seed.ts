import type { Config } from '../config';
import type { Database } from '../db/client';
import { hasAnyClient } from '../modules/operator/operator.service';
import { seedAccounts } from './accounts';
import { seedActivities } from './activities';
import { seedBaskets } from './baskets';
import { seedBookingHistory } from './bookings';
import { seedCourtBenefitMember } from './court-benefits';
import { seedDataFieldForms } from './data-field-forms';
import { seedDocumentsAndWaivers } from './documents';
import { seedGuestPasses } from './guest-passes';
import { seedMembershipFreezes } from './membership-freezes';
import { seedMembershipStates } from './membership-states';
import { seedMemberships } from './memberships';
import { seedOperator } from './operator';
import { seedPaymentsArea } from './payments';

/**
 * Seeds the demo data when the database has no client yet; answers whether it seeded. A restart
 * finds the client and keeps the data. Everything is written in one transaction, so a seed that
 * fails half-way leaves an empty database (and the next start tries again), and two processes
 * starting together cannot both seed: the second finds the client's slug taken and stops.
 */
export async function seedIfEmpty(db: Database, config: Config): Promise<boolean> {
  if (await hasAnyClient(db)) return false;
  return db.transaction(async (tx) => {
    const operator = await seedOperator(tx, config);
    if (!operator) return false;
    const homeVenue = operator.venues[0];
    if (!homeVenue) throw new Error('the seed needs at least one venue');
    await seedDataFieldForms(tx, operator.client.id);
    await seedAccounts(tx, config, operator.client.id, homeVenue.id);
    await seedActivities(tx, operator.client.id, operator.venues);
    await seedBaskets(tx, operator.client.id);
    await seedMemberships(tx, operator.client.id, operator.venues);
    // The my-account area: demo members whose accounts show every state the screens can show.
    await seedBookingHistory(tx, operator.client.id, operator.venues);
    await seedGuestPasses(tx, operator.client.id, operator.venues);
    await seedMembershipStates(tx, operator.client.id, operator.venues, config);
    await seedMembershipFreezes(tx, operator.client.id, operator.venues);
    await seedDocumentsAndWaivers(tx, operator.client.id, operator.venues, config);
    await seedPaymentsArea(tx, operator.client.id, operator.venues);
    await seedCourtBenefitMember(tx, operator.client.id, operator.venues);
    return true;
  });
}
