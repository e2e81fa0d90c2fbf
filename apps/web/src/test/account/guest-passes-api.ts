import type {
  GuestPass,
  GuestPassAllowance,
  GuestPassListResponse,
  MemberPackage,
} from '@leisure/contract/guest-passes';
import { HttpResponse, http } from 'msw';
import { server, wireUser } from './account-api';

/** Wire (snake_case) fixtures of guest passes, allowances and packages for the component tests. */
const guestPassUserId = wireUser.id;

const wireVenues = {
  leeds: { id: 1, name: 'Riverside Leisure Centre Leeds' },
  york: { id: 2, name: 'Riverside Leisure Centre York' },
  hull: { id: 3, name: 'Hull Docks Pool' },
};

export function wireAllowances(): GuestPassAllowance[] {
  return [
    {
      id: 'benefit-10-4',
      pricing_option_id: 31,
      type: 'benefit',
      name: 'Family',
      uses_remaining: 3,
      total_uses: 4,
      expires_at: '2026-11-30T23:59:59.000Z',
      venues: [wireVenues.leeds, wireVenues.york],
    },
    {
      id: 'package-5',
      pricing_option_id: 5,
      type: 'package',
      name: 'Bring a Friend 10',
      uses_remaining: 1,
      total_uses: 10,
      expires_at: '2027-03-24T23:59:00.000Z',
      venues: [wireVenues.hull],
    },
  ];
}

const statuses: GuestPass['status'][] = ['issued', 'redeemed', 'expired'];

export function wirePass(id: number, overrides: Partial<GuestPass> = {}): GuestPass {
  return {
    id,
    guest_name: `Guest ${id}`,
    guest_email: `guest${id}@example.net`,
    status: statuses[id % 3] ?? 'issued',
    valid_from: '2026-11-20',
    valid_to: '2026-11-26',
    redeemed_at: id % 3 === 1 ? '2026-11-21T18:30:00.000Z' : null,
    venue: wireVenues.leeds,
    created_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** `total` passes, newest (highest id) first, served 10 a page like the API. */
function wirePassPage(total: number, page: number, perPage = 10): GuestPassListResponse {
  const all = Array.from({ length: total }, (_, index) => wirePass(total - index));
  const data = all.slice((page - 1) * perPage, page * perPage);
  const first = data.length ? (page - 1) * perPage + 1 : 0;
  return {
    data,
    meta: {
      pagination: {
        current_page: page,
        total_pages: Math.max(1, Math.ceil(total / perPage)),
        total_records: total,
        first_record_on_current_page: first,
        last_record_on_current_page: data.length ? first + data.length - 1 : 0,
      },
    },
  };
}

function wirePackages(): MemberPackage[] {
  return [
    {
      id: 5,
      name: 'Bring a Friend 10',
      description: 'Ten guest passes for friends and family.',
      uses_total: 0,
      uses_remaining: 0,
      guest_pass_uses_total: 10,
      guest_pass_uses_remaining: 7,
      venues: [wireVenues.leeds, wireVenues.york],
      expires_at: '2027-03-24T23:59:00.000Z',
      status: 'active',
      order_id: null,
      purchased_at: '2026-09-25T11:00:00.000Z',
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
      expires_at: '2026-10-10T22:59:00.000Z',
      status: 'expired',
      order_id: 812,
      purchased_at: '2026-06-27T11:00:00.000Z',
    },
  ];
}

const base = `/api/v1/users/${guestPassUserId}/guestPasses`;

/** The guest pass calls: `total` sent passes, the allowances, and a send that answers 201. */
export function installGuestPassHandlers({
  total = 23,
  allowances = wireAllowances(),
}: {
  total?: number;
  allowances?: GuestPassAllowance[];
} = {}) {
  server.use(
    http.get(base, ({ request }) => {
      const url = new URL(request.url);
      return HttpResponse.json(wirePassPage(total, Number(url.searchParams.get('page') ?? '1')));
    }),
    http.get(`${base}/allowances`, () => HttpResponse.json({ data: allowances })),
    http.get(`${base}/:id`, ({ params }) => {
      const id = Number(params.id);
      if (id > total)
        return HttpResponse.json({ message: 'Unable to complete request, item not found.' }, { status: 404 });
      return HttpResponse.json({ data: wirePass(id) });
    }),
    http.get('/api/my-account/user/packages', () => HttpResponse.json({ data: wirePackages() })),
  );
}

export const guestPassesUrl = base;
