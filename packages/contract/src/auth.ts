import { z } from 'zod';
import { zPassword } from './password';

/** Onboarding types that select a data-field form (my-account.md 7). */
export const onboardingTypes = ['customer_account_online', 'membership_purchase'] as const;
export const zOnboardingType = z.enum(onboardingTypes);
export type OnboardingType = z.infer<typeof zOnboardingType>;

/**
 * Where a request comes from; `foh` is the front-of-house (staff) source. A bookings basket is
 * `activity-booking`, as on the original platform; our earlier `bookings` is taken as its alias.
 */
export const sources = ['activity-booking', 'my-account', 'online-joining', 'foh', 'kiosk'] as const;
export type Source = (typeof sources)[number];
export const zSource = z
  .enum([...sources, 'bookings'], { error: `Must be one of: ${sources.join(', ')}.` })
  .transform((source): Source => (source === 'bookings' ? 'activity-booking' : source));

// ---- Login, logout, session hand-over ------------------------------------------------------

export const zLoginRequest = z.object({
  /** An email address or a customer reference. */
  username: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(128),
});
export type LoginRequest = z.infer<typeof zLoginRequest>;

/**
 * The token works as `Authorization: Bearer`; it is answered to API clients only. A browser (the web
 * app) holds its session in the HttpOnly cookie and gets no token (docs/decisions/042-session-handover-codes.md).
 */
export const zTokenResponse = z.object({ token: z.string().optional(), status: z.literal('success') });
export type TokenResponse = z.infer<typeof zTokenResponse>;

/** `POST api/auth/session`: a one-time hand-over code from a `?token=` URL, exchanged for a new session. */
export const zSessionHandoverRequest = z.object({ token: z.string({ error: 'Required' }).min(1).max(200) });
export type SessionHandoverRequest = z.infer<typeof zSessionHandoverRequest>;

/** `POST api/auth/session/handover`: the code to put in `?token=`, and how many seconds it works. */
export const zSessionHandoverResponse = z.object({ code: z.string(), expires_in: z.number().int() });
export type SessionHandoverResponse = z.infer<typeof zSessionHandoverResponse>;

export const loginMessages = {
  invalid: 'These credentials do not match our records.',
  signedOut: 'User signed out',
  tooMany: 'Too many attempts. Please try again in 15 minutes.',
} as const;

// ---- The signed-in user --------------------------------------------------------------------

export const zDocumentExpiry = z.object({
  membership_id: z.number().int(),
  expired: z.boolean(),
  document_expiring_soon: z.boolean(),
  days_to_expiry: z.number().int(),
});

export const zProfilePhoto = z.object({
  authorisation: z.object({ allowed: z.boolean() }),
  url: z.string().nullable(),
  is_set: z.boolean(),
  reminder: z.object({ dismissed: z.boolean() }),
});

export const zAuthUser = z.object({
  id: z.number().int(),
  reference: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  home_venue_slug: z.string().nullable(),
  membership_user: z.object({ id: z.number().int() }).nullable(),
  credit: z.object({ balance: z.number().int(), formatted_balance: z.string() }),
  has_instruction: z.boolean(),
  has_billing_date: z.boolean(),
  has_outstanding_penalties: z.boolean(),
  document_expiry: z.array(zDocumentExpiry),
  membership_document_upload_required: z.boolean(),
  days_allowance_to_upload_eligibility_document: z.number().int(),
  /**
   * The earliest due day of a first document a membership still asks for (the same day its card
   * shows), and whether it has passed; null when no membership waits for a first document.
   */
  eligibility_document_due: z
    .object({ full_date: z.string(), raw: z.string(), overdue: z.boolean() })
    .nullable(),
  profile_photo: zProfilePhoto,
  /** A front-of-house staff user; their tills take payment in `currency`. */
  is_staff: z.boolean(),
  currency: z.string(),
});
export type AuthUser = z.infer<typeof zAuthUser>;

export const zAuthUserResponse = z.object({ data: zAuthUser });

// ---- Registration and details ----------------------------------------------------------------

/**
 * Answers to a data-field form, keyed by field `name`. Values are strings, numbers, booleans,
 * string lists (multi_select) or null; the server checks them against the form's fields.
 */
export const zDataFieldAnswer = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export const zDataFieldAnswers = z.record(z.string(), zDataFieldAnswer);

export const zRegisterQuery = z.object({
  onboarding_type: zOnboardingType.default('customer_account_online'),
});

/** Customer fields (data-field names) plus these fixed keys. */
export const zRegisterRequest = z
  .object({
    client_id: z.number().int().positive(),
    source: zSource.default('my-account'),
    password: zPassword,
    password_confirmation: z.string({ error: 'Required' }),
    /** Ids of the terms the customer accepted; all registration terms must be among them. */
    terms: z.array(z.number().int()).default([]),
    /** The checksum of the form the client rendered; a stale form is answered with 422 on `checksum`. */
    checksum: z.string().optional(),
  })
  .catchall(zDataFieldAnswer);
export type RegisterRequest = z.infer<typeof zRegisterRequest>;

export const zUpdateUserQuery = z.object({
  onboarding_type: zOnboardingType.default('customer_account_online'),
});

/** Non-empty data-field answers, plus an optional password change. */
export const zUpdateUserRequest = z
  .object({
    current_password: z.string().optional(),
    password: zPassword.optional(),
    repeat_new_password: z.string().optional(),
    terms: z.array(z.number().int()).optional(),
  })
  .catchall(zDataFieldAnswer);
export type UpdateUserRequest = z.infer<typeof zUpdateUserRequest>;

export const detailsMessages = {
  updated: 'Your account details have been updated',
  emailTaken: 'An account with this email address already exists.',
  termsRequired: 'You must accept the terms and conditions.',
  notAuthorised: 'This field cannot be changed.',
  currentPasswordWrong: 'Your current password is incorrect.',
  /** A new email address needs the current password too (issue 44). */
  currentPasswordForEmail: 'Enter your current password to change your email address.',
} as const;

// ---- Forgotten password and reset ----------------------------------------------------------

export const zForgottenPasswordRequest = z.object({
  email_or_reference: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254),
});

export const forgottenPasswordMessages = {
  sent: "If we have an account for these details, we've emailed a link to reset your password.",
  /** Starts with 'Multiple': the client then asks for the customer ID (my-account.md 2.11). */
  multiple: 'Multiple accounts use this email address. Please enter your customer ID instead.',
} as const;

export const zMessageResponse = z.object({ message: z.string() });

export const zPasswordResetValidateRequest = z.object({ token: z.string().min(1, 'Required').max(256) });
export const zPasswordResetValidateResponse = z.object({ status: z.literal('valid'), email: z.string() });

export const zPasswordResetRequest = z.object({
  token: z.string().min(1, 'Required').max(256),
  password: zPassword,
  password_confirmation: z.string({ error: 'Required' }),
});

export const passwordResetMessages = {
  invalid: 'This password reset link is invalid or has expired.',
  done: 'Your password has been reset.',
} as const;
