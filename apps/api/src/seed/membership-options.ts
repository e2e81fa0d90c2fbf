import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { membershipPaymentOptions, membershipTypes } from '../db/schema';

/** A seeded membership type (by slug) and its payment option of one kind, for the demo members. */
export async function optionOf(
  db: Database,
  clientId: number,
  slug: string,
  paymentType: 'recurring' | 'fixed',
) {
  const [row] = await db
    .select({ type: membershipTypes, option: membershipPaymentOptions })
    .from(membershipTypes)
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.membershipTypeId, membershipTypes.id))
    .where(
      and(
        eq(membershipTypes.clientId, clientId),
        eq(membershipTypes.slug, slug),
        eq(membershipPaymentOptions.paymentType, paymentType),
      ),
    )
    .limit(1);
  if (!row) throw new Error(`seed: no ${paymentType} option of ${slug}`);
  return row;
}
