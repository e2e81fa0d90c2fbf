import { z } from 'zod';
import { zOnboardingType } from './auth';

// ---- Theme (shell-session-basket.md 3) -------------------------------------------------------

export const fontKeys = ['garage_gothic', 'lato', 'open_sans', 'roboto'] as const;
export const zFontKey = z.enum(fontKeys);
export type FontKey = z.infer<typeof zFontKey>;

/** Null values are dropped from the answer; the client fills the spec's defaults. */
export const zTheme = z.object({
  theme_app_logo: z.string().optional(),
  theme_app_primary_colour: z.string().optional(),
  theme_app_secondary_colour_1: z.string().optional(),
  theme_app_secondary_colour_2: z.string().optional(),
  theme_app_dark_bg_colour: z.string().optional(),
  theme_app_header_bg_colour: z.string().optional(),
  header_primary_colour: z.string().optional(),
  theme_app_heading_font_style: zFontKey.optional(),
  theme_app_body_font_style: zFontKey.optional(),
  theme_app_secondary_button_style: z.enum(['solid', 'outline']).optional(),
});
export type Theme = z.infer<typeof zTheme>;

export const zThemeQuery = z.object({ venue: z.string().max(100).optional() });
export const zThemeResponse = z.object({ data: zTheme });

// ---- Client (operator) -----------------------------------------------------------------------

export const zClient = z.object({
  id: z.number().int(),
  name: z.string(),
  app_name: z.string(),
  currency: z.string(),
  online_joining_enabled: z.boolean(),
  online_joining_map_enabled: z.boolean(),
  online_guest_passes_enabled: z.boolean(),
  credits_enabled: z.boolean(),
  activities_v2_enabled: z.boolean(),
  display_venue_selection_button: z.boolean(),
  eligibility_days_allowance: z.number().int(),
  kiosk_home_url: z.string().nullable(),
  /** Kiosk inactivity before logout, in ms (spec: 90,000; a setting so tests can shorten it). */
  kiosk_idle_ms: z.number().int().positive(),
  /** Public URLs of the three sub-sites, for links that cross them. */
  urls: z.object({ bookings: z.string(), account: z.string(), joining: z.string() }),
  /**
   * A production site running on the sandbox payment providers (a staging site,
   * ALLOW_SANDBOX_PROVIDERS): every page says that payments are not real.
   */
  test_payments: z.boolean(),
});
export type Client = z.infer<typeof zClient>;
export const zClientResponse = z.object({ data: zClient });

// ---- Footer ------------------------------------------------------------------------------------

export const zFooterQuery = z.object({ venue: z.string().max(100).optional() });
/** HTML supplied by the operator; the client sanitises it before it renders it. */
export const zFooterResponse = z.object({ data: z.string() });

// ---- Terms ---------------------------------------------------------------------------------------

export const zTerm = z.object({ id: z.number().int(), title: z.string(), html: z.string() });
export type Term = z.infer<typeof zTerm>;
/** Without `cart_id`: the account (registration) terms; with it: the terms for that basket. */
export const zTermsQuery = z.object({
  cart_id: z.coerce
    .number({ error: 'The cart id must be a number.' })
    .int('The cart id must be a whole number.')
    .positive('The cart id must be a whole number.')
    .max(2_147_483_647, 'The cart id must be a whole number.')
    .optional(),
  /** The joining flow's kinds: `direct_debit`, `health_commitment` or `membership` (takes precedence). */
  type: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(['direct_debit', 'health_commitment', 'membership'], { error: 'Unknown terms type.' }).optional(),
  ),
});
export const zTermsResponse = z.object({ data: z.array(zTerm) });

// ---- Data fields (my-account.md 3) --------------------------------------------------------------

export const dataFieldTypes = ['text', 'number', 'select', 'multi_select', 'date', 'checkbox'] as const;
export const zDataFieldType = z.enum(dataFieldTypes);

export const zDataField = z.object({
  name: z.string(),
  path: z.string(),
  label: z.string(),
  type: zDataFieldType,
  is_required: z.boolean(),
  is_authorised: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  placeholder: z.string().nullable(),
  metadata: z.object({ description: z.string().nullable() }),
  html_attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  /** The signed-in user's current answer; null when anonymous or unanswered. */
  answer: z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]),
});
export type DataField = z.infer<typeof zDataField>;

export const zDataFieldSection = z.object({
  section_name: z.string(),
  section_reference: z.string(),
  section_fields: z.array(zDataField),
});

export const zDataFieldsQuery = z.object({ onboarding_type: zOnboardingType });
export const zDataFieldsResponse = z.object({
  status: z.literal('success'),
  data: z.object({ sections: z.array(zDataFieldSection), checksum: z.string() }),
});
export type DataFieldsResponse = z.infer<typeof zDataFieldsResponse>;
