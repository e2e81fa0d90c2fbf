import type { CancelInfo, MyMembership } from '@leisure/contract/my-memberships';
import { HttpResponse, http } from 'msw';
import { server } from './account-api';

/** Wire (snake_case) fixtures of my memberships, cancel info and document uploads for component tests. */

export function wireMembership(overrides: Partial<MyMembership> = {}): MyMembership {
  return {
    id: 41,
    reference: 'MEM-000041',
    status: 'active',
    status_info: null,
    membership_type: { id: 3, name: 'Anytime Gym', coverage: 'Leeds', eligibility_criterion: null },
    home_venue: { id: 1, name: 'Riverside Leisure Centre Leeds' },
    start_date: { full_date: '1 Jun 2026', raw: '2026-06-01' },
    expires_at: null,
    benefits: [
      {
        id: 9,
        name: 'Guest passes',
        description: null,
        remaining_uses: 2,
        renews_at: { full_date: '1 Dec 2026', raw: '2026-12-01' },
      },
    ],
    price: { raw: 3000, formatted: '£30.00' },
    next_payment_date: { full_date: '1 Dec 2026', raw: '2026-12-01' },
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

const studentCriterion = {
  id: 4,
  name: 'Student',
  document_types: [
    { id: 11, name: 'Student ID card' },
    { id: 12, name: 'NUS card' },
  ],
};

export function wireStudentMembership(overrides: Partial<MyMembership> = {}): MyMembership {
  return wireMembership({
    id: 42,
    reference: 'MEM-000042',
    membership_type: {
      id: 4,
      name: 'Student Gym',
      coverage: 'Leeds',
      eligibility_criterion: studentCriterion,
    },
    document_upload_required: true,
    document_due_date: { full_date: '8 Dec 2026', raw: '2026-12-08' },
    ...overrides,
  });
}

export function wireCancelInfo(overrides: Partial<CancelInfo> = {}): CancelInfo {
  return {
    membership_id: 41,
    allow_online_membership_cancellation: true,
    membership_cancellation_refusal_message: null,
    outstanding_penalties_due: [],
    has_outstanding_penalties_due: false,
    total_owed: { amount: 0, formatted: '£0.00' },
    payment_type: 'recurring',
    recurring: {
      cancellation_notice_period: 30,
      earliest_final_payment_date: { full_date: '1 Dec 2026', raw: '2026-12-01' },
      earliest_final_day_of_membership: { full_date: '31 Dec 2026', raw: '2026-12-31' },
      cancellation_notice_required: true,
    },
    ...overrides,
  };
}

export const wireDebts: CancelInfo['outstanding_penalties_due'] = [
  {
    id: 1,
    type: 'Late cancellation fee',
    fee_amount: { amount: 500, formatted: '£5.00' },
    venue: 'Riverside Leisure Centre Leeds',
    session: 'Spin class',
    created_at: '12/11/2026 18:00',
  },
  {
    id: 2,
    type: 'No-show fee',
    fee_amount: { amount: 750, formatted: '£7.50' },
    venue: 'Riverside Leisure Centre York',
    session: 'Yoga',
    created_at: '15/11/2026 09:30',
  },
];

/** The memberships list answers `list` (a function, so a test can change it after a call). */
export function installMembershipHandlers(list: () => MyMembership[]) {
  server.use(http.get('/api/my-account/user/memberships', () => HttpResponse.json({ data: list() })));
}
