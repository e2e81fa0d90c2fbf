import type { AuthUser } from '@leisure/contract/auth';
import type { Client, DataFieldsResponse, Term } from '@leisure/contract/operator';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { writeCookie } from '../../shared/api/client';

/**
 * MSW for the account-site component tests: wire (snake_case) fixtures and the calls the
 * account-access screens make. Each test adds or overrides handlers with `server.use`.
 */
export const csrfCookie = 'leisure_xsrf';

export const wireUser: AuthUser = {
  id: 7,
  reference: 'RL100007',
  first_name: 'Alex',
  last_name: 'Morgan',
  email: 'member@example.com',
  home_venue_slug: null,
  membership_user: { id: 70 },
  credit: { balance: 0, formatted_balance: '£0.00' },
  has_instruction: false,
  has_billing_date: false,
  has_outstanding_penalties: false,
  document_expiry: [],
  membership_document_upload_required: false,
  days_allowance_to_upload_eligibility_document: 14,
  eligibility_document_due: null,
  profile_photo: {
    authorisation: { allowed: false },
    url: null,
    is_set: false,
    reminder: { dismissed: false },
  },
  is_staff: false,
  currency: 'GBP',
};

export function wireClient(overrides: Partial<Client> = {}): Client {
  return {
    id: 1,
    name: 'Riverside Leisure',
    app_name: 'Riverside Leisure',
    currency: 'GBP',
    online_joining_enabled: true,
    online_joining_map_enabled: false,
    online_guest_passes_enabled: false,
    credits_enabled: false,
    activities_v2_enabled: false,
    display_venue_selection_button: false,
    eligibility_days_allowance: 14,
    kiosk_home_url: null,
    kiosk_idle_ms: 90_000,
    test_payments: false,
    urls: { bookings: '/', account: '/account/', joining: '/join/' },
    ...overrides,
  };
}

type WireField = DataFieldsResponse['data']['sections'][number]['section_fields'][number];

function field(overrides: Partial<WireField> & Pick<WireField, 'name' | 'label' | 'type'>): WireField {
  return {
    path: overrides.name,
    is_required: false,
    is_authorised: true,
    options: [],
    placeholder: null,
    metadata: { description: null },
    html_attributes: {},
    answer: null,
    ...overrides,
  };
}

/** A small form with every field type, required fields and one the customer may not change. */
export function wireDataFields(answers: Record<string, WireField['answer']> = {}): DataFieldsResponse {
  const withAnswer = (value: WireField) => ({ ...value, answer: answers[value.name] ?? null });
  return {
    status: 'success',
    data: {
      checksum: '0123456789abcdef0123456789abcdef',
      sections: [
        {
          section_name: 'Personal details',
          section_reference: 'personal',
          section_fields: [
            field({
              name: 'title',
              label: 'Title',
              type: 'select',
              options: ['Mr', 'Ms', 'Mx'].map((value) => ({ value, label: value })),
            }),
            field({
              name: 'first_name',
              label: 'First name',
              type: 'text',
              is_required: true,
              html_attributes: { maxlength: 50, autocomplete: 'given-name' },
            }),
            field({ name: 'date_of_birth', label: 'Date of birth', type: 'date' }),
          ].map(withAnswer),
        },
        {
          section_name: 'Contact details',
          section_reference: 'contact',
          section_fields: [
            field({
              name: 'email',
              label: 'Email address',
              type: 'text',
              is_required: true,
              html_attributes: { type: 'email', maxlength: 254 },
            }),
          ].map(withAnswer),
        },
        {
          section_name: 'Preferences',
          section_reference: 'preferences',
          section_fields: [
            field({
              name: 'interests',
              label: 'What are you interested in?',
              type: 'multi_select',
              options: [
                { value: 'swimming', label: 'Swimming' },
                { value: 'gym', label: 'Gym' },
              ],
            }),
            field({
              name: 'visits_per_week',
              label: 'How many times a week do you plan to visit?',
              type: 'number',
              html_attributes: { min: 0, max: 14 },
            }),
            field({
              name: 'marketing_opt_in',
              label: 'Send me news and offers by email',
              type: 'checkbox',
              metadata: { description: 'You can change your mind at any time.' },
            }),
            field({
              name: 'membership_card_number',
              label: 'Membership card number',
              type: 'text',
              is_authorised: false,
              metadata: { description: 'Issued at reception.' },
            }),
          ].map(withAnswer),
        },
      ],
    },
  };
}

const wireTerms: Term[] = [
  { id: 1, title: 'Membership terms', html: '<p>Be kind to the equipment.</p>' },
  { id: 2, title: 'Privacy notice', html: '<p>We keep your data safe.</p>' },
];

export const server = setupServer();

/** Handlers every account screen may call; a test overrides the ones it is about. */
export function installDefaultHandlers({ client = wireClient(), terms = wireTerms } = {}) {
  server.use(
    http.get('/api/client', () => HttpResponse.json({ data: client })),
    http.get('/api/auth/user', () =>
      HttpResponse.json({ message: 'Please log in to continue.' }, { status: 401 }),
    ),
    http.get('/api/data-fields', () => HttpResponse.json(wireDataFields())),
    http.get('/api/terms', () => HttpResponse.json({ data: terms })),
    http.post('/api/auth/logout', () => {
      signOutCookie();
      return HttpResponse.json({ message: 'Logged out' });
    }),
  );
}

/** Appear logged in: the readable CSRF cookie is present and api/auth/user answers the user. */
export function signIn(user: AuthUser = wireUser) {
  writeCookie(`${csrfCookie}=x; path=/`); // the session cookie's stand-in
  server.use(http.get('/api/auth/user', () => HttpResponse.json({ data: user })));
}

export function signOutCookie() {
  writeCookie(`${csrfCookie}=; path=/; max-age=0`);
}

/**
 * The usual lifecycle of a signed-in screen test: the mock server runs for the file, and each test
 * starts with the default handlers and a signed-in member, and ends signed out with them reset.
 */
export function withSignedInServer(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    installDefaultHandlers();
    signIn();
  });
  afterEach(() => {
    server.resetHandlers();
    signOutCookie();
  });
  afterAll(() => server.close());
}
