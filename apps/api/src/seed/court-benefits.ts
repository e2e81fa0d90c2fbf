import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { memberships, users } from '../db/schema';
import { addDays, localDateOf, zonedTimeToUtc } from '../lib/dates';
import { createCustomer } from '../modules/auth/auth.service';
import { findActivityForBenefit, membershipFactory } from '../test/factories/membership-factory';
import type { SeededOperator } from './operator';

/**
 * The demo member whose membership makes badminton courts free: public booking clients written for
 * the original platform book a court and check out with `payments: []` as this member.
 */
export const demoCourtMember = { email: 'courts@example.com', password: 'Member-Pass-1' } as const;

/** Free court hire per week on each badminton activity (40 and 60 minutes). */
export const demoCourtBenefitUses = 4;

const london = 'Europe/London';

/**
 * courts@example.com: an active 'Racquets Club' membership (sold at reception, so not in the online
 * joining catalogue) at the home venue, whose benefits make 4 badminton courts a week free on each
 * badminton activity, as the original's racquet memberships do.
 */
export async function seedCourtBenefitMember(
  db: Database,
  clientId: number,
  venues: SeededOperator['venues'],
  now: Date = new Date(),
): Promise<void> {
  const [home] = venues;
  if (!home) throw new Error('the court benefit seed needs a venue');
  const benefits = [];
  for (const [slug, length] of [
    ['badminton-40min', '40 minute'],
    ['badminton-60min', '60 minute'],
  ] as const) {
    const activityId = await findActivityForBenefit(db, clientId, slug);
    if (!activityId) throw new Error(`the court benefit seed needs the ${slug} activity`);
    benefits.push({
      name: `Free badminton (${length})`,
      kind: 'activity' as const,
      activityId,
      discountPercent: 100,
      totalUses: demoCourtBenefitUses,
      frequency: 'weeks',
      description: `Book a ${length} badminton court free, ${demoCourtBenefitUses} times a week.`,
    });
  }
  const { type, options } = await membershipFactory(db, clientId).createType({
    slug: 'racquets-club',
    name: 'Racquets Club',
    description: '<p>Free badminton court hire every week, sold at reception.</p>',
    coverage: 'local',
    categories: ['Racquets'],
    // Not sold online (the joining catalogue lists only types sold at a venue); gives access at home.
    soldAt: [],
    accessOnly: [home.id],
    benefits,
    options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 2999 }],
    position: 100,
  });
  const option = options[0];
  if (!option) throw new Error('the Racquets Club type has no payment option');

  const today = localDateOf(now, london);
  const user = await createCustomer(db, clientId, {
    ...demoCourtMember,
    title: 'Ms',
    firstName: 'Priya',
    lastName: 'Natarajan',
    dateOfBirth: '1990-03-14',
    mobileNumber: '07700 900654',
    addressLine1: '21 Kirkstall Road',
    town: 'Leeds',
    postcode: 'LS4 2AZ',
    homeVenueId: home.id,
    termsAcceptedAt: now,
  });
  const startDate = addDays(today, -90);
  await db.insert(memberships).values({
    clientId,
    userId: user.id,
    membershipTypeId: type.id,
    paymentOptionId: option.id,
    homeVenueId: home.id,
    status: 'active',
    startDate,
    billingDay: 1,
    firstBillingDate: addDays(startDate, 31),
    costs: {
      joiningFee: 0,
      baseFee: 2999,
      proRataFee: 0,
      monthInHandFee: 2999,
      discount: 0,
      totalToPayNow: 2999,
      proRataDays: 0,
    },
    currency: 'GBP',
    activatedAt: zonedTimeToUtc(startDate, '09:00', london),
  });
  await db
    .update(users)
    .set({ createdAt: zonedTimeToUtc(startDate, '09:00', london) })
    .where(eq(users.id, user.id));
}
