import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  directDebitMandates,
  directDebitSchedules,
  membershipPaymentOptions,
  membershipQuestions,
  membershipTypes,
} from '../../db/schema';
import { addDays, addMonths } from '../../lib/dates';
import { insertMembership } from '../../modules/joining/joining.service';
import { createUser } from './basket-fixtures';

/**
 * Members of the demo seed's membership types, for the membership lifecycle's tests (freezes,
 * renewals and changes): an active membership of a seeded type, with its required questions
 * answered, and a live direct debit instruction for it.
 */

/** Where the members are made: the seeded operator, one of its venues, and today's date there. */
export interface SeededPlace {
  db: Database;
  clientId: number;
  venueId: number;
  today: string;
}

export async function seededOption(db: Database, slug: string, paymentType: 'recurring' | 'fixed') {
  const [row] = await db
    .select({ type: membershipTypes, option: membershipPaymentOptions })
    .from(membershipTypes)
    .innerJoin(membershipPaymentOptions, eq(membershipPaymentOptions.membershipTypeId, membershipTypes.id))
    .where(and(eq(membershipTypes.slug, slug), eq(membershipPaymentOptions.paymentType, paymentType)));
  if (!row) throw new Error('no option');
  return row;
}

export async function seededMemberWith(
  at: SeededPlace,
  kind: 'monthly' | 'fixed',
  startDate = addMonths(at.today, -3),
  slug = 'anytime-gym',
) {
  const { db, clientId, venueId } = at;
  const customer = await createUser(db, clientId);
  const chosen = await seededOption(db, slug, kind === 'monthly' ? 'recurring' : 'fixed');
  const membership = await insertMembership(db, {
    clientId,
    userId: customer.user.id,
    membershipTypeId: chosen.type.id,
    paymentOptionId: chosen.option.id,
    homeVenueId: venueId,
    status: 'active',
    startDate,
    billingDay: kind === 'monthly' ? 1 : null,
    firstBillingDate: kind === 'monthly' ? addMonths(startDate, 1) : null,
    endDate: kind === 'fixed' ? addDays(addMonths(startDate, 12), -1) : null,
    costs: {
      joiningFee: 0,
      baseFee: chosen.option.baseFee,
      proRataFee: 0,
      monthInHandFee: 0,
      discount: 0,
      totalToPayNow: chosen.option.baseFee,
      proRataDays: 0,
    },
    currency: 'GBP',
    activatedAt: new Date(),
    answers: (
      await db
        .select()
        .from(membershipQuestions)
        .where(eq(membershipQuestions.membershipTypeId, chosen.type.id))
    )
      .filter((q) => q.isRequired)
      .map((q) => ({
        questionId: q.id,
        answer:
          q.type === 'checkbox'
            ? true
            : q.type === 'number'
              ? 1
              : q.type === 'date'
                ? '1990-01-01'
                : q.type === 'multi_select'
                  ? [q.options[0]?.value ?? 'x']
                  : (q.options[0]?.value ?? 'An answer'),
      })),
  });
  return { ...customer, membership };
}

/** A live direct debit instruction with this membership's schedule on it. */
export async function seededInstructionFor(at: SeededPlace, userId: number, membershipId: number) {
  const { db, today } = at;
  const [mandate] = await db
    .insert(directDebitMandates)
    .values({
      userId,
      membershipId,
      provider: 'sandbox',
      providerMandateId: `MD-test-${membershipId}`,
      reference: 'REF',
      status: 'active',
      accountHolderName: 'A',
      sortCode: '200000',
      accountNumberEnding: '11',
    })
    .returning();
  const [schedule] = await db
    .insert(directDebitSchedules)
    .values({
      mandateId: mandate?.id ?? 0,
      userId,
      membershipId,
      currency: 'GBP',
      amount: 3499,
      billingDay: 1,
      firstChargeDate: `${addMonths(today, 1).slice(0, 8)}01`,
    })
    .returning();
  return { mandateId: mandate?.id ?? 0, scheduleId: schedule?.id ?? 0 };
}
