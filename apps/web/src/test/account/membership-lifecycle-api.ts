import type { FreezeTypesResponse } from '@leisure/contract/freezes';
import type {
  ChangeCosts,
  ChangeOptionsResponse,
  RenewalDetails,
} from '@leisure/contract/membership-lifecycle';
import { HttpResponse, http, type RequestHandler } from 'msw';
import type { MyMembership } from '../../features/membership-lifecycle/api/types';
import { mockMembershipTypes } from '../../mocks/joining-handlers';
import { server } from './account-api';

/** MSW fixtures for the freeze, renew and change component tests (wire shapes, snake_case). */

export function myMembership(overrides: Partial<MyMembership> = {}): MyMembership {
  const day = (raw: string) => ({ fullDate: raw, raw });
  return {
    id: 41,
    reference: 'MEM-000041',
    status: 'active',
    statusInfo: null,
    membershipType: { id: 1, name: 'Anytime Gym', coverage: 'local', eligibilityCriterion: null },
    homeVenue: { id: 3, name: 'Leeds Riverside' },
    startDate: day('2026-01-10'),
    expiresAt: day('2027-01-09'),
    benefits: [],
    price: { raw: 34900, formatted: '£349.00' },
    nextPaymentDate: null,
    document: null,
    documentUploadRequired: false,
    documentDueDate: null,
    cancellation: null,
    managementEnabled: true,
    freezable: true,
    freezePending: false,
    cancellable: true,
    renewable: true,
    canRenew: true,
    renewForbidReason: null,
    canChange: true,
    cannotChangeReason: null,
    slug: 'anytime-gym',
    paymentType: 'fixed',
    paymentOptionId: 2,
    ...overrides,
  } as MyMembership;
}

const wireFreezeTypes: FreezeTypesResponse['data'] = {
  freeze_types: [
    {
      id: 1,
      reason: 'Medical',
      time_periods: ['1 month', '2 months', '3 months'],
      proof_of_eligibility: {
        description: 'A letter or fit note from your doctor.',
        document_type: "Doctor's note",
      },
    },
    { id: 2, reason: 'Travel', time_periods: ['1 month', '2 months'], proof_of_eligibility: null },
  ],
  min_freeze_start_date: '2026-11-24',
  max_freeze_start_date: '2026-12-24',
};

const wireRenewal: RenewalDetails = {
  id: 41,
  name: 'Anytime Gym',
  reference: 'MEM-000041',
  access: 'local',
  duration: '12 months',
  price: { raw: 34900, formatted: '£349.00', decimal: '349.00' },
  joining_fee: { raw: 1000, formatted: '£10.00', decimal: '10.00' },
  start_date: { raw: '2027-01-10', full_date_pretty: '10th January 2027' },
  end_date: { raw: '2028-01-09', full_date_pretty: '9th January 2028' },
  benefits: ['2 guest passes per month', 'Free classes'],
  description: '<p>Unlimited gym use.</p><img src=x onerror="window.hacked=1">',
  total_cost: { raw: 35900, formatted: '£359.00', decimal: '359.00' },
  can_renew: true,
  renew_forbid_reason: null,
  slug: 'anytime-gym',
  payment_option_id: 2,
  payment_type: 'fixed',
  home_venue: {
    id: 3,
    name: 'Leeds Riverside',
    slug: 'leeds-riverside',
    can_display_ineligible_memberships: false,
  },
  membership_type: null,
};

const wireChangeCosts: ChangeCosts = {
  costs: {
    total_due_now: { raw: 1500, formatted: '£15.00', decimal: '15.00' },
    composition: {
      month_in_hand: { raw: 0, formatted: '£0.00', decimal: '0.00' },
      fees: { raw: 0, formatted: '£0.00', decimal: '0.00' },
    },
    account_credit: { raw: 0, formatted: '£0.00', decimal: '0.00' },
  },
  new_membership_price: { raw: 4999, formatted: '£49.99', decimal: '49.99' },
  difference_to_old_membership: {
    amount: { raw: 1500, formatted: '£15.00', decimal: '15.00' },
    text: '£15.00 more than you have paid for 24 Nov 2026 to 30 Nov 2026',
    paid_period: { from: '2026-11-24', until: '2026-12-01' },
  },
  first_billing_date: '2026-12-01',
  pretty_first_billing_date: '1st December 2026',
  current_membership_ends: '2026-11-23',
  starts_at: { min: '2026-11-24', max: '2026-12-01' },
};

function wireChangeOptions(): ChangeOptionsResponse['data'] {
  return {
    membership_id: 41,
    current: { membership_type_id: 1, payment_option_id: 1, name: 'Anytime Gym' },
    home_venue: {
      id: 3,
      name: 'Leeds Riverside',
      slug: 'leeds-riverside',
      can_display_ineligible_memberships: false,
    },
    membership_types: mockMembershipTypes,
    starts_at: { min: '2026-11-24', max: '2026-12-24' },
  };
}

export interface FreezeCalls {
  bodies: FormData[];
}

export function installFreezeHandlers(status = 201, errors?: Record<string, string[]>): FreezeCalls {
  const calls: FreezeCalls = { bodies: [] };
  server.use(
    http.get('/api/my-account/user/memberships/:id/freezetypes', () =>
      HttpResponse.json({ data: wireFreezeTypes }),
    ),
    http.post('/api/my-account/user/memberships/:id/freeze', async ({ request }) => {
      calls.bodies.push(await request.formData());
      if (status !== 201)
        return HttpResponse.json({ message: 'The given data was invalid.', errors }, { status });
      return HttpResponse.json(
        {
          data: {
            id: 9,
            membership_id: 41,
            freeze_type: { id: 1, reason: 'Medical' },
            status: 'pending_approval',
            active_from: '2026-11-24',
            months: 2,
            ends_on: '2027-01-23',
            proof: { upload_id: 77, name: 'note.pdf', document_type: "Doctor's note" },
            rejection_reason: null,
          },
        },
        { status: 201 },
      );
    }),
  );
  return calls;
}

export function installRenewHandlers(options: { loadStatus?: number; addStatus?: number } = {}) {
  const calls = { added: 0 };
  server.use(
    http.get('/api/memberships/:id/renew', () =>
      options.loadStatus
        ? HttpResponse.json({ message: 'Server error' }, { status: options.loadStatus })
        : HttpResponse.json({ data: wireRenewal }),
    ),
    http.post('/api/memberships/:id/renew', () => {
      calls.added += 1;
      if (options.addStatus && options.addStatus !== 200) {
        return HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { membership: ['This membership has already been renewed.'] },
          },
          { status: options.addStatus },
        );
      }
      return HttpResponse.json({ data: { membership_id: 50, cart: { id: 1, uuid: 'u' }, cart_item_id: 3 } });
    }),
  );
  return calls;
}

/** The change calls; `posted` collects POST bodies. For a server of the test's choosing. */
export function changeHandlers(options: { status?: number } = {}, posted: unknown[] = []): RequestHandler[] {
  return [
    http.get('/api/memberships/:id/change', () =>
      options.status
        ? HttpResponse.json(
            { message: 'Unable to complete request, item not found.' },
            { status: options.status },
          )
        : HttpResponse.json({ data: wireChangeOptions() }),
    ),
    http.get('/api/memberships/:id/change/:optionId', () => HttpResponse.json({ data: wireChangeCosts })),
    http.post('/api/memberships/:id/change', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ data: { membership_id: 60, order_id: null, cart_item_id: 5 } });
    }),
  ];
}
