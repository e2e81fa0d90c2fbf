import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { membershipUsers, users } from '../../db/schema';
import type { CustomerRow } from '../session/acting';

/** Customers whose name, email, customer number or postcode matches, best first (front of house). */
export async function searchCustomers(db: Database, clientId: number, q: string): Promise<CustomerRow[]> {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`).toLowerCase()}%`;
  return db
    .select({ user: users, membershipUserId: membershipUsers.id })
    .from(users)
    .leftJoin(membershipUsers, eq(membershipUsers.userId, users.id))
    .where(
      and(
        eq(users.clientId, clientId),
        eq(users.role, 'customer'),
        or(
          sql`lower(${users.email}) like ${like}`,
          sql`lower(${users.reference}) like ${like}`,
          sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}`,
          sql`lower(replace(${users.postcode}, ' ', '')) like ${like.replaceAll(' ', '')}`,
        ),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(20);
}
