import { distanceMiles } from '@leisure/contract/geo';
import {
  type AdditionalQuestion,
  type Answer,
  type CostBreakdown,
  type JoiningVenue,
  membershipMessages,
  type SubmitMembershipRequest,
  type SubmitMembershipResponse,
} from '@leisure/contract/memberships';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../db/locks';
import type { MembershipAnswer, MembershipCosts } from '../../db/schema';
import { AppError, type FieldErrors } from '../../errors';
import { isLocalDate, localDateOf } from '../../lib/dates';
import { addMembershipLine, removeMembershipLine } from '../basket/membership-lines.service';
import { unansweredRequiredFields } from '../data-fields/data-fields.service';
import { findValidatedBankDetails, instructionFlagsOf } from '../direct-debit/direct-debit.service';
import { costBreakdown } from '../membership-catalogue/membership-catalogue.presenters';
import {
  findOption,
  findType,
  findVenueOfClient,
  ineligibilityReason,
  isTypeSoldAt,
  listLiveMembershipsOfUser,
  type MembershipDeps,
  type MembershipTypeRow,
  membershipTimeZone,
  type PaymentOptionRow,
  priceChoice,
} from '../membership-catalogue/membership-catalogue.service';
import { startDateBounds } from '../membership-catalogue/pricing';
import { getCurrentClient, listTermsIn } from '../operator/operator.service';
import { returnPromotionUse, takePromotionUse } from '../promotions/promotions.service';
import { requireAccess } from '../session/access';
import { type Acting, resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import { describeMembership, describeQuestion } from './joining.presenters';
import {
  deleteDraftsWithoutLine,
  findMembership,
  insertMembership,
  listDraftsOfUser,
  listQuestionsOfType,
  listVenuesOfClient,
  type MembershipRow,
  type QuestionRow,
  updateMembership,
} from './joining.repository';

// ---- Additional questions -----------------------------------------------------------------------------

/** `GET api/custom-questions/memberships/{typeId}`: the questions asked when joining that type. */
export async function listMembershipQuestions(
  deps: MembershipDeps,
  typeId: number,
): Promise<AdditionalQuestion[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const type = await findType(deps.db, client.id, typeId);
  if (!type) throw AppError.notFound(membershipMessages.typeNotFound);
  return (await listQuestionsOfType(deps.db, typeId)).map((q) => describeQuestion(q, []));
}

function isEmptyAnswer(value: Answer['answer'] | undefined): boolean {
  return (
    value === undefined ||
    value === null ||
    value === false ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/**
 * Checks answers against a type's questions (spec 5): required ones answered ('{label} is
 * required.'), dates valid and not after today, numbers numeric, choices among the options.
 * Errors are keyed `answers.{questionId}`. Answers to unknown questions are refused.
 */
function checkAnswers(questions: QuestionRow[], answers: Answer[], today: string): MembershipAnswer[] {
  const errors: FieldErrors = {};
  const byId = new Map(answers.map((a) => [a.question_id, a.answer]));
  for (const answer of answers) {
    if (!questions.some((q) => q.id === answer.question_id)) {
      errors[`answers.${answer.question_id}`] = ['Unknown question.'];
    }
  }
  const stored: MembershipAnswer[] = [];
  for (const question of questions) {
    const key = `answers.${question.id}`;
    const value = byId.get(question.id);
    if (isEmptyAnswer(value)) {
      if (question.isRequired) errors[key] = [membershipMessages.answerRequired(question.label)];
      continue;
    }
    const values = question.options.map((o) => o.value);
    let problem: string | null = null;
    switch (question.type) {
      case 'date': {
        if (typeof value !== 'string' || !isLocalDate(value)) problem = membershipMessages.dateInvalid;
        else if (value > today) problem = membershipMessages.dateInFuture;
        break;
      }
      case 'number':
        if (
          !(typeof value === 'number' || (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())))
        ) {
          problem = membershipMessages.numberInvalid;
        }
        break;
      case 'select':
        if (typeof value !== 'string' || !values.includes(value)) problem = membershipMessages.optionInvalid;
        break;
      case 'multi_select':
        if (!Array.isArray(value) || value.some((v) => !values.includes(v)))
          problem = membershipMessages.optionInvalid;
        break;
      case 'checkbox':
        if (typeof value !== 'boolean') problem = membershipMessages.optionInvalid;
        break;
      case 'text':
        if (typeof value !== 'string') problem = membershipMessages.optionInvalid;
        break;
    }
    if (problem) errors[key] = [problem];
    else stored.push({ questionId: question.id, answer: value ?? null });
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  return stored;
}

/** `POST api/custom-questions/memberships/{membershipId}`: the customer's answers for their membership. */
export async function answerMembershipQuestions(
  deps: MembershipDeps,
  auth: Auth,
  membershipId: number,
  answers: Answer[],
): Promise<AdditionalQuestion[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  // Others' memberships answer 404; staff may answer for a customer.
  const membership = requireAccess(auth, await findMembership(deps.db, client.id, membershipId), {
    staff: 'bookings.act-for-customer',
  });
  const questions = await listQuestionsOfType(deps.db, membership.membershipTypeId);
  const stored = checkAnswers(
    questions,
    answers,
    localDateOf(new Date(), await membershipTimeZone(deps, membership)),
  );
  await updateMembership(deps.db, membership.id, { answers: stored });
  return questions.map((q) => describeQuestion(q, stored));
}

// ---- GET api/online-joining/venues --------------------------------------------------------------------

export async function listJoiningVenues(
  deps: MembershipDeps,
  query: { lat?: number | undefined; lng?: number | undefined; radius?: number | undefined },
): Promise<JoiningVenue[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const rows = await listVenuesOfClient(deps.db, client.id);
  const venues = rows.map((v) => ({
    id: v.id,
    name: v.name,
    slug: v.slug,
    address1: v.address1,
    address2: v.address2,
    town: v.town,
    postcode: v.postcode,
    lat: v.lat,
    lng: v.lng,
    venue_type: v.venueType,
    can_display_ineligible_memberships: v.canDisplayIneligibleMemberships,
    distance:
      query.lat !== undefined && query.lng !== undefined
        ? Math.round(distanceMiles({ lat: query.lat, lng: query.lng }, v) * 100) / 100
        : null,
  }));
  if (query.lat === undefined) return venues;
  const radius = query.radius;
  return venues
    .filter((v) => radius === undefined || (v.distance ?? 0) <= radius)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
}

// ---- POST api/online-joining/memberships ----------------------------------------------------------------

/**
 * A renewal or a change (issue 5): the new membership follows on from one of the customer's own
 * memberships, so the one-per-type rule does not count that one, and its start-date limits apply.
 */
export interface MembershipSuccession {
  kind: 'renews' | 'replaces';
  membership: MembershipRow;
  startDateBounds: { min: string; max: string };
  /** A renewal carries on the renewed membership's accepted terms (the renew modal asks for none). */
  termsInherited?: boolean;
  /**
   * A change's own price (docs/decisions/019-change-pricing.md), not joining's: what the basket line
   * charges and the membership records (its costs, first collection and billing day).
   */
  price?: {
    costs: MembershipCosts;
    billingDay: number | null;
    firstBillingDate: string | null;
    endDate: string | null;
  };
}

export interface SubmittedMembership {
  membership: MembershipRow;
  cart: { id: number; uuid: string };
  itemId: number;
  type: MembershipTypeRow;
  option: PaymentOptionRow;
  costs: CostBreakdown;
  newMandate: boolean;
}

/**
 * Creates a DRAFT membership for the signed-in customer (or the customer a staff user names) with
 * its basket line (docs/decisions/018): checks the type is sold at the home venue, the customer's
 * eligibility (422 'You are ineligible for this membership' with the reason under
 * `membership_type_id`), no pending or active membership of the type, the dates, the promotion (a
 * use is taken), the answers, the health commitment and membership terms, and the direct-debit
 * token for a recurring payer without an instruction. The draft becomes the membership when the
 * basket is paid (membership-lifecycle/activation.service.ts).
 */
export async function submitNewMembership(
  deps: MembershipDeps,
  acting: Acting,
  request: SubmitMembershipRequest,
  succession?: MembershipSuccession,
): Promise<SubmittedMembership> {
  const { customer, membershipUserId } = acting;
  const client = await getCurrentClient(deps.db, deps.config);
  const type = await findType(deps.db, client.id, request.membership_type_id);
  if (!type) throw AppError.validation({ membership_type_id: [membershipMessages.typeNotFound] });
  const venue = await findVenueOfClient(deps.db, client.id, request.home_venue_id);
  if (!venue) throw AppError.validation({ home_venue_id: [membershipMessages.notAtVenue] });
  if (!(await isTypeSoldAt(deps.db, type.id, venue.id))) {
    throw AppError.validation({ home_venue_id: [membershipMessages.notAtVenue] });
  }
  const today = localDateOf(new Date(), venue.timezone);
  const reason = ineligibilityReason(type.eligibility, customer, request.start_date);
  if (reason) throw AppError.validation({ membership_type_id: [reason] }, membershipMessages.ineligible);
  // Live memberships are paid for (drafts are not among them): one of the type blocks.
  const live = await listLiveMembershipsOfUser(deps.db, customer.id);
  const same = live.find((m) => m.membershipTypeId === type.id && m.id !== succession?.membership.id);
  if (same) {
    throw AppError.validation({
      membership_type_id: [
        same.status === 'pending' ? membershipMessages.alreadyPending : membershipMessages.alreadyActive,
      ],
    });
  }
  const flags = await instructionFlagsOf(deps.db, customer.id);
  const hasBillingDate = flags.billingDay !== null;
  const found = await findOption(deps.db, client.id, request.payment_option_id);
  if (!found || found.type.id !== type.id) {
    throw AppError.validation({ payment_option_id: [membershipMessages.optionNotForType] });
  }
  const option = found.option;
  const errors: FieldErrors = {};
  const bounds = succession?.startDateBounds ?? startDateBounds(today);
  if (request.start_date < bounds.min) errors.start_date = [membershipMessages.startDatePast];
  else if (request.start_date > bounds.max) errors.start_date = [membershipMessages.startDateTooLate];
  if (option.paymentType === 'recurring' && !hasBillingDate && request.billing_day === undefined) {
    errors.billing_day = [membershipMessages.billingDayRequired];
  }
  const newMandate = option.paymentType === 'recurring' && !flags.hasInstruction;
  if (newMandate && !request.direct_debit) errors.direct_debit = [membershipMessages.directDebitRequired];
  const requiredTerms = await listTermsIn(deps.db, deps.config, ['health_commitment', 'membership']);
  const missingTerms = succession?.termsInherited
    ? []
    : requiredTerms.filter((term) => !request.terms.includes(term.id));
  if (missingTerms.length > 0) errors.terms = [membershipMessages.termsRequired];
  // Joining asks for the membership_purchase details first ('Your details'); a renewal or a change
  // from my account does not, so only a new membership needs them answered.
  if (!succession) {
    Object.assign(
      errors,
      await unansweredRequiredFields(deps.db, client.id, 'membership_purchase', customer),
    );
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
  // A change answers its type's questions after it is submitted (joining-and-payments.md 4).
  const answers =
    succession?.kind === 'replaces'
      ? []
      : checkAnswers(await listQuestionsOfType(deps.db, type.id), request.answers, today);
  // The bank details behind the token must still be live and the customer's (422 `direct_debit.token`).
  if (newMandate && request.direct_debit)
    await findValidatedBankDetails(deps.db, customer.id, request.direct_debit.token);

  const choice = await priceChoice(
    deps,
    type.id,
    option.id,
    {
      startDate: request.start_date,
      billingDay: request.billing_day,
      venueId: venue.id,
      promotionId: request.promotion_code_id,
      bounds: succession?.startDateBounds,
    },
    flags.billingDay,
  );
  const price = choice.price;
  const promotionId = price.promotionApplied && choice.promotion ? choice.promotion.id : null;
  // A change is priced by its own rule (no joining fee; docs/decisions/019).
  const own = succession?.price;
  let written: { membership: MembershipRow; cart: { id: number; uuid: string }; itemId: number };
  try {
    written = await deps.db.transaction(async (tx) => {
      // Starting another joining, renewal or change replaces the draft of the last one left unpaid.
      await discardDraftsOfUser(tx, customer.id);
      // One use of the code per membership, taken with the membership or not at all.
      if (promotionId !== null && !(await takePromotionUse(tx, promotionId))) {
        throw AppError.validation(
          { promotion_code_id: [membershipMessages.codeNotRecognised] },
          membershipMessages.codeNotRecognised,
        );
      }
      const membership = await insertMembership(tx, {
        clientId: client.id,
        userId: customer.id,
        membershipUserId,
        membershipTypeId: type.id,
        paymentOptionId: option.id,
        homeVenueId: venue.id,
        status: 'draft',
        startDate: request.start_date,
        billingDay: own ? own.billingDay : price.billingDay,
        firstBillingDate: own ? own.firstBillingDate : price.firstBillingDate,
        endDate: own ? own.endDate : price.endDate,
        promotionId,
        answers,
        acceptedTermIds: request.terms,
        costs: own?.costs ?? {
          joiningFee: price.joiningFee,
          baseFee: price.baseFee,
          proRataFee: price.proRataFee,
          monthInHandFee: price.monthInHandFee,
          discount: price.discount,
          totalToPayNow: price.totalToPayNow,
          proRataDays: price.proRataDays,
        },
        currency: choice.currency,
        requiresDocument: type.eligibility?.requiresDocument ?? false,
        directDebitToken: newMandate ? (request.direct_debit?.token ?? null) : null,
        renewsMembershipId: succession?.kind === 'renews' ? succession.membership.id : null,
        replacesMembershipId: succession?.kind === 'replaces' ? succession.membership.id : null,
      });
      const line = await addMembershipLine(tx, deps.config, acting, {
        membershipId: membership.id,
        venueId: venue.id,
        amount: own ? own.costs.totalToPayNow : price.totalToPayNow,
      });
      return { membership, cart: { id: line.cart.id, uuid: line.cart.uuid }, itemId: line.itemId };
    });
  } catch (error) {
    // The partial unique index: a concurrent submission of the same type won.
    if (isUniqueViolation(error)) {
      throw AppError.validation({ membership_type_id: [membershipMessages.alreadyPending] });
    }
    throw error;
  }
  return { ...written, type, option, costs: costBreakdown(choice), newMandate };
}

/**
 * The customer's drafts still in an open basket are replaced by a new submission: their lines go,
 * then the drafts themselves (no record is left) and the promotion uses they took. A draft an order
 * has paid for is left to its activation.
 */
async function discardDraftsOfUser(tx: Database, userId: number): Promise<void> {
  const drafts = await listDraftsOfUser(tx, userId);
  for (const draft of drafts) await removeMembershipLine(tx, draft.id);
  await discardDrafts(
    tx,
    drafts.map((draft) => draft.id),
  );
}

/**
 * Deletes draft memberships whose basket line is gone (removed, the basket cleared, run out or
 * replaced) and gives back the promotion use each took, in one transaction. With no ids, every such
 * draft: the membership jobs' safety net for a handler that never ran (a crash after the basket
 * committed). Answers how many went.
 */
export async function discardDrafts(db: Database, membershipIds?: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await deleteDraftsWithoutLine(tx, membershipIds);
    for (const draft of gone) {
      if (draft.promotionId !== null) await returnPromotionUse(tx, draft.promotionId);
    }
    return gone.length;
  });
}

/** The submit call: acts for the signed-in customer (or the customer a staff user names). */
export async function submitMembershipToBasket(
  deps: MembershipDeps,
  auth: Auth,
  request: SubmitMembershipRequest,
): Promise<SubmitMembershipResponse['data']> {
  const acting = await resolveActing(deps, auth, request.selected_user_id);
  const submitted = await submitNewMembership(deps, acting, request);
  return {
    membership: describeMembership(submitted.membership, submitted.type, submitted.option),
    cart: submitted.cart,
    cart_item_id: submitted.itemId,
    costs: submitted.costs,
    new_mandate: submitted.newMandate,
  };
}

/** Writes a membership row as given: the seed's demo states (tests and the seed only). */
export { insertMembership, type MembershipRow } from './joining.repository';
