import {
  type AdditionalQuestion,
  type Answer,
  type CostBreakdown,
  type JoiningVenue,
  type MembershipMoney,
  type MembershipSummary,
  type MembershipType,
  membershipLimits,
  membershipMessages,
  type PaymentOption,
  type PaymentOptionPriceQuery,
  type SubmitMembershipRequest,
  type SubmitMembershipResponse,
} from '@leisure/contract/memberships';
import { formatMoney } from '@leisure/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { MembershipAnswer, MembershipEligibility, membershipPromotions } from '../../db/schema';
import { AppError, type FieldErrors } from '../../errors';
import type { DirectDebitProvider } from '../../providers/direct-debit/direct-debit-provider';
import { addMembershipLine, removeMembershipLine } from '../cart/cart.service';
import {
  cancelCollections,
  createMandate,
  findValidatedBankDetails,
  instructionFlagsOf,
  scheduleCollections,
} from '../direct-debit/direct-debit.service';
import type { Mailer } from '../mail/mail.service';
import { membershipWelcomeEmail } from '../mail/templates';
import { getCurrentClient, listTerms } from '../operator/operator.service';
import { getBrand } from '../operator/theme.service';
import { type Acting, resolveActing } from '../session/acting';
import type { Auth } from '../session/session';
import {
  findActivityIdBySlug,
  findMembership,
  findMembershipById,
  findOption,
  findPaymentOption,
  findPromotion,
  findPromotionByCode,
  findPromotionById,
  findType,
  findTypeById,
  findUserById,
  findVenueOfClient,
  insertBenefits,
  insertCategory,
  insertMembership,
  insertOptions,
  insertPromotion,
  insertQuestions,
  insertType,
  insertTypeLinks,
  isTypeSoldAt,
  listLiveMembershipsOfUser,
  listOrderedMembershipIds,
  listPromotionsOfClient,
  listQuestionsOfType,
  listTypeDetailsSoldAt,
  listVenuesOfClient,
  type MembershipRow,
  type MembershipTypeRow,
  markMembershipPaid,
  type PaymentOptionRow,
  type PromotionRow,
  type QuestionRow,
  returnPromotionUse,
  takePromotionUse,
  updateMembership,
  type VenueRow,
} from './memberships.repository';
import {
  addDays,
  discountedCollections,
  type MembershipPrice,
  type PricedOption,
  type PricedPromotion,
  PriceError,
  prettyDate,
  priceMembership,
  promotionFitsOption,
  startDateBounds,
} from './pricing';

export interface MembershipDeps {
  db: Database;
  config: Config;
}

type UserRow = Auth['user'];

// ---- Small helpers ------------------------------------------------------------------------------------

export function money(raw: number, currency: string): MembershipMoney {
  return { raw, formatted: formatMoney(raw, currency), decimal: (raw / 100).toFixed(2) };
}

/** Today's calendar date in a time zone ('YYYY-MM-DD'). */
export function todayIn(timeZone: string, now = new Date()): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** One formatter per time zone: building an Intl.DateTimeFormat costs about 50 µs, formatting 1 µs. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function ageOn(dateOfBirth: string, onDate: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = onDate.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Why a customer may not buy a type (null: eligible). Proof documents are asked for after checkout. */
export function ineligibilityReason(
  eligibility: MembershipEligibility | null,
  user: Pick<UserRow, 'dateOfBirth'>,
  onDate: string,
): string | null {
  if (!eligibility || (eligibility.minAge === null && eligibility.maxAge === null)) return null;
  if (!user.dateOfBirth)
    return `Add your date of birth to your details to buy a ${eligibility.name} membership.`;
  const age = ageOn(user.dateOfBirth, onDate);
  const { minAge, maxAge } = eligibility;
  if ((minAge !== null && age < minAge) || (maxAge !== null && age > maxAge)) {
    if (minAge !== null && maxAge !== null)
      return `${eligibility.name} memberships are for ages ${minAge} to ${maxAge}.`;
    if (minAge !== null) return `${eligibility.name} memberships are for ages ${minAge} and over.`;
    return `${eligibility.name} memberships are for ages ${maxAge} and under.`;
  }
  return null;
}

function pricedOption(row: PaymentOptionRow): PricedOption {
  return {
    paymentType: row.paymentType,
    baseFee: row.baseFee,
    joiningFee: row.joiningFee,
    monthInHand: row.monthInHand,
    fixedDuration: row.fixedDuration,
    fixedPeriod: row.fixedPeriod,
  };
}

function pricedPromotion(row: PromotionRow): PricedPromotion {
  return {
    discountKind: row.discountKind,
    discountValue: row.discountValue,
    appliesTo: row.appliesTo,
    months: row.months,
  };
}

/** Why a promotion cannot be used for an option on a date (null: usable). */
function promotionProblem(promotion: PromotionRow, option: PaymentOptionRow, today: string): string | null {
  if (promotion.validFrom && today < promotion.validFrom) return 'not started';
  if (promotion.validTo && today > promotion.validTo) return 'expired';
  if (promotion.usageLimit !== null && promotion.usedCount >= promotion.usageLimit) return 'exhausted';
  if (promotion.paymentOptionIds.length > 0 && !promotion.paymentOptionIds.includes(option.id))
    return 'other option';
  if (!promotionFitsOption(pricedPromotion(promotion), pricedOption(option))) return 'other payment type';
  return null;
}

async function clientToday(
  deps: MembershipDeps,
  venueId?: number,
): Promise<{ clientId: number; currency: string; today: string; venue: VenueRow | undefined }> {
  const client = await getCurrentClient(deps.db, deps.config);
  const venue = venueId === undefined ? undefined : await findVenueOfClient(deps.db, client.id, venueId);
  return {
    clientId: client.id,
    currency: client.currency,
    today: todayIn(venue?.timezone ?? 'Europe/London'),
    venue,
  };
}

// ---- GET api/memberships/types ------------------------------------------------------------------------

/** What stops a signed-in customer buying a type (null: nothing). */
function purchaseBlock(
  type: MembershipTypeRow,
  user: UserRow | undefined,
  live: MembershipRow[],
  today: string,
): { message: string; hasPrices: boolean } | null {
  if (!user) return null;
  if (ineligibilityReason(type.eligibility, user, today))
    return { message: membershipMessages.notEligible, hasPrices: false };
  const same = live.find((m) => m.membershipTypeId === type.id && m.activatedAt !== null);
  if (same) {
    return {
      message:
        same.status === 'pending' ? membershipMessages.alreadyPending : membershipMessages.alreadyActive,
      hasPrices: true,
    };
  }
  return null;
}

export async function listMembershipTypes(
  deps: MembershipDeps,
  auth: Auth | null,
  venueId: number,
): Promise<MembershipType[]> {
  const { clientId, currency, today, venue } = await clientToday(deps, venueId);
  if (!venue) throw AppError.notFound();
  const user = auth && auth.user.role === 'customer' ? auth.user : undefined;
  const [types, live] = await Promise.all([
    listTypeDetailsSoldAt(deps.db, clientId, venueId),
    user ? listLiveMembershipsOfUser(deps.db, user.id) : Promise.resolve([]),
  ]);
  return types.map(({ type, categories, access, benefits, options }) => {
    const block = purchaseBlock(type, user, live, today);
    const isPurchasable = {
      can_purchase: block === null,
      has_prices: block?.hasPrices ?? true,
      message: block?.message ?? null,
    };
    return {
      id: type.id,
      name: type.name,
      slug: type.slug,
      categories,
      coverage: type.coverage,
      description: type.description,
      eligibility: type.eligibility
        ? {
            name: type.eligibility.name,
            min_age: type.eligibility.minAge,
            max_age: type.eligibility.maxAge,
            requires_document: type.eligibility.requiresDocument,
            document_types: type.eligibility.documentTypes,
          }
        : null,
      benefits: benefits.map((b) => ({
        name: b.name,
        total_uses: b.totalUses,
        frequency: b.frequency,
        description: b.description,
      })),
      provides_access_to: access,
      payment_options: options.map((o) => describeOption(o, today, currency, isPurchasable)),
      is_purchasable: isPurchasable,
    };
  });
}

function describeOption(
  option: PaymentOptionRow,
  today: string,
  currency: string,
  isPurchasable: PaymentOption['is_purchasable'],
): PaymentOption {
  const price = priceMembership({ option: pricedOption(option), startDate: today });
  return {
    id: option.id,
    name: option.name,
    payment_type: option.paymentType,
    fixed_duration: option.fixedDuration,
    fixed_period: option.fixedPeriod,
    fees: { base_fee: money(option.baseFee, currency), joining_fee: money(option.joiningFee, currency) },
    global_base_price: money(option.baseFee, currency),
    total_to_pay_now: money(price.totalToPayNow, currency),
    is_purchasable: isPurchasable,
  };
}

// ---- GET api/memberships/types/{typeId}/payment-options/{optionId} ------------------------------------

function incalculable(field: string, reason: string): AppError {
  return AppError.validation(
    { [field]: [reason], incalculablePrice: [membershipMessages.incalculablePrice] },
    membershipMessages.incalculablePrice,
  );
}

interface PricingInput {
  startDate?: string | undefined;
  billingDay?: number | undefined;
  venueId?: number | undefined;
  promotionId?: number | undefined;
  /** Start-date limits other than joining's (a renewal or a change, issue 5). */
  bounds?: { min: string; max: string } | undefined;
}

interface PricedChoice {
  type: MembershipTypeRow;
  option: PaymentOptionRow;
  promotion: PromotionRow | undefined;
  price: MembershipPrice;
  startDate: string;
  currency: string;
  clientId: number;
  promotionEnabled: boolean;
}

/** Prices a choice after checking every input; 422 'Could not calculate price.' when it cannot. */
async function priceChoice(
  deps: MembershipDeps,
  typeId: number,
  optionId: number,
  input: PricingInput,
  /** The customer's existing billing day (they already pay monthly), else null. */
  existingBillingDay: number | null,
): Promise<PricedChoice> {
  const { clientId, currency, today } = await clientToday(deps, input.venueId);
  const found = await findOption(deps.db, clientId, optionId);
  if (!found || found.type.id !== typeId) throw AppError.notFound(membershipMessages.typeNotFound);
  const { option, type } = found;
  if (input.venueId !== undefined && !(await isTypeSoldAt(deps.db, typeId, input.venueId))) {
    throw incalculable('venue_id', membershipMessages.notAtVenue);
  }
  const startDate = input.startDate ?? today;
  const bounds = input.bounds ?? startDateBounds(today);
  if (startDate < bounds.min) throw incalculable('start_date', membershipMessages.startDatePast);
  if (startDate > bounds.max) throw incalculable('start_date', membershipMessages.startDateTooLate);
  let promotion: PromotionRow | undefined;
  if (input.promotionId !== undefined) {
    promotion = await findPromotion(deps.db, clientId, input.promotionId);
    if (!promotion || promotionProblem(promotion, option, today)) {
      throw incalculable('promotion_code_id', membershipMessages.codeNotRecognised);
    }
  }
  // A customer who already has a billing date keeps it: their billing day is not asked for.
  const billingDay =
    option.paymentType === 'recurring' ? (existingBillingDay ?? input.billingDay) : undefined;
  let price: MembershipPrice;
  try {
    price = priceMembership({
      option: pricedOption(option),
      startDate,
      billingDay,
      promotion: promotion ? pricedPromotion(promotion) : undefined,
    });
  } catch (error) {
    if (error instanceof PriceError) throw incalculable('payment_option_id', error.message);
    throw error;
  }
  const promotions = await listPromotionsOfClient(deps.db, clientId);
  const promotionEnabled = promotions.some((p) => promotionProblem(p, option, today) === null);
  return { type, option, promotion, price, startDate, currency, clientId, promotionEnabled };
}

function costBreakdown(choice: PricedChoice): CostBreakdown {
  const { price, option, currency } = choice;
  return {
    payment_option_id: option.id,
    payment_type: option.paymentType,
    fixed_duration: option.fixedDuration,
    fixed_period: option.fixedPeriod,
    fees: {
      joining_fee: money(price.joiningFee, currency),
      base_fee: money(price.baseFee, currency),
      pro_rata_fee: money(price.proRataFee, currency),
      month_in_hand_fee: money(price.monthInHandFee, currency),
      discount: money(price.discount, currency),
    },
    global_base_price: money(option.baseFee, currency),
    total_to_pay_now: money(price.totalToPayNow, currency),
    start_date: choice.startDate,
    pro_rata_days: price.proRataDays,
    first_billing_date: price.firstBillingDate,
    pretty_first_billing_date: price.prettyFirstBillingDate,
    billing_day: price.billingDay,
    end_date: price.endDate,
    promotion_enabled: choice.promotionEnabled,
    promotion_code: price.promotionApplied && choice.promotion ? choice.promotion.code : null,
    currency,
  };
}

async function existingBillingDayOf(deps: MembershipDeps, auth: Auth | null): Promise<number | null> {
  if (auth?.user.role !== 'customer') return null;
  return (await instructionFlagsOf(deps.db, auth.user.id)).billingDay;
}

export async function pricePaymentOption(
  deps: MembershipDeps,
  auth: Auth | null,
  typeId: number,
  optionId: number,
  query: PaymentOptionPriceQuery,
): Promise<CostBreakdown> {
  const choice = await priceChoice(
    deps,
    typeId,
    optionId,
    {
      startDate: query.start_date,
      billingDay: query.billing_day,
      venueId: query.venue_id,
      promotionId: query.promotion_code_id,
    },
    await existingBillingDayOf(deps, auth),
  );
  return costBreakdown(choice);
}

// ---- GET api/v1/membership-promotions/validate/{code}/{paymentOptionId} -------------------------------

export async function validatePromotionCode(
  deps: MembershipDeps,
  code: string,
  paymentOptionId: number,
): Promise<{ code: string; id: number }> {
  const { clientId, today } = await clientToday(deps);
  const found = await findOption(deps.db, clientId, paymentOptionId);
  const promotion = await findPromotionByCode(deps.db, clientId, code.trim());
  if (!found || !promotion || promotionProblem(promotion, found.option, today)) {
    throw AppError.validation(
      { code: [membershipMessages.codeNotRecognised] },
      membershipMessages.codeNotRecognised,
    );
  }
  return { code: promotion.code, id: promotion.id };
}

// ---- Additional questions -----------------------------------------------------------------------------

function describeQuestion(row: QuestionRow, answers: MembershipAnswer[]): AdditionalQuestion {
  return {
    id: row.id,
    reference: row.reference,
    label: row.label,
    type: row.type,
    options: row.options,
    placeholder: row.placeholder,
    default: row.defaultValue,
    is_required: row.isRequired,
    answer: answers.find((a) => a.questionId === row.id)?.answer ?? null,
  };
}

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
export function checkAnswers(questions: QuestionRow[], answers: Answer[], today: string): MembershipAnswer[] {
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
        const valid =
          typeof value === 'string' &&
          /^\d{4}-\d{2}-\d{2}$/.test(value) &&
          new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
        if (!valid) problem = membershipMessages.dateInvalid;
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

function ownMembership(membership: MembershipRow | undefined, auth: Auth): MembershipRow {
  if (!membership) throw AppError.notFound();
  if (membership.userId !== auth.user.id && auth.user.role !== 'staff') throw new AppError('forbidden');
  return membership;
}

/** `POST api/custom-questions/memberships/{membershipId}`: the customer's answers for their membership. */
export async function answerMembershipQuestions(
  deps: MembershipDeps,
  auth: Auth,
  membershipId: number,
  answers: Answer[],
): Promise<AdditionalQuestion[]> {
  const client = await getCurrentClient(deps.db, deps.config);
  const membership = ownMembership(await findMembership(deps.db, client.id, membershipId), auth);
  const questions = await listQuestionsOfType(deps.db, membership.membershipTypeId);
  const stored = checkAnswers(questions, answers, todayIn('Europe/London'));
  await updateMembership(deps.db, membership.id, { answers: stored });
  return questions.map((q) => describeQuestion(q, stored));
}

// ---- GET api/online-joining/venues --------------------------------------------------------------------

function milesBetween(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  const metres = 2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(a)));
  return metres / membershipLimits.metresPerMile;
}

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
        ? Math.round(milesBetween(query.lat, query.lng, v.lat, v.lng) * 100) / 100
        : null,
  }));
  if (query.lat === undefined) return venues;
  const radius = query.radius;
  return venues
    .filter((v) => radius === undefined || (v.distance ?? 0) <= radius)
    .sort((a, b) => (a.distance ?? 0) - (b.distance ?? 0));
}

// ---- POST api/online-joining/memberships ----------------------------------------------------------------

export function describeMembership(
  row: MembershipRow,
  type: MembershipTypeRow,
  option: PaymentOptionRow,
): MembershipSummary {
  return {
    id: row.id,
    status: row.status,
    membership_type_id: row.membershipTypeId,
    membership_type_name: type.name,
    payment_option_id: row.paymentOptionId,
    payment_type: option.paymentType,
    home_venue_id: row.homeVenueId,
    start_date: row.startDate,
    billing_day: row.billingDay,
    first_billing_date: row.firstBillingDate,
    end_date: row.endDate,
    requires_document: row.requiresDocument,
  };
}

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
 * Creates a PENDING membership for the signed-in customer (or the customer a staff user names):
 * checks the type is sold at the home venue, the customer's eligibility (422 'You are ineligible
 * for this membership' with the reason under `membership_type_id`), no pending or active membership
 * of the type, the dates, the promotion (a use is taken), the answers, the health commitment and
 * membership terms, and the direct-debit token for a recurring payer without an instruction.
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
  const today = todayIn(venue.timezone);
  const reason = ineligibilityReason(type.eligibility, customer, request.start_date);
  if (reason) throw AppError.validation({ membership_type_id: [reason] }, membershipMessages.ineligible);
  const live = await listLiveMembershipsOfUser(deps.db, customer.id);
  // An unpaid membership of the type (its basket was left) is replaced; a paid one blocks.
  // An unpaid renewal or change of the same membership (its basket was left) is replaced too.
  const followsOn = (m: MembershipRow) =>
    succession !== undefined &&
    (m.renewsMembershipId === succession.membership.id ||
      m.replacesMembershipId === succession.membership.id);
  const unpaid = live.filter(
    (m) => m.activatedAt === null && (m.membershipTypeId === type.id || followsOn(m)),
  );
  const same = live.find(
    (m) => m.membershipTypeId === type.id && m.activatedAt !== null && m.id !== succession?.membership.id,
  );
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
  const requiredTerms = [
    ...(await listTerms(deps.db, deps.config, undefined, 'health_commitment')),
    ...(await listTerms(deps.db, deps.config, undefined, 'membership')),
  ];
  const missingTerms = succession?.termsInherited
    ? []
    : requiredTerms.filter((term) => !request.terms.includes(term.id));
  if (missingTerms.length > 0) errors.terms = [membershipMessages.termsRequired];
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
  let written: { membership: MembershipRow; cart: { id: number; uuid: string }; itemId: number };
  try {
    written = await deps.db.transaction(async (tx) => {
      for (const row of unpaid) await replaceUnpaidMembership(tx, row);
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
        status: 'pending',
        startDate: request.start_date,
        billingDay: price.billingDay,
        firstBillingDate: price.firstBillingDate,
        endDate: price.endDate,
        promotionId,
        answers,
        acceptedTermIds: request.terms,
        costs: {
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
      const line = await addMembershipLine(tx, acting, {
        membershipId: membership.id,
        venueId: venue.id,
        amount: price.totalToPayNow,
      });
      return { membership, cart: { id: line.cart.id, uuid: line.cart.uuid }, itemId: line.itemId };
    });
  } catch (error) {
    // The partial unique index: a concurrent submission of the same type won.
    if (
      String((error as { code?: unknown }).code ?? (error as { cause?: { code?: unknown } }).cause?.code) ===
      '23505'
    ) {
      throw AppError.validation({ membership_type_id: [membershipMessages.alreadyPending] });
    }
    throw error;
  }
  return { ...written, type, option, costs: costBreakdown(choice), newMandate };
}

/** Cancels an unpaid membership that a new submission replaces: its basket line and code use go too. */
async function replaceUnpaidMembership(tx: Database, unpaid: MembershipRow): Promise<void> {
  await updateMembership(tx, unpaid.id, { status: 'cancelled' });
  await removeMembershipLine(tx, unpaid.id);
  if (unpaid.promotionId !== null) await returnPromotionUse(tx, unpaid.promotionId);
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

// ---- Factories: how membership data is created, by the seed and by tests alike ------------------------

export interface NewMembershipTypeSpec {
  slug: string;
  name: string;
  description: string;
  coverage: string;
  eligibility?: MembershipEligibility | null;
  position?: number;
  categories: string[];
  /** Venues where it is sold (home centres). */
  soldAt: number[];
  /** Further venues it gives access to (national types: every venue). */
  accessOnly?: number[];
  benefits?: {
    name: string;
    kind?: 'guest_pass' | 'activity' | 'other';
    totalUses?: number | null;
    frequency?: string | null;
    description?: string | null;
    activityId?: number | null;
    discountPercent?: number | null;
  }[];
  options: {
    name: string;
    paymentType: 'recurring' | 'fixed';
    baseFee: number;
    joiningFee?: number;
    monthInHand?: boolean;
    fixedDuration?: number | null;
    fixedPeriod?: 'day' | 'week' | 'month' | 'year' | null;
  }[];
  questions?: {
    reference: string;
    label: string;
    type: QuestionRow['type'];
    options?: { value: string; label: string }[];
    placeholder?: string | null;
    defaultValue?: string | null;
    isRequired?: boolean;
  }[];
}

/** Finds or creates the operator's categories by name. */
async function categoryIds(db: Database, clientId: number, names: string[], known: Map<string, number>) {
  const ids: number[] = [];
  for (const name of names) {
    let id = known.get(name);
    if (id === undefined) {
      id = (await insertCategory(db, { clientId, name, position: known.size })).id;
      known.set(name, id);
    }
    ids.push(id);
  }
  return ids;
}

export interface MembershipFactory {
  createType(spec: NewMembershipTypeSpec): Promise<{ type: MembershipTypeRow; options: PaymentOptionRow[] }>;
  createPromotion(values: Omit<typeof membershipPromotions.$inferInsert, 'clientId'>): Promise<PromotionRow>;
}

/** An activity's id by slug, for benefits (undefined when the operator has no such activity). */
export async function findActivityForBenefit(
  db: Database,
  clientId: number,
  slug: string,
): Promise<number | undefined> {
  return findActivityIdBySlug(db, clientId, slug);
}

export function membershipFactory(db: Database, clientId: number): MembershipFactory {
  const known = new Map<string, number>();
  return {
    async createType(spec) {
      const type = await insertType(db, {
        clientId,
        slug: spec.slug,
        name: spec.name,
        description: spec.description,
        coverage: spec.coverage,
        eligibility: spec.eligibility ?? null,
        position: spec.position ?? 0,
      });
      const categories = await categoryIds(db, clientId, spec.categories, known);
      await insertTypeLinks(
        db,
        categories.map((categoryId) => ({ membershipTypeId: type.id, categoryId })),
        [
          ...spec.soldAt.map((venueId) => ({ membershipTypeId: type.id, venueId, soldHere: true })),
          ...(spec.accessOnly ?? [])
            .filter((venueId) => !spec.soldAt.includes(venueId))
            .map((venueId) => ({ membershipTypeId: type.id, venueId, soldHere: false })),
        ],
      );
      await insertBenefits(
        db,
        (spec.benefits ?? []).map((b, position) => ({
          membershipTypeId: type.id,
          name: b.name,
          kind: b.kind ?? 'other',
          totalUses: b.totalUses ?? null,
          frequency: b.frequency ?? null,
          description: b.description ?? null,
          activityId: b.activityId ?? null,
          discountPercent: b.discountPercent ?? null,
          position,
        })),
      );
      const options = await insertOptions(
        db,
        spec.options.map((o, position) => ({
          membershipTypeId: type.id,
          name: o.name,
          paymentType: o.paymentType,
          baseFee: o.baseFee,
          joiningFee: o.joiningFee ?? 0,
          monthInHand: o.monthInHand ?? o.paymentType === 'recurring',
          fixedDuration: o.fixedDuration ?? null,
          fixedPeriod: o.fixedPeriod ?? null,
          position,
        })),
      );
      await insertQuestions(
        db,
        (spec.questions ?? []).map((q, position) => ({
          membershipTypeId: type.id,
          reference: q.reference,
          label: q.label,
          type: q.type,
          options: q.options ?? [],
          placeholder: q.placeholder ?? null,
          defaultValue: q.defaultValue ?? null,
          isRequired: q.isRequired ?? false,
          position,
        })),
      );
      return { type, options };
    },
    async createPromotion(values) {
      return insertPromotion(db, { ...values, clientId });
    },
  };
}

// ---- Checkout completion ---------------------------------------------------------------------------------

export interface ActivationDeps {
  db: Database;
  config: Config;
  directDebitProvider: DirectDebitProvider;
  mailer: Mailer;
}

/**
 * Called when the order holding a membership's first payment completes: the membership becomes
 * active (or stays pending while an eligibility document is still needed), a monthly membership's
 * collections are set up (a new mandate from the validated bank details, or a schedule on the
 * customer's existing instruction), and the welcome email goes out. Runs once per membership; a
 * repeated call does nothing. `db` may be the checkout's transaction.
 */
export async function activateMembershipAfterCheckout(
  deps: ActivationDeps,
  membershipId: number,
  orderId: number | null,
  now = new Date(),
): Promise<MembershipRow | undefined> {
  const activated = await deps.db.transaction(async (tx) => {
    const before = await findMembershipById(tx, membershipId);
    if (!before || before.activatedAt !== null) return undefined;
    const row = await markMembershipPaid(tx, membershipId, {
      status: before.requiresDocument ? 'pending' : 'active',
      orderId,
      activatedAt: now,
    });
    if (!row) return undefined;
    if (row.replacesMembershipId !== null) await endReplacedMembership(tx, row, now);
    const option = await findPaymentOption(tx, row.paymentOptionId);
    if (!option) throw new Error(`membership ${row.id} has no payment option`);
    if (option.paymentType === 'recurring' && row.billingDay !== null && row.firstBillingDate !== null) {
      const promotion = row.promotionId === null ? undefined : await findPromotionById(tx, row.promotionId);
      const intro = discountedCollections(
        pricedOption(option),
        promotion ? pricedPromotion(promotion) : undefined,
      );
      const collections = {
        amount: option.baseFee,
        currency: row.currency,
        billingDay: row.billingDay,
        firstBillingDate: row.firstBillingDate,
        ...(intro.count > 0 ? { introAmount: intro.amount, introCollections: intro.count } : {}),
      };
      if (before.directDebitToken) {
        await createMandate({
          db: tx,
          config: deps.config,
          provider: deps.directDebitProvider,
          userId: row.userId,
          membershipId: row.id,
          detailsToken: before.directDebitToken,
          collections,
          now,
        });
      } else {
        await scheduleCollections({ db: tx, userId: row.userId, membershipId: row.id, collections });
      }
    }
    return row;
  });
  if (activated) await sendMembershipWelcome(deps, activated);
  return activated;
}

/**
 * A change is paid (issue 5): the membership it replaces ends the day before the new one starts
 * (at once when that day is past) and its collections stop; the new one's collections go on the
 * same direct debit instruction.
 */
async function endReplacedMembership(tx: Database, successor: MembershipRow, now: Date): Promise<void> {
  if (successor.replacesMembershipId === null) return;
  const replaced = await findMembershipById(tx, successor.replacesMembershipId);
  if (!replaced || replaced.userId !== successor.userId) return;
  const lastDay = addDays(successor.startDate, -1);
  const ended = lastDay < todayIn('Europe/London', now);
  await updateMembership(tx, replaced.id, {
    endDate: lastDay,
    ...(ended ? { status: 'expired' as const } : {}),
  });
  await cancelCollections(tx, replaced.id, now);
}

async function sendMembershipWelcome(deps: ActivationDeps, membership: MembershipRow): Promise<void> {
  const [user, type, option, client] = await Promise.all([
    findUserById(deps.db, membership.userId),
    findTypeById(deps.db, membership.membershipTypeId),
    findPaymentOption(deps.db, membership.paymentOptionId),
    getCurrentClient(deps.db, deps.config),
  ]);
  const venue = await findVenueOfClient(deps.db, client.id, membership.homeVenueId);
  if (!user || !type || !option || !venue) return;
  const currency = membership.currency;
  const paymentLine =
    option.paymentType === 'recurring'
      ? `${formatMoney(option.baseFee, currency)} a month by direct debit, from ${prettyDate(membership.firstBillingDate ?? membership.startDate)} (billing day ${membership.billingDay ?? ''}).`
      : `Single payment: your membership runs until ${prettyDate(membership.endDate ?? membership.startDate)}.`;
  const documentTypes = type.eligibility?.documentTypes ?? [];
  const email = membershipWelcomeEmail(
    await getBrand(deps.db, deps.config),
    {
      firstName: user.firstName,
      typeName: type.name,
      homeVenueName: venue.name,
      startDate: prettyDate(membership.startDate),
      paymentLine,
      paidToday: formatMoney(membership.costs.totalToPayNow, currency),
      ...(membership.requiresDocument
        ? {
            documentNote: `Your membership starts once we have checked your proof of eligibility (${documentTypes.join(' or ')}). Please upload it from your account within ${client.eligibilityDaysAllowance} days.`,
          }
        : {}),
    },
    deps.config.publicUrls.account,
  );
  await deps.mailer.send({ to: user.email, ...email, template: 'membership_welcome' });
}

/**
 * Memberships whose first payment an order holds become active (docs/decisions/010), after the
 * order is committed (the `order.completed` event): their direct debit is set up at the provider
 * and the welcome email sent. A failure is logged and left for support, never answered: the
 * customer has paid. One membership's failure does not stop the next.
 */
export async function activateOrderedMemberships(
  deps: ActivationDeps & { log: Pick<FastifyBaseLogger, 'error'> },
  orderId: number,
): Promise<void> {
  for (const membershipId of await listOrderedMembershipIds(deps.db, orderId)) {
    try {
      await activateMembershipAfterCheckout(deps, membershipId, orderId);
    } catch (error) {
      deps.log.error({ err: error, orderId, membershipId }, 'could not activate a membership after checkout');
    }
  }
}
