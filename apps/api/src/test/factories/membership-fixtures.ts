import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, membershipTypes, penalties } from '../../db/schema';
import { addDays } from '../../lib/dates';
import type { MembershipRow } from '../../modules/joining/joining.service';
import { membershipFactory } from './membership-factory';

/** Membership types for the management tests: monthly, single payment, student (proof), no online cancel. */
export async function createManagementTypes(db: Database, clientId: number, venueId: number) {
  const factory = membershipFactory(db, clientId);
  const gym = await factory.createType({
    slug: 'mm-gym',
    name: 'Anytime Gym',
    description: '<p>Gym</p>',
    coverage: 'Leeds',
    categories: ['Gym'],
    soldAt: [venueId],
    benefits: [{ name: 'Guest passes', kind: 'guest_pass', totalUses: 2, frequency: 'months' }],
    options: [
      { name: 'Monthly', paymentType: 'recurring', baseFee: 3000, joiningFee: 1000 },
      { name: 'Annual', paymentType: 'fixed', baseFee: 30000, fixedDuration: 12, fixedPeriod: 'month' },
    ],
  });
  const student = await factory.createType({
    slug: 'mm-student',
    name: 'Student Gym',
    description: '<p>Students</p>',
    coverage: 'Leeds',
    categories: ['Gym'],
    soldAt: [venueId],
    eligibility: {
      name: 'Student',
      minAge: 16,
      maxAge: null,
      requiresDocument: true,
      documentTypes: ['Student ID card', 'NUS card'],
    },
    options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 1800 }],
  });
  const corporate = await factory.createType({
    slug: 'mm-corporate',
    name: 'Corporate',
    description: '<p>Corporate</p>',
    coverage: 'national',
    categories: ['Gym'],
    soldAt: [venueId],
    options: [{ name: 'Monthly', paymentType: 'recurring', baseFee: 2500 }],
  });
  await db
    .update(membershipTypes)
    .set({
      allowOnlineCancellation: false,
      cancellationRefusalMessage: 'Corporate memberships are cancelled through your employer.',
    })
    .where(eq(membershipTypes.id, corporate.type.id));
  const option = (made: typeof gym, paymentType: 'recurring' | 'fixed') => {
    const found = made.options.find((o) => o.paymentType === paymentType);
    if (!found) throw new Error(`no ${paymentType} option`);
    return found;
  };
  return {
    gym: gym.type,
    gymMonthly: option(gym, 'recurring'),
    gymAnnual: option(gym, 'fixed'),
    student: student.type,
    studentMonthly: option(student, 'recurring'),
    corporate: corporate.type,
    corporateMonthly: option(corporate, 'recurring'),
  };
}

/** A membership row as checkout leaves it (active and activated), with overrides. */
export async function insertMembership(
  db: Database,
  values: {
    clientId: number;
    userId: number;
    typeId: number;
    optionId: number;
    venueId: number;
    startDate: string;
  } & Partial<typeof memberships.$inferInsert>,
): Promise<MembershipRow> {
  const { clientId, userId, typeId, optionId, venueId, startDate, ...rest } = values;
  const [row] = await db
    .insert(memberships)
    .values({
      clientId,
      userId,
      membershipTypeId: typeId,
      paymentOptionId: optionId,
      homeVenueId: venueId,
      status: 'active',
      startDate,
      costs: {
        joiningFee: 0,
        baseFee: 0,
        proRataFee: 0,
        monthInHandFee: 0,
        discount: 0,
        totalToPayNow: 0,
        proRataDays: 0,
      },
      currency: 'GBP',
      activatedAt: new Date(),
      ...rest,
    })
    .returning();
  if (!row) throw new Error('membership not inserted');
  return row;
}

export async function insertPenalty(
  db: Database,
  values: { clientId: number; userId: number; venueId: number; amount: number; description?: string },
) {
  const [row] = await db
    .insert(penalties)
    .values({
      clientId: values.clientId,
      userId: values.userId,
      venueId: values.venueId,
      type: 'late_cancellation',
      amount: values.amount,
      currency: 'GBP',
      description: values.description ?? 'Spin class',
    })
    .returning();
  if (!row) throw new Error('penalty not inserted');
  return row;
}

/** A multipart body with text fields and one file. */
export function multipartBody(
  fields: Record<string, string | number>,
  file?: { name: string; type: string; bytes: Buffer },
) {
  const boundary = '----membership-test';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const pngBytes = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cf' +
    'c0f01f0005000201a1e6a0a80000000049454e44ae426082',
  'hex',
);
export const htmlBytes = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');

/** Where the management tests make memberships: the operator, its venue, its types and today. */
export interface ManagementPlace {
  db: Database;
  clientId: number;
  venueId: number;
  types: Awaited<ReturnType<typeof createManagementTypes>>;
  today: string;
}

/** An active membership of one of the management types, started 200 days ago. */
export function membershipOfKind(
  at: ManagementPlace,
  userId: number,
  kind: 'monthly' | 'annual' | 'student' | 'corporate',
  extra: Partial<typeof memberships.$inferInsert> = {},
) {
  const { types, today } = at;
  const pick = {
    monthly: [types.gym.id, types.gymMonthly.id],
    annual: [types.gym.id, types.gymAnnual.id],
    student: [types.student.id, types.studentMonthly.id],
    corporate: [types.corporate.id, types.corporateMonthly.id],
  }[kind] as [number, number];
  const recurring = kind !== 'annual';
  return insertMembership(at.db, {
    clientId: at.clientId,
    userId,
    typeId: pick[0],
    optionId: pick[1],
    venueId: at.venueId,
    startDate: addDays(today, -200),
    billingDay: recurring ? 1 : null,
    firstBillingDate: recurring ? addDays(today, -170) : null,
    endDate: recurring ? null : addDays(today, 165),
    activatedAt: new Date(`${extra.startDate ?? addDays(today, -200)}T09:00:00Z`),
    ...extra,
  });
}
