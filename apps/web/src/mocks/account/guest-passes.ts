import {
  type GuestPass,
  type GuestPassAllowance,
  type GuestPassListResponse,
  guestPassMessages,
  guestPassPageSize,
  guestPassValidDays,
  type MemberPackage,
  zCreateGuestPassFields,
} from '@leisure/contract/guest-passes';
import { HttpResponse, http } from 'msw';
import { mockUser } from '../fixtures';
import {
  api,
  dayFromToday,
  harrogate,
  hasSession,
  invalid,
  isoDate,
  leeds,
  notFound,
  unauthenticated,
  york,
} from './shared';

/**
 * Guest passes and packages (my-account.md 2.5, 3, 7): 23 sent passes (three pages of ten), two
 * allowances and two packages. Sending a pass uses an allowance and puts the pass first in the list.
 */

const guestNames = [
  'Jamie Fox',
  'Priya Shah',
  'Sam Taylor',
  'Chris Evans',
  'Aisha Khan',
  'Ben Carter',
  'Lucy Brown',
  'Owen Hughes',
];

/** Pass `id` of `total`: the higher the id, the more recently it was sent. */
function sentPass(id: number, total: number): GuestPass {
  const daysAgo = (total - id) * 3;
  const sent = dayFromToday(-daysAgo, 10);
  const validTo = dayFromToday(-daysAgo + guestPassValidDays - 1);
  const name = guestNames[id % guestNames.length] ?? 'Guest';
  const expired = validTo.getTime() < dayFromToday(0).getTime();
  const redeemed = id % 3 === 1;
  return {
    id,
    guest_name: name,
    guest_email: `${name.toLowerCase().replace(' ', '.')}${id}@example.net`,
    status: redeemed ? 'redeemed' : expired ? 'expired' : 'issued',
    valid_from: isoDate(sent),
    valid_to: isoDate(validTo),
    redeemed_at: redeemed ? dayFromToday(-daysAgo + 1, 18, 30).toISOString() : null,
    venue: id % 4 === 0 ? york : leeds,
    created_at: sent.toISOString(),
  };
}

function initialAllowances(): GuestPassAllowance[] {
  return [
    {
      id: 'benefit-41-9',
      pricing_option_id: 5,
      type: 'benefit',
      name: 'Anytime Gym',
      uses_remaining: 3,
      total_uses: 4,
      expires_at: dayFromToday(12, 23, 59).toISOString(),
      venues: [leeds, york],
    },
    {
      id: 'package-5',
      pricing_option_id: 5,
      type: 'package',
      name: 'Bring a Friend 10',
      uses_remaining: 7,
      total_uses: 10,
      expires_at: dayFromToday(120, 23, 59).toISOString(),
      venues: [leeds, york, harrogate],
    },
  ];
}

function packages(allowances: GuestPassAllowance[]): MemberPackage[] {
  const bringAFriend = allowances.find((allowance) => allowance.id === 'package-5');
  return [
    {
      id: 5,
      name: 'Bring a Friend 10',
      description: 'Ten guest passes for friends and family.',
      uses_total: 0,
      uses_remaining: 0,
      guest_pass_uses_total: 10,
      guest_pass_uses_remaining: bringAFriend?.uses_remaining ?? 0,
      venues: [leeds, york, harrogate],
      expires_at: bringAFriend?.expires_at ?? null,
      status: bringAFriend?.uses_remaining ? 'active' : 'used_up',
      order_id: 3050,
      purchased_at: dayFromToday(-60, 11).toISOString(),
    },
    {
      id: 6,
      name: 'Summer Classes 5',
      description: 'Five fitness classes over the summer.',
      uses_total: 5,
      uses_remaining: 1,
      guest_pass_uses_total: null,
      guest_pass_uses_remaining: null,
      venues: [],
      expires_at: dayFromToday(-45, 22, 59).toISOString(),
      status: 'expired',
      order_id: 3051,
      purchased_at: dayFromToday(-150, 11).toISOString(),
    },
  ];
}

const initialPassCount = 23;

function freshState() {
  return {
    /** Newest first, as the API lists them. */
    passes: Array.from({ length: initialPassCount }, (_, index) =>
      sentPass(initialPassCount - index, initialPassCount),
    ),
    allowances: initialAllowances(),
    nextId: initialPassCount + 1,
  };
}

let state = freshState();

export function resetGuestPassesMock(): void {
  state = freshState();
}

function page(pageNumber: number, perPage: number): GuestPassListResponse {
  const total = state.passes.length;
  const data = state.passes.slice((pageNumber - 1) * perPage, pageNumber * perPage);
  const first = data.length ? (pageNumber - 1) * perPage + 1 : 0;
  return {
    data,
    meta: {
      pagination: {
        current_page: pageNumber,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
        total_records: total,
        first_record_on_current_page: first,
        last_record_on_current_page: data.length ? first + data.length - 1 : 0,
      },
    },
  };
}

const forbidden = () => HttpResponse.json({ message: 'Unauthorised.' }, { status: 403 });
/** 401 without the session, 403 for another member's passes (as the API). */
const refusal = (userId: unknown) =>
  !hasSession() ? unauthenticated() : Number(userId) !== mockUser.id ? forbidden() : null;

const base = 'v1/users/:userId/guestPasses';

export const guestPassesHandlers = [
  http.get(api(base), ({ params, request }) => {
    const refused = refusal(params.userId);
    if (refused) return refused;
    const query = new URL(request.url).searchParams;
    const pageNumber = Math.max(1, Number(query.get('page') ?? '1') || 1);
    const perPage = Math.min(
      50,
      Math.max(1, Number(query.get('per_page') ?? guestPassPageSize) || guestPassPageSize),
    );
    return HttpResponse.json(page(pageNumber, perPage));
  }),

  http.get(api(`${base}/allowances`), ({ params }) => {
    const refused = refusal(params.userId);
    if (refused) return refused;
    return HttpResponse.json({ data: state.allowances });
  }),

  http.get(api(`${base}/:guestPassId`), ({ params }) => {
    const refused = refusal(params.userId);
    if (refused) return refused;
    const pass = state.passes.find((candidate) => candidate.id === Number(params.guestPassId));
    return pass ? HttpResponse.json({ data: pass }) : notFound();
  }),

  http.post(api(base), async ({ params, request }) => {
    const refused = refusal(params.userId);
    if (refused) return refused;
    const body = (await request.json()) as { data?: unknown };
    const parsed = zCreateGuestPassFields.safeParse(body?.data ?? {});
    if (!parsed.success) {
      const errors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'data');
        errors[field] = [...(errors[field] ?? []), issue.message];
      }
      const message = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return HttpResponse.json({ message, errors }, { status: 422 });
    }
    const venueId = parsed.data.venue_id;
    const venue = [leeds, york, harrogate].find((candidate) => candidate.id === venueId);
    if (!venue) return invalid('venue_id', guestPassMessages.unknownVenue);
    const covering = state.allowances.filter((allowance) => allowance.venues.some((v) => v.id === venueId));
    if (covering.length === 0) return invalid('venue_id', guestPassMessages.notCovered);
    // Benefits before packages (the API's order); the allowances are listed that way already.
    const allowance = covering.find((candidate) => candidate.uses_remaining > 0);
    if (!allowance) return invalid('venue_id', guestPassMessages.noneLeft);
    state.allowances = state.allowances.map((candidate) =>
      candidate === allowance ? { ...candidate, uses_remaining: candidate.uses_remaining - 1 } : candidate,
    );
    const pass: GuestPass = {
      id: state.nextId,
      guest_name: parsed.data.guest_name,
      guest_email: parsed.data.guest_email,
      status: 'issued',
      valid_from: isoDate(dayFromToday(0)),
      valid_to: isoDate(dayFromToday(guestPassValidDays - 1)),
      redeemed_at: null,
      venue,
      created_at: new Date().toISOString(),
    };
    state.nextId += 1;
    state.passes = [pass, ...state.passes];
    return HttpResponse.json({ data: pass }, { status: 201 });
  }),

  http.get(api('my-account/user/packages'), () =>
    hasSession() ? HttpResponse.json({ data: packages(state.allowances) }) : unauthenticated(),
  ),
];
