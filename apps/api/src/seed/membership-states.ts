import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { uploads, users } from '../db/schema';
import { addDays, addMonths, localDateOf } from '../lib/dates';
import { createCustomer } from '../modules/auth/auth.service';
import { requestCancellation } from '../modules/cancellations/cancellations.service';
import { recordDirectDebitHistory } from '../modules/direct-debit/direct-debit.service';
import {
  findOrCreateDocumentTypes,
  recordEligibilityDocument,
} from '../modules/eligibility-documents/eligibility-documents.service';
import { insertMembership, type MembershipRow } from '../modules/joining/joining.service';
import {
  changeMembershipType,
  getMembershipTypeBySlug,
} from '../modules/membership-catalogue/membership-setup.service';
import { systemChanger } from '../modules/membership-catalogue/setup-changer';
import { recordPenalty } from '../modules/penalties/penalties.service';
import { storeUpload } from '../modules/uploads/uploads.service';
import { optionOf } from './membership-options';
import type { SeededOperator } from './operator';

const password = 'Member-Pass-1';

/** A one-page PDF, the demo "scan" of a student card. */
const demoPdf = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * Demo members for membership management (issue 5), password Member-Pass-1:
 * - cancelled-notice@example.com: monthly Anytime Gym paid by direct debit, cancelled with notice
 *   (final payment date and final day set; no collection after it);
 * - debt@example.com: monthly Anytime Gym with two unpaid fees (cancelling goes through the basket);
 * - rejected-doc@example.com: Student membership whose card was rejected with a reason;
 * - pending-doc@example.com: Student membership whose document awaits review;
 * - suspended@example.com: Student membership suspended because no document came in time.
 * member@example.com keeps no membership. The Family type may not be cancelled online (refusal message).
 * `config` places the demo document files in the uploads folder; without it the rows point at
 * files that do not exist (downloads answer 404).
 */
export async function seedMembershipStates(
  db: Database,
  clientId: number,
  venues: SeededOperator['venues'],
  config?: Config,
  now = new Date(),
): Promise<void> {
  const venue = venues[0];
  if (!venue) throw new Error('seed: no venues');
  const today = localDateOf(now, 'Europe/London');
  const gym = await optionOf(db, clientId, 'anytime-gym', 'recurring');
  const student = await optionOf(db, clientId, 'student', 'recurring');

  // Operator settings the console's membership type form sets (issue 47), through its service.
  const setup = systemChanger(clientId);
  const family = await getMembershipTypeBySlug(db, clientId, 'family');
  await changeMembershipType(db, setup, family.type.id, {
    allow_online_cancellation: false,
    cancellation_refusal_message:
      'Family memberships cover several people, so please visit your home centre to cancel it.',
  });
  const anytime = await getMembershipTypeBySlug(db, clientId, 'anytime-gym');
  await changeMembershipType(db, setup, anytime.type.id, { cancellation_notice_days: 30 });

  async function member(email: string, firstName: string, lastName: string, dateOfBirth = '1990-03-21') {
    return createCustomer(db, clientId, {
      email,
      password,
      firstName,
      lastName,
      dateOfBirth,
      homeVenueId: venue?.id,
      addressLine1: '3 Wellington Place',
      town: 'Leeds',
      postcode: 'LS1 4AP',
      termsAcceptedAt: new Date(),
    });
  }

  async function membership(
    userId: number,
    chosen: typeof gym,
    startDate: string,
    extra: Partial<MembershipRow> = {},
  ): Promise<MembershipRow> {
    const billingDay = Math.min(Number(startDate.slice(8, 10)), 28);
    return insertMembership(db, {
      clientId,
      userId,
      membershipTypeId: chosen.type.id,
      paymentOptionId: chosen.option.id,
      homeVenueId: venue?.id as number,
      status: 'active',
      startDate,
      billingDay,
      firstBillingDate: addMonths(startDate, 1),
      costs: {
        joiningFee: chosen.option.joiningFee,
        baseFee: chosen.option.baseFee,
        proRataFee: 0,
        monthInHandFee: chosen.option.baseFee,
        discount: 0,
        totalToPayNow: chosen.option.joiningFee + chosen.option.baseFee,
        proRataDays: 0,
      },
      currency: 'GBP',
      activatedAt: new Date(`${startDate}T09:00:00Z`),
      ...extra,
    });
  }

  /** The member's document: a real file when the uploads folder is known. */
  async function uploadFor(userId: number, name: string): Promise<number> {
    if (config) {
      const row = await storeUpload(db, config, {
        userId,
        kind: 'eligibility_document',
        file: { buffer: demoPdf, originalName: name, format: 'pdf' },
      });
      return row.id;
    }
    const [row] = await db
      .insert(uploads)
      .values({
        userId,
        kind: 'eligibility_document',
        storedName: `${randomUUID()}.pdf`,
        originalName: name,
        contentType: 'application/pdf',
        size: demoPdf.length,
      })
      .returning();
    if (!row) throw new Error('seed: upload not written');
    return row.id;
  }

  const [studentCard, offerLetter] = await findOrCreateDocumentTypes(db, clientId, [
    'Student ID card',
    'UCAS or university offer letter',
  ]);
  if (!studentCard || !offerLetter) throw new Error('seed: document types not written');
  const [reviewer] = await db
    .select()
    .from(users)
    .where(and(eq(users.clientId, clientId), eq(users.role, 'administrator')))
    .limit(1);

  // Cancelled with notice: a year of direct debits, then the cancellation asked for today.
  const leaving = await member('cancelled-notice@example.com', 'Casey', 'Leaver');
  const leavingMembership = await membership(leaving.id, gym, addDays(addMonths(today, -13), -4));
  await recordDirectDebitHistory(db, {
    userId: leaving.id,
    membership: leavingMembership,
    amount: gym.option.baseFee,
    today,
  });
  await requestCancellation({ db }, { user: leaving }, leavingMembership.id, now);

  // Outstanding penalties: a late cancellation and a no-show at the home centre.
  const debtor = await member('debt@example.com', 'Dana', 'Owings');
  const debtMembership = await membership(debtor.id, gym, addMonths(today, -7));
  await recordDirectDebitHistory(db, {
    userId: debtor.id,
    membership: debtMembership,
    amount: gym.option.baseFee,
    today,
  });
  // Fees owed since before today, recorded through the penalties module.
  for (const penalty of [
    {
      clientId,
      userId: debtor.id,
      type: 'late_cancellation' as const,
      amount: 500,
      currency: 'GBP',
      venueId: venue.id,
      membershipId: debtMembership.id,
      description: 'Spin 45 - cancelled 2 hours before',
      createdAt: new Date(`${addDays(today, -18)}T18:30:00Z`),
    },
    {
      clientId,
      userId: debtor.id,
      type: 'no_show' as const,
      amount: 750,
      currency: 'GBP',
      venueId: venue.id,
      membershipId: debtMembership.id,
      description: 'Yoga Flow - not attended',
      createdAt: new Date(`${addDays(today, -6)}T09:15:00Z`),
    },
  ]) {
    await recordPenalty(db, penalty);
  }

  // A student whose card was rejected.
  const rejected = await member('rejected-doc@example.com', 'Riley', 'Student', '2005-10-02');
  // Paid for; checkout keeps a membership that needs proof pending until a document is approved.
  const rejectedMembership = await membership(rejected.id, student, addDays(today, -9), {
    requiresDocument: true,
    status: 'pending',
  });
  await recordEligibilityDocument(db, {
    clientId,
    membershipId: rejectedMembership.id,
    userId: rejected.id,
    criterionId: student.type.id,
    documentTypeId: studentCard.id,
    uploadId: await uploadFor(rejected.id, 'student-card.pdf'),
    status: 'rejected',
    rejectionReason: 'The card shown expired in July; please send your current student card',
    reviewedByUserId: reviewer?.id ?? null,
    reviewedAt: new Date(`${addDays(today, -2)}T11:00:00Z`),
    createdAt: new Date(`${addDays(today, -8)}T20:10:00Z`),
  });

  // A student whose document waits for review.
  const pending = await member('pending-doc@example.com', 'Parker', 'Student', '2004-01-19');
  const pendingMembership = await membership(pending.id, student, addDays(today, -4), {
    requiresDocument: true,
    status: 'pending',
  });
  await recordEligibilityDocument(db, {
    clientId,
    membershipId: pendingMembership.id,
    userId: pending.id,
    criterionId: student.type.id,
    documentTypeId: offerLetter.id,
    uploadId: await uploadFor(pending.id, 'offer-letter.pdf'),
    status: 'pending',
    createdAt: new Date(`${addDays(today, -1)}T08:45:00Z`),
  });

  // Suspended: joined 40 days ago, no document by the due date.
  const suspended = await member('suspended@example.com', 'Sam', 'Overdue', '2003-07-07');
  await membership(suspended.id, student, addDays(today, -40), {
    requiresDocument: true,
    status: 'suspended',
    suspendedForDocument: true,
    documentDueDate: addDays(today, -26),
  });
}
