import { z } from 'zod';
import { zPassword } from '../password';

/**
 * The operator console's staff: signing in with a second factor, who is signed in, the staff users
 * and their roles, and the audit log (issue 47, decision 071). Staff sign in at `POST
 * api/admin/session`; until the second factor is given the session may call only the
 * `api/admin/session/mfa/...` routes, and no staff permission applies.
 */

// ---- Signing in ------------------------------------------------------------------------------

/** `POST api/admin/session`. */
export const zStaffSignInRequest = z.object({
  email: z.string({ error: 'Required' }).trim().min(1, 'Required').max(254),
  password: z.string({ error: 'Required' }).min(1, 'Required').max(128),
});
export type StaffSignInRequest = z.infer<typeof zStaffSignInRequest>;

/**
 * What the signed-in (password only) session must do next: `enrol` a TOTP authenticator (the first
 * sign-in) or `verify` a code from it. The token is answered to API clients only, as at login.
 */
export const zStaffSignInResponse = z.object({
  next: z.enum(['enrol', 'verify']),
  token: z.string().optional(),
});
export type StaffSignInResponse = z.infer<typeof zStaffSignInResponse>;

/** `POST api/admin/session/mfa/enrolment`: a new secret for the authenticator app (not active until confirmed). */
export const zMfaEnrolment = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  /** The `otpauth://totp/...` URI the QR code carries. */
  otpauth_url: z.string(),
  /** The QR code of `otpauth_url` as an SVG document, to show inline. */
  qr_svg: z.string(),
});
export type MfaEnrolment = z.infer<typeof zMfaEnrolment>;

const zTotpCode = z
  .string({ error: 'Required' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

/** `POST api/admin/session/mfa/enrolment/confirm`: the first code proves the app holds the secret. */
export const zMfaConfirmRequest = z.object({ code: zTotpCode });
/** The recovery codes, shown once: each signs in once when the authenticator is lost. */
export const zMfaConfirmResponse = z.object({ recovery_codes: z.array(z.string()) });
export type MfaConfirmResponse = z.infer<typeof zMfaConfirmResponse>;

/** `POST api/admin/session/mfa/verify`: a code from the app, or one recovery code. */
export const zMfaVerifyRequest = z
  .object({
    code: zTotpCode.optional(),
    recovery_code: z.string().trim().min(1).max(64).optional(),
  })
  .refine((body) => body.code !== undefined || body.recovery_code !== undefined, {
    message: 'Enter the 6-digit code from your authenticator app.',
    path: ['code'],
  });
export type MfaVerifyRequest = z.infer<typeof zMfaVerifyRequest>;

// ---- Who is signed in ------------------------------------------------------------------------

/** `GET api/admin/me`: the staff user of a session that has given its second factor (401 otherwise). */
export const zStaffMe = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  role_label: z.string(),
  permissions: z.array(z.string()),
  /** The venues a venue-scoped role may change (empty for other roles). */
  venue_ids: z.array(z.number().int()),
  venue_scoped: z.boolean(),
  /** When the session ends whatever happens (absolute limit), and when it ends if left idle. */
  expires_at: z.string(),
  idle_expires_at: z.string(),
});
export type StaffMe = z.infer<typeof zStaffMe>;

// ---- Roles and staff users -------------------------------------------------------------------

/** `GET api/admin/roles`. */
export const zStaffRole = z.object({
  name: z.string(),
  label: z.string(),
  venue_scoped: z.boolean(),
  permissions: z.array(z.string()),
});
export const zStaffRoles = z.object({ data: z.array(zStaffRole) });
export type StaffRoleDescription = z.infer<typeof zStaffRole>;

export const staffUserStatuses = ['invited', 'active', 'disabled'] as const;

/** A staff user as the console lists them (`GET api/admin/staff-users`, paged: lists.ts). */
export const zStaffUser = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: z.string(),
  role_label: z.string(),
  venue_ids: z.array(z.number().int()),
  status: z.enum(staffUserStatuses),
  mfa_enrolled: z.boolean(),
  last_signed_in_at: z.string().nullable(),
});
export type StaffUser = z.infer<typeof zStaffUser>;

const zName = z.string({ error: 'Required' }).trim().min(1, 'Required').max(100);
const zVenueIds = z.array(z.coerce.number().int().positive()).max(500).default([]);

/** `POST api/admin/staff-users`: invites by email; the invitee sets their password from the link. */
export const zStaffInviteRequest = z.object({
  email: z.string({ error: 'Required' }).trim().toLowerCase().email('Enter a valid email address.').max(254),
  first_name: zName,
  last_name: zName,
  role: z.string({ error: 'Required' }).min(1, 'Required'),
  venue_ids: zVenueIds,
});
export type StaffInviteRequest = z.infer<typeof zStaffInviteRequest>;

/** `PATCH api/admin/staff-users/{id}`. */
export const zStaffUserUpdate = z.object({
  first_name: zName.optional(),
  last_name: zName.optional(),
  role: z.string().min(1).optional(),
  venue_ids: z.array(z.coerce.number().int().positive()).max(500).optional(),
});
export type StaffUserUpdate = z.infer<typeof zStaffUserUpdate>;

/** `POST api/admin/invitations/accept` (public): the invitation's token and the new password. */
export const zStaffInvitationAccept = z.object({
  token: z.string({ error: 'Required' }).min(1).max(200),
  password: zPassword,
});

// ---- The audit log ---------------------------------------------------------------------------

/** `GET api/admin/audit-events?q=&entity_type=&entity_id=&before_id=&limit=`: newest first. */
export const zAuditQuery = z.object({
  q: z.string().trim().max(200).optional(),
  entity_type: z.string().trim().max(60).optional(),
  entity_id: z.string().trim().max(60).optional(),
  before_id: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AuditQuery = z.infer<typeof zAuditQuery>;

export const zAuditEvent = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), email: z.string().nullable() }),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string().nullable(),
  venue_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  route: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof zAuditEvent>;

/** A page of the log; `next_before_id` asks for the next (older) page, null at the end. */
export const zAuditPage = z.object({
  data: z.array(zAuditEvent),
  next_before_id: z.number().int().nullable(),
});
export type AuditPage = z.infer<typeof zAuditPage>;
