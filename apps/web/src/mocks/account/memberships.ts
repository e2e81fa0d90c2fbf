import {
  type FreezeTypesResponse,
  freezeMessages,
  type MembershipFreeze,
  zFreezeRequestFields,
} from '@leisure/contract/freezes';
import {
  type ChangeCosts,
  type ChangeMembershipResponse,
  type ChangeOptionsResponse,
  membershipChangeMessages,
  type RenewalDetails,
  type RenewResponse,
  zChangeMembershipRequest,
} from '@leisure/contract/membership-lifecycle';
import type { MembershipType } from '@leisure/contract/memberships';
import {
  type CancelInfo,
  type CancelMembershipResponse,
  type MembershipDocument,
  type MyMembership,
  membershipManagementMessages,
} from '@leisure/contract/my-memberships';
import { HttpResponse, http } from 'msw';
import { mockMembershipTypes } from '../joining-handlers';
import { addPenaltiesToMockBasket, mockPenalties } from './payments';
import {
  api,
  dayFromToday,
  formatMoney,
  hasSession,
  invalid,
  isoDate,
  leeds,
  membershipDate,
  membershipMoney,
  notFound,
  prettyDate,
  unauthenticated,
  york,
} from './shared';

/**
 * My memberships (my-account.md 2.6, 2.7, 3, 4, 7) and their freeze, renew and change calls. One
 * membership of each state a member meets: active monthly (whose cancellation meets the member's
 * unpaid fees: the debt case), active student with a rejected document, single payment about to
 * end (renewable; cancels at once), frozen, freeze awaiting approval, pending and expired.
 */

const studentCriterion = {
  id: 4,
  name: 'Students',
  document_types: [
    { id: 11, name: 'Student ID card' },
    { id: 12, name: 'NUS card' },
  ],
};

const gold = mockMembershipTypes.find((type) => type.slug === 'gold');
const goldSingle = gold?.payment_options.find((option) => option.payment_type === 'fixed');

function membership(overrides: Partial<MyMembership> & Pick<MyMembership, 'id'>): MyMembership {
  return {
    reference: `MEM-${String(overrides.id).padStart(6, '0')}`,
    status: 'active',
    status_info: null,
    membership_type: { id: 3, name: 'Anytime Gym', coverage: 'Leeds', eligibility_criterion: null },
    home_venue: leeds,
    start_date: membershipDate(dayFromToday(-200)),
    expires_at: null,
    benefits: [],
    price: { raw: 3000, formatted: formatMoney(3000) },
    next_payment_date: membershipDate(dayFromToday(7)),
    document: null,
    document_upload_required: false,
    document_due_date: null,
    document_overdue: false,
    cancellation: null,
    management_enabled: true,
    freezable: true,
    freeze_pending: false,
    cancellable: true,
    renewable: false,
    can_renew: false,
    renew_forbid_reason: 'Only single payment memberships can be renewed.',
    can_change: true,
    cannot_change_reason: null,
    slug: 'anytime-gym',
    payment_type: 'recurring',
    payment_option_id: 5,
    ...overrides,
  };
}

function rejectedDocument(): MembershipDocument {
  return {
    id: 61,
    status: 'rejected',
    rejection_reason: 'The card has expired',
    type: { id: 11, name: 'Student ID card' },
    uploaded_at: dayFromToday(-9, 14).toISOString(),
    upload_id: 501,
    document_expiry: { date: null, document_expiring_soon: false, expired: false },
  };
}

function initialMemberships(): MyMembership[] {
  const notEnding = { freezable: false, cancellable: false, can_change: false };
  return [
    membership({
      id: 47,
      status: 'pending',
      membership_type: { id: 16, name: 'Tennis Club', coverage: 'York', eligibility_criterion: null },
      home_venue: york,
      start_date: membershipDate(dayFromToday(10)),
      next_payment_date: membershipDate(dayFromToday(10)),
      price: { raw: 1800, formatted: formatMoney(1800) },
      ...notEnding,
      cannot_change_reason: 'This membership has not started yet.',
      slug: 'tennis-club',
      payment_option_id: 161,
    }),
    membership({
      id: 41,
      benefits: [
        {
          id: 9,
          name: 'Guest passes',
          description: 'Bring a friend to the gym.',
          remaining_uses: 3,
          renews_at: membershipDate(dayFromToday(12)),
        },
        { id: 10, name: 'Classes', description: null, remaining_uses: null, renews_at: null },
      ],
    }),
    membership({
      id: 42,
      membership_type: {
        id: 11,
        name: 'Student Swim',
        coverage: 'Leeds',
        eligibility_criterion: studentCriterion,
      },
      start_date: membershipDate(dayFromToday(-20)),
      price: { raw: 2000, formatted: formatMoney(2000) },
      next_payment_date: membershipDate(dayFromToday(10)),
      document: rejectedDocument(),
      document_upload_required: true,
      document_due_date: membershipDate(dayFromToday(-6)),
      slug: 'student-swim',
      payment_option_id: 111,
    }),
    membership({
      id: 43,
      membership_type: { id: 10, name: 'Gold', coverage: 'national', eligibility_criterion: null },
      start_date: membershipDate(dayFromToday(-345)),
      expires_at: membershipDate(dayFromToday(20)),
      price: {
        raw: goldSingle?.global_base_price.raw ?? 35000,
        formatted: formatMoney(goldSingle?.global_base_price.raw ?? 35000),
      },
      next_payment_date: null,
      freezable: false,
      renewable: true,
      can_renew: true,
      renew_forbid_reason: null,
      slug: 'gold',
      payment_type: 'fixed',
      payment_option_id: goldSingle?.id ?? 102,
    }),
    membership({
      id: 44,
      status: 'frozen',
      status_info: `Frozen until ${membershipDate(dayFromToday(40)).full_date}`,
      membership_type: { id: 14, name: 'Off-Peak Gym', coverage: 'York', eligibility_criterion: null },
      home_venue: york,
      price: { raw: 2200, formatted: formatMoney(2200) },
      next_payment_date: membershipDate(dayFromToday(41)),
      freezable: false,
      slug: 'off-peak-gym',
      payment_option_id: 141,
    }),
    membership({
      id: 46,
      status: 'freeze pending approval',
      status_info: 'Freeze request awaiting approval',
      membership_type: { id: 17, name: 'Family Swim', coverage: 'Leeds', eligibility_criterion: null },
      price: { raw: 4200, formatted: formatMoney(4200) },
      freezable: false,
      freeze_pending: true,
      slug: 'family-swim',
      payment_option_id: 171,
    }),
    membership({
      id: 45,
      status: 'expired',
      membership_type: { id: 12, name: 'Junior Gym', coverage: 'York', eligibility_criterion: null },
      home_venue: york,
      start_date: membershipDate(dayFromToday(-900)),
      expires_at: membershipDate(dayFromToday(-720)),
      price: { raw: 12000, formatted: formatMoney(12000) },
      next_payment_date: null,
      management_enabled: false,
      ...notEnding,
      cannot_change_reason: 'This membership has ended.',
      slug: 'junior-gym',
      payment_type: 'fixed',
      payment_option_id: 121,
    }),
  ];
}

function freezeTypes(): FreezeTypesResponse['data'] {
  return {
    freeze_types: [
      {
        id: 1,
        reason: 'Medical',
        time_periods: ['1 month', '2 months', '3 months'],
        proof_of_eligibility: {
          description: 'A letter or fit note from your doctor that covers the freeze.',
          document_type: "Doctor's note",
        },
      },
      { id: 2, reason: 'Travel', time_periods: ['1 month', '2 months'], proof_of_eligibility: null },
      { id: 3, reason: 'Pregnancy', time_periods: ['3 months', '6 months'], proof_of_eligibility: null },
    ],
    min_freeze_start_date: isoDate(dayFromToday(1)),
    max_freeze_start_date: isoDate(dayFromToday(31)),
  };
}

function freshState() {
  return { memberships: initialMemberships(), nextId: 100 };
}

let state = freshState();

export function resetMembershipsMock(): void {
  state = freshState();
}

// A freeze waiting to start is an active membership underneath (the API ranks the stored status).
const statusRank: Record<string, number> = {
  pending: 0,
  active: 1,
  'freeze pending': 1,
  'freeze pending approval': 1,
  frozen: 2,
};
const ordered = () =>
  [...state.memberships].sort((a, b) => (statusRank[a.status] ?? 3) - (statusRank[b.status] ?? 3));

function find(id: unknown): MyMembership | undefined {
  return state.memberships.find((candidate) => candidate.id === Number(id));
}

function update(id: number, changes: Partial<MyMembership>): MyMembership {
  let updated: MyMembership | undefined;
  state.memberships = state.memberships.map((candidate) => {
    if (candidate.id !== id) return candidate;
    updated = { ...candidate, ...changes };
    return updated;
  });
  return updated as MyMembership;
}

/** The debt case is membership 41: its cancellation meets the member's unpaid fees. */
const debtCaseId = 41;

function cancelInfo(target: MyMembership): CancelInfo {
  const debts = target.id === debtCaseId ? mockPenalties() : [];
  const owed = debts.reduce((sum, debt) => sum + debt.fee_amount.amount, 0);
  const fixed = target.payment_type === 'fixed';
  const online = target.id !== 44;
  return {
    membership_id: target.id,
    allow_online_membership_cancellation: online,
    membership_cancellation_refusal_message: online
      ? null
      : 'Frozen memberships are cancelled by your centre. Please call us on 0113 496 0100.',
    outstanding_penalties_due: debts.map((debt) => ({
      id: debt.id,
      type: debt.type_label,
      fee_amount: debt.fee_amount,
      venue: debt.booking.venue,
      session: debt.booking.description,
      created_at: `${debt.booking.date} ${debt.booking.time}`,
    })),
    has_outstanding_penalties_due: debts.length > 0,
    total_owed: { amount: owed, formatted: formatMoney(owed) },
    payment_type: target.payment_type,
    recurring: fixed
      ? null
      : {
          cancellation_notice_period: 30,
          earliest_final_payment_date: membershipDate(dayFromToday(7)),
          earliest_final_day_of_membership: membershipDate(dayFromToday(37)),
          cancellation_notice_required: true,
        },
  };
}

function renewalDetails(target: MyMembership): RenewalDetails {
  const option = goldSingle;
  const price = option?.global_base_price.raw ?? 35000;
  const start = dayFromToday(21);
  const end = dayFromToday(21 + 364);
  const renewedType: MembershipType | null = gold && option ? { ...gold, payment_options: [option] } : null;
  return {
    id: target.id,
    name: target.membership_type.name,
    reference: target.reference,
    access: target.membership_type.coverage === 'national' ? 'National' : target.membership_type.coverage,
    duration: '12 months',
    price: membershipMoney(price),
    joining_fee: null,
    start_date: { raw: isoDate(start), full_date_pretty: prettyDate(start) },
    end_date: { raw: isoDate(end), full_date_pretty: prettyDate(end) },
    benefits: (gold?.benefits ?? []).map((benefit) =>
      benefit.total_uses ? `${benefit.total_uses} ${benefit.name.toLowerCase()} per month` : benefit.name,
    ),
    description: gold?.description ?? '',
    total_cost: membershipMoney(price),
    can_renew: target.can_renew,
    renew_forbid_reason: target.renew_forbid_reason,
    slug: target.slug,
    payment_option_id: target.payment_option_id,
    payment_type: target.payment_type,
    home_venue: { ...leeds, slug: 'leeds-riverside', can_display_ineligible_memberships: true },
    membership_type: renewedType,
  };
}

/** The change page offers the joining mock's types; the current option cannot be bought again. */
function changeOptions(target: MyMembership): ChangeOptionsResponse['data'] {
  const current = { can_purchase: false, has_prices: true, message: membershipChangeMessages.sameOption };
  return {
    membership_id: target.id,
    current: {
      membership_type_id: target.membership_type.id,
      payment_option_id: target.payment_option_id,
      name: target.membership_type.name,
    },
    home_venue: { ...leeds, slug: 'leeds-riverside', can_display_ineligible_memberships: true },
    membership_types: mockMembershipTypes.map((type) => ({
      ...type,
      payment_options: type.payment_options.map((option) =>
        option.id === target.payment_option_id ? { ...option, is_purchasable: current } : option,
      ),
    })),
    starts_at: { min: isoDate(dayFromToday(0)), max: isoDate(dayFromToday(31)) },
  };
}

/**
 * The change rule of docs/decisions/019 in small: no joining fee; the current month is taken as paid
 * to the 1st of next month, and the two prices' difference for it is charged or credited.
 */
function changeCosts(target: MyMembership, optionId: number, startsAt: string | null): ChangeCosts | null {
  const option = mockMembershipTypes.flatMap((type) => type.payment_options).find((o) => o.id === optionId);
  if (!option) return null;
  const newPrice = option.global_base_price.raw;
  const recurring = option.payment_type === 'recurring';
  const difference = recurring ? newPrice - target.price.raw : 0;
  const monthInHand = recurring ? 0 : newPrice;
  const sum = monthInHand + difference;
  const start = startsAt ?? isoDate(dayFromToday(0));
  const paidUntil = isoDate(dayFromToday(31)).slice(0, 8) + '01';
  return {
    costs: {
      total_due_now: membershipMoney(Math.max(0, sum)),
      composition: { month_in_hand: membershipMoney(monthInHand), fees: membershipMoney(0) },
      account_credit: membershipMoney(Math.max(0, -sum)),
    },
    new_membership_price: membershipMoney(newPrice),
    difference_to_old_membership: {
      amount: membershipMoney(difference),
      text:
        difference === 0
          ? `The same as you have paid for ${start} to ${paidUntil}`
          : `${formatMoney(Math.abs(difference))} ${difference > 0 ? 'more' : 'less'} than you have paid for ${start} to ${paidUntil}`,
      paid_period: recurring ? { from: start, until: paidUntil } : null,
    },
    first_billing_date: recurring ? paidUntil : null,
    pretty_first_billing_date: recurring ? paidUntil : null,
    current_membership_ends: start,
    starts_at: { min: isoDate(dayFromToday(0)), max: isoDate(dayFromToday(31)) },
  };
}

const formFields = (form: FormData) => {
  const fields: Record<string, string> = {};
  form.forEach((value, key) => {
    if (typeof value === 'string') fields[key] = value;
  });
  return fields;
};
const fileOf = (form: FormData, field: string) => {
  const value = form.get(field);
  return value && typeof value !== 'string' && value.size > 0 ? value : null;
};
const maxUpload = 20_000_000;

function issuesToErrors(issues: { path: PropertyKey[]; message: string }[]) {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'membership');
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return HttpResponse.json(
    { message: Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors },
    { status: 422 },
  );
}

export const membershipsHandlers = [
  http.get(api('my-account/user/memberships'), () =>
    hasSession() ? HttpResponse.json({ data: ordered() }) : unauthenticated(),
  ),

  // ---- Cancel ------------------------------------------------------------------------------------

  http.get(api('memberships/:membershipId/cancel'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    return target ? HttpResponse.json({ data: cancelInfo(target) }) : notFound();
  }),

  http.post(api('memberships/:membershipId/cancel'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    if (!target) return notFound();
    const info = cancelInfo(target);
    if (target.status === 'cancelled')
      return invalid('membership', membershipManagementMessages.alreadyCancelled);
    if (target.cancellation?.state === 'scheduled')
      return invalid('membership', membershipManagementMessages.cancellationScheduled);
    if (!target.cancellable) return invalid('membership', membershipManagementMessages.notCancellable);
    if (!info.allow_online_membership_cancellation)
      return invalid(
        'membership',
        info.membership_cancellation_refusal_message ?? membershipManagementMessages.cannotCancelOnline,
      );
    const requestedAt = new Date().toISOString();
    let answer: CancelMembershipResponse['data'];
    if (info.has_outstanding_penalties_due) {
      // The debts go to the basket; paying them there completes the cancellation.
      addPenaltiesToMockBasket(info.outstanding_penalties_due.map((debt) => debt.id));
      const updated = update(target.id, {
        status_info: 'Cancellation will be processed automatically after payment',
        cancellation: {
          state: 'awaiting_payment',
          requested_at: requestedAt,
          final_payment_date: null,
          final_day: null,
        },
      });
      answer = {
        state: 'awaiting_payment',
        final_payment_date: null,
        final_day: null,
        checkout_required: true,
        membership: updated,
      };
    } else if (info.recurring) {
      const finalPayment = info.recurring.earliest_final_payment_date;
      const finalDay = info.recurring.earliest_final_day_of_membership;
      const updated = update(target.id, {
        status_info: `Cancelled: final day of membership ${finalDay.full_date}`,
        cancellation: {
          state: 'scheduled',
          requested_at: requestedAt,
          final_payment_date: finalPayment,
          final_day: finalDay,
        },
        cancellable: false,
        freezable: false,
        can_change: false,
        cannot_change_reason: 'This membership is ending and cannot be changed.',
      });
      answer = {
        state: 'scheduled',
        final_payment_date: finalPayment,
        final_day: finalDay,
        checkout_required: false,
        membership: updated,
      };
    } else {
      const today = membershipDate(dayFromToday(0));
      const updated = update(target.id, {
        status: 'cancelled',
        status_info: null,
        expires_at: today,
        cancellation: {
          state: 'cancelled',
          requested_at: requestedAt,
          final_payment_date: null,
          final_day: today,
        },
        cancellable: false,
        freezable: false,
        renewable: false,
        can_renew: false,
        can_change: false,
      });
      answer = {
        state: 'cancelled',
        final_payment_date: null,
        final_day: today,
        checkout_required: false,
        membership: updated,
      };
    }
    return HttpResponse.json({ data: answer });
  }),

  // ---- Eligibility document ------------------------------------------------------------------------

  http.post(api('my-account/eligibility/document'), async ({ request }) => {
    if (!hasSession()) return unauthenticated();
    const form = await request.formData();
    const fields = formFields(form);
    const target = find(fields.membership_id);
    if (!target) return notFound();
    const criterion = target.membership_type.eligibility_criterion;
    if (!criterion) return invalid('document', membershipManagementMessages.documentNotNeeded);
    // As the server: only a membership that asks for a document takes one (docs/decisions/052).
    if (!target.document_upload_required)
      return invalid('membership_id', membershipManagementMessages.documentNotNow);
    const type = criterion.document_types.find(
      (candidate) => candidate.id === Number(fields.eligibility_document_type_id),
    );
    if (!fields.eligibility_document_type_id)
      return invalid('eligibility_document_type_id', membershipManagementMessages.documentTypeRequired);
    if (!type)
      return invalid('eligibility_document_type_id', membershipManagementMessages.documentTypeInvalid);
    const file = fileOf(form, 'document');
    if (!file) return invalid('document', membershipManagementMessages.documentRequired);
    if (file.size > maxUpload) return invalid('document', 'File size exceeds 20mb.');
    const document: MembershipDocument = {
      id: state.nextId,
      status: 'pending',
      rejection_reason: null,
      type,
      uploaded_at: new Date().toISOString(),
      upload_id: 600 + state.nextId,
      document_expiry: { date: null, document_expiring_soon: false, expired: false },
    };
    state.nextId += 1;
    update(target.id, { document, document_upload_required: false });
    return HttpResponse.json({ data: document }, { status: 201 });
  }),

  // ---- Freeze --------------------------------------------------------------------------------------

  http.get(api('my-account/user/memberships/:membershipId/freezetypes'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    return find(params.membershipId) ? HttpResponse.json({ data: freezeTypes() }) : notFound();
  }),

  http.post(api('my-account/user/memberships/:membershipId/freeze'), async ({ params, request }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    if (!target) return notFound();
    if (target.freeze_pending) return invalid('membership_id', freezeMessages.freezePending);
    if (!target.freezable) return invalid('membership_id', freezeMessages.notFreezable);
    const form = await request.formData();
    const parsed = zFreezeRequestFields.safeParse(formFields(form));
    if (!parsed.success) return issuesToErrors(parsed.error.issues);
    const { freeze_type_id, active_from, months } = parsed.data;
    const options = freezeTypes();
    const type = options.freeze_types.find((candidate) => candidate.id === freeze_type_id);
    if (!type) return invalid('freeze_type_id', freezeMessages.freezeTypeInvalid);
    if (active_from < options.min_freeze_start_date || active_from > options.max_freeze_start_date) {
      const message = freezeMessages.startDateOutOfRange
        .replace('{min}', options.min_freeze_start_date)
        .replace('{max}', options.max_freeze_start_date);
      return invalid('active_from', message);
    }
    if (!type.time_periods.some((label) => Number.parseInt(label, 10) === months))
      return invalid('months', freezeMessages.monthsInvalid);
    const file = fileOf(form, 'file');
    if (type.proof_of_eligibility && !file) return invalid('file', freezeMessages.proofRequired);
    if (file && file.size > maxUpload) return invalid('file', 'File size exceeds 20mb.');
    const start = new Date(`${active_from}T00:00:00Z`);
    const end = new Date(
      Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + months, start.getUTCDate() - 1),
    );
    const freeze: MembershipFreeze = {
      id: state.nextId,
      membership_id: target.id,
      freeze_type: { id: type.id, reason: type.reason },
      status: 'pending_approval',
      active_from,
      months,
      ends_on: isoDate(end),
      proof:
        file && type.proof_of_eligibility
          ? {
              upload_id: 700 + state.nextId,
              name: file.name,
              document_type: type.proof_of_eligibility.document_type,
            }
          : null,
      rejection_reason: null,
    };
    state.nextId += 1;
    update(target.id, {
      status: 'freeze pending approval',
      status_info: 'Freeze request awaiting approval',
      freeze_pending: true,
      freezable: false,
    });
    return HttpResponse.json({ data: freeze }, { status: 201 });
  }),

  // ---- Renew ---------------------------------------------------------------------------------------

  http.get(api('memberships/:membershipId/renew'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    if (!target) return notFound();
    if (!target.renewable)
      return invalid('membership', target.renew_forbid_reason ?? membershipChangeMessages.renewFailed);
    return HttpResponse.json({ data: renewalDetails(target) });
  }),

  http.post(api('memberships/:membershipId/renew'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    if (!target) return notFound();
    if (!target.can_renew)
      return invalid('membership', target.renew_forbid_reason ?? membershipChangeMessages.renewFailed);
    const answer: RenewResponse['data'] = {
      membership_id: state.nextId,
      cart: { id: 1, uuid: '00000000-0000-4000-8000-00000000c001' },
      cart_item_id: 800 + state.nextId,
    };
    state.nextId += 1;
    return HttpResponse.json({ data: answer });
  }),

  // ---- Change --------------------------------------------------------------------------------------

  http.get(api('memberships/:membershipId/change'), ({ params }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    if (!target) return notFound();
    if (!target.can_change) return HttpResponse.json({ message: 'Unauthorised.' }, { status: 403 });
    return HttpResponse.json({ data: changeOptions(target) });
  }),

  http.get(api('memberships/:membershipId/change/:paymentOptionId'), ({ params, request }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    if (!target) return notFound();
    const costs = changeCosts(
      target,
      Number(params.paymentOptionId),
      new URL(request.url).searchParams.get('startsAt'),
    );
    return costs ? HttpResponse.json({ data: costs }) : notFound();
  }),

  http.post(api('memberships/:membershipId/change'), async ({ params, request }) => {
    if (!hasSession()) return unauthenticated();
    const target = find(params.membershipId);
    if (!target) return notFound();
    if (!target.can_change) return HttpResponse.json({ message: 'Unauthorised.' }, { status: 403 });
    const parsed = zChangeMembershipRequest.safeParse(await request.json());
    if (!parsed.success) return issuesToErrors(parsed.error.issues);
    if (parsed.data.payment_option_id === target.payment_option_id)
      return invalid('payment_option_id', membershipChangeMessages.sameOption);
    const costs = changeCosts(target, parsed.data.payment_option_id, parsed.data.starts_at);
    if (!costs) return invalid('payment_option_id', membershipChangeMessages.optionNotOffered);
    const due = costs.costs.total_due_now.raw > 0;
    const answer: ChangeMembershipResponse['data'] = {
      membership_id: state.nextId,
      order_id: due ? null : 4100 + state.nextId,
      cart_item_id: due ? 800 + state.nextId : null,
    };
    state.nextId += 1;
    return HttpResponse.json({ data: answer });
  }),
];
