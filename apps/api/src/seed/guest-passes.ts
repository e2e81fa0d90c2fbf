import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  membershipBenefits,
  membershipPaymentOptions,
  memberships,
  membershipTypes,
  users,
} from '../db/schema';
import { addDays, localDateOf, zonedTimeToUtc } from '../lib/dates';
import { createCustomer } from '../modules/auth/auth.service';
import {
  benefitPeriod,
  createMemberPackage,
  type NewGuestPassRow,
  newGuestPassCode,
  recordSentGuestPasses,
  validityFrom,
} from '../modules/guest-passes/guest-passes.service';
import type { SeededOperator } from './operator';

/** The demo member with guest passes to send, many pages of sent ones, and packages. */
export const demoGuestPassMember = { email: 'guests@example.com', password: 'Member-Pass-1' } as const;

const london = 'Europe/London';

const guestNames = [
  'Olivia Hughes',
  'Noah Clarke',
  'Amelia Wright',
  'George Evans',
  'Isla Thompson',
  'Leo Roberts',
  'Ava Walker',
  'Oscar Green',
  'Mia Hall',
  'Arthur Wood',
  'Freya Harris',
  'Harry Lewis',
];

/**
 * guests@example.com: a Family membership (4 guest passes a month at every venue) started a year
 * ago, 36 passes sent over the past eleven months (redeemed, expired and, this week, issued; one
 * today on the benefit, so at least three are left this month), a 'Bring a Friend' package with 7
 * of its 10 guest passes left, a swim card, and an expired package. member@example.com is left without a membership on purpose.
 */
export async function seedGuestPasses(
  db: Database,
  clientId: number,
  venues: SeededOperator['venues'],
  now: Date = new Date(),
): Promise<void> {
  const [home, second, third] = venues;
  if (!home || !second || !third) throw new Error('the guest pass seed needs three venues');
  const [family] = await db
    .select({ typeId: membershipTypes.id, optionId: membershipPaymentOptions.id })
    .from(membershipTypes)
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.membershipTypeId, membershipTypes.id))
    .where(and(eq(membershipTypes.clientId, clientId), eq(membershipTypes.slug, 'family')))
    .orderBy(asc(membershipPaymentOptions.position));
  if (!family) throw new Error('the guest pass seed needs the Family membership type');
  const [benefit] = await db
    .select()
    .from(membershipBenefits)
    .where(
      and(eq(membershipBenefits.membershipTypeId, family.typeId), eq(membershipBenefits.kind, 'guest_pass')),
    );
  if (!benefit) throw new Error('the Family membership type has no guest-pass benefit');

  const today = localDateOf(now, london);
  const user = await createCustomer(db, clientId, {
    ...demoGuestPassMember,
    title: 'Mr',
    firstName: 'Sam',
    lastName: 'Okafor',
    dateOfBirth: '1985-07-21',
    mobileNumber: '07700 900321',
    addressLine1: '3 Mill Lane',
    town: 'Leeds',
    postcode: 'LS6 2AB',
    homeVenueId: home.id,
    termsAcceptedAt: now,
  });
  const startDate = addDays(today, -365);
  const [membership] = await db
    .insert(memberships)
    .values({
      clientId,
      userId: user.id,
      membershipTypeId: family.typeId,
      paymentOptionId: family.optionId,
      homeVenueId: home.id,
      status: 'active',
      startDate,
      billingDay: 1,
      firstBillingDate: addDays(startDate, 31),
      costs: {
        joiningFee: 2500,
        baseFee: 6999,
        proRataFee: 0,
        monthInHandFee: 6999,
        discount: 0,
        totalToPayNow: 9499,
        proRataDays: 0,
      },
      currency: 'GBP',
      activatedAt: zonedTimeToUtc(startDate, '09:00', london),
    })
    .returning({ id: memberships.id });
  if (!membership) throw new Error('membership not created');

  const bringAFriend = await createMemberPackage(db, {
    clientId,
    userId: user.id,
    name: 'Bring a Friend 10',
    description: 'Ten guest passes for friends and family at Riverside Leisure Leeds and York.',
    usesTotal: 0,
    usesRemaining: 0,
    guestPassUsesTotal: 10,
    guestPassUsesRemaining: 7,
    venueIds: [home.id, second.id],
    expiresAt: zonedTimeToUtc(addDays(today, 120), '23:59', london),
    createdAt: zonedTimeToUtc(addDays(today, -60), '12:00', london),
  });
  await createMemberPackage(db, {
    clientId,
    userId: user.id,
    name: '10 Swim Card',
    description: 'Ten public or lane swims at any Riverside Leisure pool.',
    usesTotal: 10,
    usesRemaining: 4,
    venueIds: [],
    expiresAt: zonedTimeToUtc(addDays(today, 200), '23:59', london),
    createdAt: zonedTimeToUtc(addDays(today, -90), '12:00', london),
  });
  await createMemberPackage(db, {
    clientId,
    userId: user.id,
    name: 'Summer Classes 5',
    description: 'Five fitness classes over the summer.',
    usesTotal: 5,
    usesRemaining: 1,
    venueIds: [third.id],
    expiresAt: zonedTimeToUtc(addDays(today, -45), '23:59', london),
    createdAt: zonedTimeToUtc(addDays(today, -150), '12:00', london),
  });

  // Sent passes, oldest first: a few a month over eleven months (within each month's four), all on
  // the membership's benefit.
  const sentDaysAgo = [
    330, 322, 315, 301, 290, 284, 270, 262, 251, 240, 233, 221, 210, 202, 190, 181, 170, 163, 150, 142, 130,
    121, 111, 103, 95, 86, 74, 66, 55, 47, 38, 30,
  ];
  const rows: NewGuestPassRow[] = [];
  const venueCycle = [home, second, third, home];
  sentDaysAgo.forEach((daysAgo, index) => {
    const sentOn = addDays(today, -daysAgo);
    const venue = venueCycle[index % venueCycle.length] ?? home;
    const name = guestNames[index % guestNames.length] ?? 'Guest';
    const dates = validityFrom(zonedTimeToUtc(sentOn, '10:00', london), london);
    const redeemed = index % 3 !== 2;
    const period = benefitPeriod('months', sentOn, { startDate, endDate: null });
    rows.push({
      clientId,
      userId: user.id,
      venueId: venue.id,
      guestName: name,
      guestEmail: `${name.toLowerCase().replace(' ', '.')}@example.net`,
      code: newGuestPassCode(),
      status: redeemed ? 'redeemed' : 'expired',
      ...dates,
      redeemedAt: redeemed ? zonedTimeToUtc(addDays(dates.validFrom, index % 5), '18:30', london) : null,
      source: 'benefit',
      membershipId: membership.id,
      membershipBenefitId: benefit.id,
      allowancePeriodStart: period.start,
      createdAt: zonedTimeToUtc(sentOn, '10:00', london),
    });
  });
  // This week's: three from the package (one already redeemed) and one today from this month's benefit.
  for (const [offset, daysAgo] of [5, 3, 2, 0].entries()) {
    const sentOn = addDays(today, -daysAgo);
    const name = guestNames[(offset + 4) % guestNames.length] ?? 'Guest';
    const dates = validityFrom(zonedTimeToUtc(sentOn, '10:00', london), london);
    const fromBenefit = daysAgo === 0;
    const thisMonth = benefitPeriod('months', today, { startDate, endDate: null });
    rows.push({
      clientId,
      userId: user.id,
      venueId: offset % 2 === 0 ? home.id : second.id,
      guestName: name,
      guestEmail: `${name.toLowerCase().replace(' ', '.')}@example.net`,
      code: newGuestPassCode(),
      status: offset === 1 ? 'redeemed' : 'issued',
      ...dates,
      redeemedAt: offset === 1 ? zonedTimeToUtc(sentOn, '19:15', london) : null,
      source: fromBenefit ? 'benefit' : 'package',
      membershipId: fromBenefit ? membership.id : null,
      membershipBenefitId: fromBenefit ? benefit.id : null,
      allowancePeriodStart: fromBenefit ? thisMonth.start : null,
      memberPackageId: fromBenefit ? null : bringAFriend.id,
      // Today's went out an hour ago (whatever the time the seed runs).
      createdAt: fromBenefit ? new Date(now.getTime() - 3600_000) : zonedTimeToUtc(sentOn, '10:00', london),
    });
  }
  await recordSentGuestPasses(db, rows);

  // The account has been around for a year.
  await db
    .update(users)
    .set({ createdAt: zonedTimeToUtc(startDate, '09:00', london) })
    .where(eq(users.id, user.id));
}
