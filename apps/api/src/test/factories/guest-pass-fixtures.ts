import type { Database } from '../../db/client';
import { memberships } from '../../db/schema';
import { addDays, localDateOf } from '../../lib/dates';
import { createMemberPackage, type MemberPackageRow } from '../../modules/guest-passes/guest-passes.service';
import { createClient, createVenue, type VenueRow } from '../../modules/operator/operator.service';
import { membershipFactory } from './membership-factory';

/**
 * Test data for guest passes: an operator with three venues and a membership type sold at two of
 * them with '2 guest passes a month'. Members get their active membership row directly (buying one
 * through checkout is the joining flow's subject, not this module's).
 */
export interface GuestPassFixture {
  clientId: number;
  /** Covered by the membership type. */
  leeds: VenueRow;
  york: VenueRow;
  /** Not covered by the membership type. */
  hull: VenueRow;
  typeId: number;
  optionId: number;
}

export async function createGuestPassFixture(db: Database): Promise<GuestPassFixture> {
  const client = await createClient(db, {
    slug: 'guest-operator',
    name: 'Guest Operator',
    appName: 'Guest Leisure',
    supportEmail: 'help@guest.example',
  });
  if (!client) throw new Error('client not created');
  const venue = (slug: string, name: string) =>
    createVenue(db, client.id, {
      slug,
      name,
      address1: '1 High Street',
      town: name,
      postcode: 'LS1 1AA',
      lat: 53.8,
      lng: -1.5,
    });
  const leeds = await venue('leeds', 'Leeds Central');
  const york = await venue('york', 'York Riverside');
  const hull = await venue('hull', 'Hull Docks');
  const { type, options } = await membershipFactory(db, client.id).createType({
    slug: 'gym-plus',
    name: 'Gym Plus',
    description: '<p>Gym with guests.</p>',
    coverage: 'local',
    categories: ['Gym'],
    soldAt: [leeds.id, york.id],
    benefits: [
      { name: 'Guest passes', kind: 'guest_pass', totalUses: 2, frequency: 'months' },
      { name: 'Towel', kind: 'other' },
    ],
    options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 3000 }],
  });
  const option = options[0];
  if (!option) throw new Error('payment option not created');
  return { clientId: client.id, leeds, york, hull, typeId: type.id, optionId: option.id };
}

/** An active membership of the fixture's type, started a month ago. */
export async function giveMembership(
  db: Database,
  f: GuestPassFixture,
  userId: number,
  status: 'active' | 'frozen' | 'cancelled' = 'active',
): Promise<number> {
  const [row] = await db
    .insert(memberships)
    .values({
      clientId: f.clientId,
      userId,
      membershipTypeId: f.typeId,
      paymentOptionId: f.optionId,
      homeVenueId: f.leeds.id,
      status,
      startDate: addDays(localDateOf(new Date(), 'Europe/London'), -30),
      billingDay: 1,
      costs: {
        joiningFee: 0,
        baseFee: 3000,
        proRataFee: 0,
        monthInHandFee: 3000,
        discount: 0,
        totalToPayNow: 3000,
        proRataDays: 0,
      },
      currency: 'GBP',
      activatedAt: new Date(),
    })
    .returning({ id: memberships.id });
  if (!row) throw new Error('membership not created');
  return row.id;
}

export async function givePackage(
  db: Database,
  f: GuestPassFixture,
  userId: number,
  values: Partial<Omit<MemberPackageRow, 'id' | 'clientId' | 'userId'>> = {},
): Promise<MemberPackageRow> {
  return createMemberPackage(db, {
    clientId: f.clientId,
    userId,
    name: 'Bring a friend bundle',
    description: 'Five guest passes and five swims.',
    usesTotal: 5,
    usesRemaining: 5,
    guestPassUsesTotal: 5,
    guestPassUsesRemaining: 5,
    venueIds: [],
    expiresAt: new Date(Date.now() + 90 * 86_400_000),
    ...values,
  });
}
