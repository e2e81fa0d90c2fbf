import { z } from 'zod';
import { parseColour } from '../colours';
import { zFontKey } from '../operator';

/**
 * The console's Operator area (issue 47): the operator's settings and gates, its footer, the theme
 * (a draft staff edit and preview, then publish) with per-venue overrides, and the terms.
 */

/** Whether text holds a control character (tabs and line breaks allowed when `lines`). */
function hasControl(text: string, lines: boolean): boolean {
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (lines && (code === 9 || code === 10 || code === 13)) continue;
    if (code < 32 || code === 127) return true;
  }
  return false;
}
const zLine = (max: number) =>
  z
    .string({ error: 'Required' })
    .trim()
    .min(1, 'Required')
    .max(max, `At most ${max} characters.`)
    .refine((text) => !hasControl(text, false), 'Must not contain control characters.');
/** Operator HTML (footer, terms): stored as given, sanitised where it is rendered (DESIGN.md). */
export const zOperatorHtml = z
  .string()
  .max(50_000, 'At most 50,000 characters.')
  .refine((text) => !hasControl(text, true), 'Must not contain control characters.');

// ---- Settings -----------------------------------------------------------------------------------

export const zOperatorSettings = z.object({
  /** The operator's id (its audit entries name it). */
  id: z.number().int(),
  name: z.string(),
  app_name: z.string(),
  support_email: z.string(),
  online_joining_enabled: z.boolean(),
  online_joining_map_enabled: z.boolean(),
  online_guest_passes_enabled: z.boolean(),
  credits_enabled: z.boolean(),
  activities_v2_enabled: z.boolean(),
  display_venue_selection_button: z.boolean(),
  profile_photos_enabled: z.boolean(),
  eligibility_days_allowance: z.number().int(),
  kiosk_home_url: z.string().nullable(),
  footer_html: z.string(),
});
export type OperatorSettings = z.infer<typeof zOperatorSettings>;
export const zOperatorSettingsResponse = z.object({ data: zOperatorSettings });

/** `PATCH api/admin/operator`: only the keys given change. */
export const zUpdateOperatorSettingsRequest = z
  .object({
    name: zLine(120),
    app_name: zLine(120),
    support_email: z.email('Must be an email address.').max(254),
    online_joining_enabled: z.boolean(),
    online_joining_map_enabled: z.boolean(),
    online_guest_passes_enabled: z.boolean(),
    credits_enabled: z.boolean(),
    activities_v2_enabled: z.boolean(),
    display_venue_selection_button: z.boolean(),
    profile_photos_enabled: z.boolean(),
    eligibility_days_allowance: z
      .number({ error: 'Must be a whole number.' })
      .int('Must be a whole number.')
      .min(0, 'Must be 0 or more.')
      .max(365, 'At most 365 days.'),
    kiosk_home_url: z
      .url({ protocol: /^https?$/, error: 'Must be an http(s) address.' })
      .max(2000)
      .nullable(),
    footer_html: zOperatorHtml,
  })
  .partial()
  .strict();
export type UpdateOperatorSettingsRequest = z.infer<typeof zUpdateOperatorSettingsRequest>;

// ---- Footers ------------------------------------------------------------------------------------

export const zVenueFooter = z.object({ venue_id: z.number().int(), footer_html: z.string() });
export const zVenueFooterResponse = z.object({ data: zVenueFooter });
export const zUpdateVenueFooterRequest = z.object({ footer_html: zOperatorHtml }).strict();

// ---- Theme ----------------------------------------------------------------------------------------

const zColour = z
  .string()
  .trim()
  .max(20)
  .refine((value) => parseColour(value) !== null, 'Must be a 3- or 6-digit hex colour or an "R G B" triple.');

/** The theme's settings in the wire keys of `GET api/frontend/theme`; null = not set (inherit). */
export const zThemeSettings = z.object({
  theme_app_logo: z.string().max(2000).nullable(),
  theme_app_primary_colour: zColour.nullable(),
  theme_app_secondary_colour_1: zColour.nullable(),
  theme_app_secondary_colour_2: zColour.nullable(),
  theme_app_dark_bg_colour: zColour.nullable(),
  theme_app_header_bg_colour: zColour.nullable(),
  header_primary_colour: zColour.nullable(),
  theme_app_heading_font_style: zFontKey.nullable(),
  theme_app_body_font_style: zFontKey.nullable(),
  theme_app_secondary_button_style: z.enum(['solid', 'outline']).nullable(),
});
export type ThemeSettings = z.infer<typeof zThemeSettings>;
export const themeSettingKeys = Object.keys(zThemeSettings.shape) as (keyof ThemeSettings)[];

/** A theme as the console edits it: what is live, and the draft when one is pending. */
export const zAdminTheme = z.object({
  /** The theme row's id (its audit entries name it); null before anything was saved. */
  id: z.number().int().nullable(),
  /** Null for the operator's theme; the venue's id for its override. */
  venue_id: z.number().int().nullable(),
  published: zThemeSettings,
  draft: zThemeSettings.nullable(),
});
export type AdminTheme = z.infer<typeof zAdminTheme>;
export const zAdminThemeResponse = z.object({ data: zAdminTheme });

/** `PUT api/admin/operator/theme/draft` (or a venue's): the whole draft; null values inherit. */
export const zSaveThemeDraftRequest = zThemeSettings.partial().strict();
export type SaveThemeDraftRequest = z.infer<typeof zSaveThemeDraftRequest>;

// ---- Terms ---------------------------------------------------------------------------------------

export const termsContexts = [
  'registration',
  'checkout',
  'direct_debit',
  'health_commitment',
  'membership',
] as const;
export const zTermsContext = z.enum(termsContexts);

export const zAdminTerm = z.object({
  id: z.number().int(),
  context: zTermsContext,
  title: z.string(),
  html: z.string(),
  position: z.number().int(),
  active: z.boolean(),
  created_at: z.string(),
});
export type AdminTerm = z.infer<typeof zAdminTerm>;
export const zAdminTermResponse = z.object({ data: zAdminTerm });

export const zAdminTermsQuery = z.object({
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
  context: zTermsContext.optional(),
});

export const zCreateTermRequest = z
  .object({
    context: zTermsContext,
    title: zLine(200),
    html: zOperatorHtml.min(1, 'Required'),
    position: z.number().int().min(0).max(10_000).default(0),
  })
  .strict();
export type CreateTermRequest = z.infer<typeof zCreateTermRequest>;

/** `PATCH api/admin/terms/:id`: a changed text of terms already accepted becomes a new version. */
export const zUpdateTermRequest = z
  .object({
    title: zLine(200),
    html: zOperatorHtml.min(1, 'Required'),
    position: z.number().int().min(0).max(10_000),
    active: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateTermRequest = z.infer<typeof zUpdateTermRequest>;

export const zAdminIdParams = z.object({
  id: z.coerce.number({ error: 'Not found' }).int().min(1).max(2_147_483_647),
});

// ---- Waivers -------------------------------------------------------------------------------------

export const zWaiverQuestion = z.object({
  reference: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(60)
    .regex(/^[a-z0-9_-]+$/i, 'Letters, digits, - and _ only.'),
  label: zLine(300),
  type: z.enum(['radio', 'text']),
  required: z.boolean(),
  answers: z
    .array(z.object({ id: z.string().trim().min(1).max(60), answer: zLine(200) }))
    .max(20)
    .default([]),
});

export const waiverRestrictionTypes = ['pre-waiver', 'enhanced-pre-waiver'] as const;

export const zAdminWaiver = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  html: z.string(),
  active: z.boolean(),
  activity_id: z.number().int().nullable(),
  validity_days: z.number().int().nullable(),
  restriction_name: z.string(),
  restriction_type: z.enum(waiverRestrictionTypes),
  questions: z.array(zWaiverQuestion),
});
export type AdminWaiver = z.infer<typeof zAdminWaiver>;
export const zAdminWaiverResponse = z.object({ data: zAdminWaiver });

const waiverFields = {
  title: zLine(200),
  html: zOperatorHtml.min(1, 'Required'),
  active: z.boolean(),
  validity_days: z.number().int('Must be a whole number.').min(1, 'At least 1 day.').max(3650).nullable(),
  restriction_name: zLine(120),
  restriction_type: z.enum(waiverRestrictionTypes),
  questions: z.array(zWaiverQuestion).max(50),
};

export const zCreateWaiverRequest = z
  .object({
    slug: z
      .string()
      .trim()
      .min(1, 'Required')
      .max(100)
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Lower-case letters, digits and single hyphens.'),
    ...waiverFields,
    active: waiverFields.active.default(true),
    validity_days: waiverFields.validity_days.default(null),
    restriction_name: waiverFields.restriction_name.default('Activity waivers'),
    restriction_type: waiverFields.restriction_type.default('pre-waiver'),
    questions: waiverFields.questions.default([]),
  })
  .strict();
export type CreateWaiverRequest = z.infer<typeof zCreateWaiverRequest>;

export const zUpdateWaiverRequest = z.object(waiverFields).partial().strict();
export type UpdateWaiverRequest = z.infer<typeof zUpdateWaiverRequest>;
