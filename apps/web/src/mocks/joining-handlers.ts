import type { DirectDebitValidateResponse } from '@leisure/contract/direct-debit';
import type {
  AdditionalQuestion,
  CostBreakdown,
  JoiningVenue,
  MembershipMoney,
  MembershipType,
  PaymentOption,
  SubmitMembershipResponse,
} from '@leisure/contract/memberships';
import type { Term } from '@leisure/contract/operator';
import { HttpResponse, http } from 'msw';
import { getApiSettings, readCookie } from '../shared/api/client';

/**
 * MSW handlers for online joining (joining-and-payments.md 7), in the API's wire format: the venues
 * for the map, membership types, prices, promotions, questions, the joining terms, the direct-debit
 * check, the submit-new-membership call, and registration for the joining flow.
 */

const api = (path: string) => `*/api/${path}`;
const hasSession = () => Boolean(readCookie(getApiSettings().csrfCookie));

const money = (raw: number): MembershipMoney => ({
  raw,
  formatted: `£${(raw / 100).toFixed(2)}`,
  decimal: (raw / 100).toFixed(2),
});

export const mockJoiningVenues: JoiningVenue[] = [
  {
    id: 1,
    name: 'Leeds Riverside Leisure Centre',
    slug: 'leeds-riverside',
    address1: '1 Riverside Way',
    address2: null,
    town: 'Leeds',
    postcode: 'LS1 4AP',
    lat: 53.7936,
    lng: -1.5466,
    venue_type: 'leisure_centre',
    can_display_ineligible_memberships: true,
    distance: null,
  },
  {
    id: 2,
    name: 'York Ouse Bank Leisure Centre',
    slug: 'york-ouse-bank',
    address1: '1 Ouse Bank',
    address2: null,
    town: 'York',
    postcode: 'YO1 7HH',
    lat: 53.9545,
    lng: -1.0817,
    venue_type: 'leisure_centre',
    can_display_ineligible_memberships: false,
    distance: null,
  },
  {
    id: 3,
    name: 'Harrogate Stray Pool',
    slug: 'harrogate-stray',
    address1: '2 Stray Road',
    address2: 'Low Harrogate',
    town: 'Harrogate',
    postcode: 'HG1 1AA',
    lat: 53.99,
    lng: -1.537,
    venue_type: 'pool',
    can_display_ineligible_memberships: false,
    distance: null,
  },
];

const purchasable = { can_purchase: true, has_prices: true, message: null };

function option(
  id: number,
  paymentType: PaymentOption['payment_type'],
  price: number,
  joiningFee: number,
  fixed: { duration: number; period: 'month' | 'year' } | null = null,
): PaymentOption {
  return {
    id,
    name: paymentType === 'recurring' ? 'Monthly' : 'Single payment',
    payment_type: paymentType,
    fixed_duration: fixed?.duration ?? null,
    fixed_period: fixed?.period ?? null,
    fees: { base_fee: money(price), joining_fee: money(joiningFee) },
    global_base_price: money(price),
    total_to_pay_now: money(price + joiningFee),
    is_purchasable: purchasable,
  };
}

export const mockMembershipTypes: MembershipType[] = [
  {
    id: 10,
    name: 'Gold',
    slug: 'gold',
    categories: [{ id: 1, name: 'Adult' }],
    coverage: 'national',
    description:
      '<p>Gym, pool and classes at <strong>every</strong> centre.</p><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="" onerror="alert(1)">',
    eligibility: null,
    benefits: [{ name: 'Guest passes', total_uses: 2, frequency: 'months', description: null }],
    provides_access_to: [],
    payment_options: [
      option(101, 'recurring', 3500, 1500),
      option(102, 'fixed', 35000, 0, { duration: 12, period: 'month' }),
    ],
    is_purchasable: purchasable,
  },
  {
    id: 11,
    name: 'Student Swim',
    slug: 'student-swim',
    categories: [
      { id: 2, name: 'Student' },
      { id: 3, name: 'Swim' },
    ],
    coverage: 'Leeds',
    description: '<p>Swimming for students.</p>',
    eligibility: {
      name: 'Students',
      min_age: 16,
      max_age: null,
      requires_document: true,
      document_types: ['Student ID card'],
    },
    benefits: [],
    provides_access_to: [{ id: 1, name: 'Leeds Riverside Leisure Centre' }],
    payment_options: [option(111, 'recurring', 2000, 0)],
    is_purchasable: purchasable,
  },
  {
    id: 12,
    name: 'Junior Gym',
    slug: 'junior-gym',
    categories: [{ id: 4, name: 'Junior' }],
    coverage: 'York',
    description: '<p>Supervised gym sessions for 11 to 15 year olds.</p>',
    eligibility: { name: 'Juniors', min_age: 11, max_age: 15, requires_document: false, document_types: [] },
    benefits: [],
    provides_access_to: [{ id: 2, name: 'York Ouse Bank Leisure Centre' }],
    payment_options: [option(121, 'fixed', 12000, 0, { duration: 6, period: 'month' })],
    is_purchasable: purchasable,
  },
];

/** Signed in, the student membership has no prices (the mock member is not a student). */
function typesFor(signedIn: boolean): MembershipType[] {
  if (!signedIn) return mockMembershipTypes;
  const ineligible = {
    can_purchase: false,
    has_prices: false,
    message: 'You are not eligible for this membership',
  };
  return mockMembershipTypes.map((type) =>
    type.slug === 'student-swim'
      ? {
          ...type,
          is_purchasable: ineligible,
          payment_options: type.payment_options.map((item) => ({ ...item, is_purchasable: ineligible })),
        }
      : type,
  );
}

const mockQuestions: Record<number, AdditionalQuestion[]> = {
  10: [
    {
      id: 501,
      reference: 'heard-about-us',
      label: 'How did you hear about us?',
      type: 'select',
      options: [
        { value: 'friend', label: 'A friend' },
        { value: 'web', label: 'Online' },
      ],
      placeholder: null,
      default: null,
      is_required: true,
      answer: null,
    },
    {
      id: 502,
      reference: 'goals',
      label: 'Your fitness goals',
      type: 'text',
      options: [],
      placeholder: null,
      default: null,
      is_required: false,
      answer: null,
    },
  ],
};

const mockJoiningTerms: Record<string, Term[]> = {
  health_commitment: [{ id: 21, title: 'Health commitment', html: '<p>I am fit to exercise.</p>' }],
  membership: [{ id: 22, title: 'Membership terms', html: '<p>The membership renews each month.</p>' }],
  direct_debit: [{ id: 23, title: 'The Direct Debit Guarantee', html: '<p>The Direct Debit Guarantee.</p>' }],
};

const mockPromotion = { code: 'WELCOME10', id: 7 };

/** Pro-rata days from the start date to the next billing day (billing day 1 by default). */
function costsFor(typeId: number, optionId: number, query: URLSearchParams): CostBreakdown | null {
  const type = mockMembershipTypes.find((item) => item.id === typeId);
  const chosen = type?.payment_options.find((item) => item.id === optionId);
  if (!chosen) return null;
  const start = query.get('start_date') ?? new Date().toISOString().slice(0, 10);
  const discount = query.get('promotion_code_id') === String(mockPromotion.id) ? 500 : 0;
  const recurring = chosen.payment_type === 'recurring';
  const billingDay = Number(query.get('billing_day') ?? 1) || 1;
  const startDate = new Date(`${start}T00:00:00Z`);
  const first = new Date(
    Date.UTC(
      startDate.getUTCFullYear(),
      startDate.getUTCMonth() + (startDate.getUTCDate() >= billingDay ? 1 : 0),
      billingDay,
    ),
  );
  const proRataDays = recurring ? Math.round((first.getTime() - startDate.getTime()) / 86_400_000) : 0;
  const proRata = recurring ? Math.round((chosen.global_base_price.raw * proRataDays) / 30) : 0;
  const base = recurring ? 0 : chosen.global_base_price.raw;
  const joining = chosen.fees.joining_fee.raw;
  const total = Math.max(0, joining + proRata + base - discount);
  const firstIso = first.toISOString().slice(0, 10);
  return {
    payment_option_id: chosen.id,
    payment_type: chosen.payment_type,
    fixed_duration: chosen.fixed_duration,
    fixed_period: chosen.fixed_period,
    fees: {
      joining_fee: money(joining),
      base_fee: money(chosen.global_base_price.raw),
      pro_rata_fee: money(proRata),
      month_in_hand_fee: money(0),
      discount: money(discount),
    },
    global_base_price: chosen.global_base_price,
    total_to_pay_now: money(total),
    start_date: start,
    pro_rata_days: proRataDays,
    first_billing_date: recurring ? firstIso : null,
    pretty_first_billing_date: recurring
      ? first.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
      : null,
    billing_day: recurring ? billingDay : null,
    end_date: null,
    promotion_enabled: true,
    promotion_code: discount ? mockPromotion.code : null,
    currency: 'GBP',
  };
}

/** The GoCardless sandbox details the mock accepts; other valid-looking numbers fail the modulus check. */
const mockBankDetails = { sortCode: '200000', accountNumber: '55779911' };

/** A few towns for the map search in mock mode; the real API searches a gazetteer of UK places. */
const mockPlaces = [
  { name: 'Leeds', lat: 53.796, lng: -1.548 },
  { name: 'York', lat: 53.958, lng: -1.081 },
  { name: 'Manchester', lat: 53.481, lng: -2.237 },
  { name: 'Sheffield', lat: 53.383, lng: -1.466 },
];

export const joiningHandlers = [
  http.get(api('online-joining/venues'), () => HttpResponse.json({ data: mockJoiningVenues })),
  http.get(api('online-joining/geocode'), ({ request }) => {
    const q = (new URL(request.url).searchParams.get('q') ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
    return HttpResponse.json({
      data: mockPlaces.filter((place) => place.name.toLowerCase().startsWith(q)),
      finds_postcodes: false,
    });
  }),

  http.get(api('memberships/types'), () => HttpResponse.json({ data: typesFor(hasSession()) })),

  http.get(api('memberships/types/:typeId/payment-options/:optionId'), ({ params, request }) => {
    const costs = costsFor(Number(params.typeId), Number(params.optionId), new URL(request.url).searchParams);
    return costs
      ? HttpResponse.json({ data: costs })
      : HttpResponse.json({ message: 'Could not calculate price.' }, { status: 422 });
  }),

  http.get(api('v1/membership-promotions/validate/:code/:paymentOptionId'), ({ params }) =>
    String(params.code).toUpperCase() === mockPromotion.code
      ? HttpResponse.json({ data: mockPromotion })
      : HttpResponse.json(
          { message: 'Code not recognised', errors: { code: ['Code not recognised'] } },
          { status: 422 },
        ),
  ),

  http.get(api('custom-questions/memberships/:membershipId'), ({ params }) =>
    HttpResponse.json({ data: mockQuestions[Number(params.membershipId)] ?? [] }),
  ),

  // Only the joining kinds of terms; the account and basket terms fall through to the shell's handler.
  http.get(api('terms'), ({ request }) => {
    const type = new URL(request.url).searchParams.get('type');
    if (!type) return undefined;
    return HttpResponse.json({ data: mockJoiningTerms[type] ?? [] });
  }),

  http.post(api('online-joining/direct-debit/validate'), async ({ request }) => {
    const body = (await request.json()) as {
      account_holder_name?: string;
      account_number?: string;
      sort_code?: string;
    };
    if (
      body.sort_code !== mockBankDetails.sortCode ||
      body.account_number !== mockBankDetails.accountNumber
    ) {
      return HttpResponse.json(
        {
          message: 'Please check your account number and sort code.',
          errors: { account_number: ['Please check your account number and sort code.'] },
        },
        { status: 422 },
      );
    }
    const answer: DirectDebitValidateResponse = {
      data: {
        account_holder_name: body.account_holder_name ?? '',
        bank_name: 'BARCLAYS BANK PLC',
        account_number_ending: '11',
        account_number_masked: '******11',
        sort_code: mockBankDetails.sortCode,
        details_token: 'mock-details-token',
        details_expires_at: new Date(Date.now() + 3_600_000).toISOString(),
      },
    };
    return HttpResponse.json(answer);
  }),

  http.post(api('online-joining/memberships'), async ({ request }) => {
    if (!hasSession()) return HttpResponse.json({ message: 'Please log in to continue.' }, { status: 401 });
    const body = (await request.json()) as {
      membership_type_id: number;
      payment_option_id: number;
      home_venue_id: number;
      start_date: string;
    };
    const costs = costsFor(body.membership_type_id, body.payment_option_id, new URLSearchParams());
    const type = mockMembershipTypes.find((item) => item.id === body.membership_type_id);
    if (!costs || !type) {
      return HttpResponse.json(
        {
          message: 'Could not find selected membership',
          errors: { membership_type_id: ['Could not find selected membership'] },
        },
        { status: 422 },
      );
    }
    const answer: SubmitMembershipResponse = {
      data: {
        membership: {
          id: 9001,
          status: 'draft',
          membership_type_id: type.id,
          membership_type_name: type.name,
          payment_option_id: costs.payment_option_id,
          payment_type: costs.payment_type,
          home_venue_id: body.home_venue_id,
          start_date: body.start_date,
          billing_day: costs.billing_day,
          first_billing_date: costs.first_billing_date,
          end_date: null,
          requires_document: false,
        },
        cart: { id: 1, uuid: 'mock-cart' },
        cart_item_id: 77,
        costs,
        new_mandate: costs.payment_type === 'recurring',
      },
    };
    return HttpResponse.json(answer, { status: 201 });
  }),

  // Registration answers the same whether or not the address is in use and signs nobody in, as the
  // API does: the flow logs in next.
  http.post(api('auth/customer/register'), () =>
    HttpResponse.json(
      {
        status: 'success',
        message: 'Thank you for registering. We have sent you an email: please check your inbox.',
      },
      { status: 201 },
    ),
  ),

  http.put(api('my-account/user/update'), () =>
    HttpResponse.json({ status: 'success', message: 'Details saved' }),
  ),
];
