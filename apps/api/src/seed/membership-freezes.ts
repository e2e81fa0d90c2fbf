import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { membershipQuestions } from '../db/schema';
import { addDays, addMonths, localDateOf } from '../lib/dates';
import { createCustomer } from '../modules/auth/auth.service';
import { createFreezeType } from '../modules/freezes/freeze-type-setup.service';
import { recordFreeze } from '../modules/freezes/freezes.service';
import { insertMembership, type MembershipRow } from '../modules/joining/joining.service';
import { systemChanger } from '../modules/membership-catalogue/setup-changer';
import { optionOf } from './membership-options';
import type { SeededOperator } from './operator';

const password = 'Member-Pass-1';

/**
 * Demo data for freezes, renewals and changes (issue 5): the operator's freeze types and members
 * whose accounts show each state: frozen now, a freeze awaiting approval, a single payment
 * membership ending within the month (renewable), and a monthly one that can change.
 */
export async function seedMembershipFreezes(
  db: Database,
  clientId: number,
  venues: SeededOperator['venues'],
  now = new Date(),
): Promise<void> {
  // The operator's freeze types, through the console's service (issue 47).
  const setup = systemChanger(clientId);
  const medical = await createFreezeType(db, setup, {
    reason: 'Medical',
    time_periods: [1, 2, 3],
    proof_description: 'A letter or fit note from your doctor that covers the freeze period.',
    proof_document_type: "Doctor's note",
    max_start_days_ahead: 30,
    position: 0,
  });
  const travel = await createFreezeType(db, setup, {
    reason: 'Travel',
    time_periods: [1, 2, 3],
    max_start_days_ahead: 60,
    position: 1,
  });
  await createFreezeType(db, setup, {
    reason: 'Maternity',
    time_periods: [3, 6],
    proof_description: 'Your MATB1 maternity certificate.',
    proof_document_type: 'MATB1 certificate',
    max_start_days_ahead: 90,
    position: 2,
  });
  if (!medical || !travel) throw new Error('seed: freeze types not written');
  const venueId = venues[0]?.id;
  if (venueId === undefined) throw new Error('seed: no venues');
  const today = localDateOf(now, 'Europe/London');
  const monthly = await optionOf(db, clientId, 'anytime-gym', 'recurring');
  const fixed = await optionOf(db, clientId, 'anytime-gym', 'fixed');

  async function member(email: string, firstName: string, lastName: string) {
    return createCustomer(db, clientId, {
      email,
      password,
      firstName,
      lastName,
      dateOfBirth: '1990-06-15',
      homeVenueId: venueId,
      termsAcceptedAt: new Date(),
    });
  }

  // The answers the member gave when joining (the required questions of the type).
  const answers = (
    await db
      .select()
      .from(membershipQuestions)
      .where(eq(membershipQuestions.membershipTypeId, monthly.type.id))
  )
    .filter((question) => question.isRequired)
    .map((question) => ({
      questionId: question.id,
      answer:
        question.type === 'checkbox'
          ? true
          : question.type === 'multi_select'
            ? [question.options[0]?.value ?? 'other']
            : (question.options[0]?.value ?? 'Friend'),
    }));

  async function membership(
    userId: number,
    kind: 'monthly' | 'fixed',
    startDate: string,
    status: MembershipRow['status'] = 'active',
  ): Promise<MembershipRow> {
    const chosen = kind === 'monthly' ? monthly : fixed;
    const billingDay = Math.min(Number(startDate.slice(8, 10)), 28);
    return insertMembership(db, {
      clientId,
      userId,
      membershipTypeId: chosen.type.id,
      paymentOptionId: chosen.option.id,
      homeVenueId: venueId as number,
      status,
      startDate,
      billingDay: kind === 'monthly' ? billingDay : null,
      firstBillingDate: kind === 'monthly' ? addMonths(startDate, 1) : null,
      endDate: kind === 'fixed' ? addDays(addMonths(startDate, 12), -1) : null,
      costs: {
        joiningFee: chosen.option.joiningFee,
        baseFee: chosen.option.baseFee,
        proRataFee: 0,
        monthInHandFee: kind === 'monthly' ? chosen.option.baseFee : 0,
        discount: 0,
        totalToPayNow: chosen.option.joiningFee + chosen.option.baseFee,
        proRataDays: 0,
      },
      currency: 'GBP',
      answers,
      activatedAt: new Date(`${startDate}T09:00:00Z`),
    });
  }

  // Frozen now: a medical freeze approved last month, running for two months.
  const frozen = await member('frozen@example.com', 'Robin', 'Frost');
  const frozenMembership = await membership(frozen.id, 'monthly', addMonths(today, -8), 'frozen');
  const frozenFrom = addDays(today, -12);
  await recordFreeze(db, {
    membershipId: frozenMembership.id,
    userId: frozen.id,
    freezeTypeId: travel.id,
    startDate: frozenFrom,
    months: 2,
    status: 'active',
    reviewedAt: new Date(now.getTime() - 20 * 86_400_000),
    startedAt: new Date(`${frozenFrom}T00:05:00Z`),
  });

  // A freeze request waiting for staff (the membership stays active meanwhile).
  const pending = await member('freeze-pending@example.com', 'Casey', 'Waite');
  const pendingMembership = await membership(pending.id, 'monthly', addMonths(today, -5));
  await recordFreeze(db, {
    membershipId: pendingMembership.id,
    userId: pending.id,
    freezeTypeId: travel.id,
    startDate: addDays(today, 10),
    months: 1,
    status: 'pending_approval',
  });

  // A single payment year ending in 9 days: renewable now.
  const renewable = await member('renewable@example.com', 'Jamie', 'Renner');
  await membership(renewable.id, 'fixed', addDays(addMonths(today, -12), 10));

  // An active monthly membership that can change (e.g. to All Clubs).
  const changer = await member('change@example.com', 'Taylor', 'Chang');
  await membership(changer.id, 'monthly', addMonths(today, -3));
}
