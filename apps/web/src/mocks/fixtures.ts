import type { AuthUser } from '@leisure/contract/auth';
import type { Client, DataFieldsResponse, Term, Theme } from '@leisure/contract/operator';

/**
 * Wire-format (snake_case) answers for the mock-API mode and the component tests: a fictional
 * operator, like the API's demo seed. Types come from the contract, so a change there shows here.
 */

export const mockTheme: Theme = {
  theme_app_primary_colour: '#0B5CAD',
  theme_app_secondary_colour_1: '#0A3D62',
  theme_app_secondary_colour_2: '#12355B',
  theme_app_dark_bg_colour: '#1D2433',
  theme_app_header_bg_colour: '#1D2433',
  header_primary_colour: '#FFFFFF',
  theme_app_heading_font_style: 'garage_gothic',
  theme_app_body_font_style: 'roboto',
  theme_app_secondary_button_style: 'solid',
};

/** A venue whose theme differs from the operator's. */
export const mockVenueThemes: Record<string, Theme> = {
  'york-ouse-bank': {
    ...mockTheme,
    theme_app_primary_colour: '#0B7A75',
    theme_app_secondary_button_style: 'outline',
    theme_app_body_font_style: 'lato',
  },
};

export const mockClient: Client = {
  id: 1,
  name: 'Riverside Leisure',
  app_name: 'Riverside Leisure',
  currency: 'GBP',
  online_joining_enabled: true,
  online_joining_map_enabled: true,
  online_guest_passes_enabled: true,
  credits_enabled: true,
  activities_v2_enabled: false,
  display_venue_selection_button: true,
  eligibility_days_allowance: 14,
  kiosk_home_url: null,
  kiosk_idle_ms: 90_000,
  test_payments: false,
  urls: { bookings: '', account: '/account', joining: '/join' },
};

export const mockFooterHtml = [
  '<div class="operator-footer">',
  '<section><h2>Riverside Leisure</h2>',
  '<p>Customer services: <a href="tel:+441134960100">0113 496 0100</a>, Monday to Friday 9:00am to 5:00pm.</p>',
  '</section>',
  '<p>Riverside Leisure is a fictional operator used to demonstrate this application.</p>',
  '</div>',
].join('');

export const mockVenueFooters: Record<string, string> = {
  'york-ouse-bank':
    '<div class="venue-footer"><section><h2>York Ouse Bank Leisure Centre</h2><address>1 Ouse Bank<br>York</address></section></div>',
};

export const mockTerms: Term[] = [
  {
    id: 1,
    title: 'Terms and Conditions',
    html: '<p>These terms apply to your account.</p><h3>1. Your account</h3><p>Keep your password safe.</p>',
  },
  { id: 2, title: 'Privacy Policy', html: '<p>We keep your details only to run your account.</p>' },
];

export const mockCheckoutTerms: Term[] = [
  { id: 3, title: 'Terms of Sale', html: '<p>These terms apply to everything you buy in the basket.</p>' },
];

export const mockDataFields: DataFieldsResponse = {
  status: 'success',
  data: {
    checksum: 'mock-checksum-1',
    sections: [
      {
        section_name: 'Personal details',
        section_reference: 'personal',
        section_fields: [
          {
            name: 'first_name',
            path: 'first_name',
            label: 'First name',
            type: 'text',
            is_required: true,
            is_authorised: true,
            options: [],
            placeholder: null,
            metadata: { description: null },
            html_attributes: { maxlength: 50, autocomplete: 'given-name' },
            answer: null,
          },
          {
            name: 'last_name',
            path: 'last_name',
            label: 'Last name',
            type: 'text',
            is_required: true,
            is_authorised: true,
            options: [],
            placeholder: null,
            metadata: { description: null },
            html_attributes: { maxlength: 50, autocomplete: 'family-name' },
            answer: null,
          },
        ],
      },
      {
        section_name: 'Contact details',
        section_reference: 'contact',
        section_fields: [
          {
            name: 'email',
            path: 'email',
            label: 'Email address',
            type: 'text',
            is_required: true,
            is_authorised: true,
            options: [],
            placeholder: null,
            metadata: { description: null },
            html_attributes: { type: 'email', maxlength: 254, autocomplete: 'email' },
            answer: null,
          },
        ],
      },
    ],
  },
};

/** The demo member the mock login accepts. */
export const mockCredentials = { username: 'member@example.com', password: 'Member-Pass-1' };

export const mockUser: AuthUser = {
  id: 101,
  reference: 'RL000101',
  first_name: 'Morgan',
  last_name: 'Reed',
  email: mockCredentials.username,
  home_venue_slug: 'leeds-riverside',
  membership_user: { id: 5001 },
  credit: { balance: 1250, formatted_balance: '£12.50' },
  has_instruction: true,
  has_billing_date: true,
  has_outstanding_penalties: false,
  document_expiry: [],
  membership_document_upload_required: false,
  days_allowance_to_upload_eligibility_document: 14,
  eligibility_document_due: null,
  profile_photo: {
    authorisation: { allowed: true },
    url: null,
    is_set: false,
    reminder: { dismissed: false },
  },
  is_staff: false,
  currency: 'GBP',
};
