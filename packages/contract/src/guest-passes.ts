import { z } from 'zod';
import { zId } from './ids';

/**
 * Guest passes (my-account.md 2.5, 3, 7, 8) and the member's packages. Dates of a pass are the
 * venue's local dates (YYYY-MM-DD); instants are ISO 8601.
 */

/** A sent pass is valid from the day it is sent for this many days (that day included). */
export const guestPassValidDays = 7;
/** The spec's page size of the sent-passes list. */
export const guestPassPageSize = 10;
/** The venue search lists results from this many characters. */
export const venueSearchMinLength = 3;

export const guestPassMessages = {
  guestName: 'Please enter the name of your guest.',
  guestEmail: 'Please enter a valid email address for your guest.',
  /** The spec's toast when the form is sent without a venue. */
  venue: 'Please select a venue',
  unknownVenue: 'The selected venue is not valid.',
  notCovered: 'None of your guest pass allowances can be used at this venue.',
  noneLeft: 'You have no guest passes left to use at this venue.',
  disabled: 'Guest passes are not available online.',
  sent: 'Guest pass sent successfully',
  // Redemption (staff)
  codeRequired: 'Please enter the code of the guest pass.',
  notFound: 'Guest pass not found.',
  alreadyRedeemed: 'This guest pass has already been redeemed.',
  wrongVenue: 'This guest pass is not valid at this venue.',
  expired: 'This guest pass has expired.',
  notYetValid: 'This guest pass is not valid yet.',
} as const;

export const zGuestPassStatus = z.enum(['issued', 'redeemed', 'expired']);
export type GuestPassStatus = z.infer<typeof zGuestPassStatus>;

const zVenueRef = z.object({ id: z.number().int(), name: z.string() });

export const zGuestPass = z.object({
  id: z.number().int(),
  guest_name: z.string(),
  guest_email: z.string(),
  status: zGuestPassStatus,
  /** Local date (YYYY-MM-DD) at the venue. */
  valid_from: z.string(),
  valid_to: z.string(),
  redeemed_at: z.string().nullable(),
  venue: zVenueRef,
  created_at: z.string(),
});
export type GuestPass = z.infer<typeof zGuestPass>;

export const zPagination = z.object({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_records: z.number().int(),
  first_record_on_current_page: z.number().int(),
  last_record_on_current_page: z.number().int(),
});
export type Pagination = z.infer<typeof zPagination>;

// ---- GET api/v1/users/{userId}/guestPasses ---------------------------------------------------------

export const zUserPathParams = z.object({ userId: zId });
export const zGuestPassPathParams = zUserPathParams.extend({
  guestPassId: zId,
});

export const zGuestPassListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(50).default(guestPassPageSize),
});

export const zGuestPassListResponse = z.object({
  data: z.array(zGuestPass),
  meta: z.object({ pagination: zPagination }),
});
export type GuestPassListResponse = z.infer<typeof zGuestPassListResponse>;

export const zGuestPassResponse = z.object({ data: zGuestPass });

// ---- POST api/v1/users/{userId}/guestPasses --------------------------------------------------------

export const zCreateGuestPassFields = z.object({
  guest_name: z
    .string({ error: guestPassMessages.guestName })
    .trim()
    .min(1, guestPassMessages.guestName)
    .max(100, 'The name may be at most 100 characters.'),
  guest_email: z
    .string({ error: guestPassMessages.guestEmail })
    .trim()
    .max(254, guestPassMessages.guestEmail)
    .pipe(z.email(guestPassMessages.guestEmail)),
  venue_id: z
    .number({ error: guestPassMessages.venue })
    .int(guestPassMessages.venue)
    .positive(guestPassMessages.venue),
});
export type CreateGuestPassFields = z.infer<typeof zCreateGuestPassFields>;

export const zCreateGuestPassRequest = z.object({ data: zCreateGuestPassFields });
export type CreateGuestPassRequest = z.infer<typeof zCreateGuestPassRequest>;

// ---- GET api/v1/users/{userId}/guestPasses/allowances ----------------------------------------------

export const zGuestPassAllowance = z.object({
  /** Stable key of the allowance: `benefit-{membershipId}-{benefitId}` or `package-{packageId}`. */
  id: z.string(),
  /** The membership's payment option (a benefit) or the package (a package). */
  pricing_option_id: z.number().int(),
  type: z.enum(['benefit', 'package']),
  /** The membership type's or the package's name. */
  name: z.string(),
  uses_remaining: z.number().int(),
  total_uses: z.number().int(),
  /** When the remaining uses lapse: the end of the benefit's period, or the package's expiry. */
  expires_at: z.string().nullable(),
  venues: z.array(zVenueRef),
});
export type GuestPassAllowance = z.infer<typeof zGuestPassAllowance>;

export const zGuestPassAllowancesResponse = z.object({ data: z.array(zGuestPassAllowance) });

// ---- POST api/staff/guest-passes/redeem ------------------------------------------------------------

export const zRedeemGuestPassRequest = z.object({
  code: z
    .string({ error: guestPassMessages.codeRequired })
    .trim()
    .min(1, guestPassMessages.codeRequired)
    .max(40, guestPassMessages.notFound)
    .transform((code) => code.toUpperCase()),
  venue_id: z.number().int().positive(),
});

export const zRedeemedGuestPass = zGuestPass.extend({ code: z.string() });
export const zRedeemGuestPassResponse = z.object({ data: zRedeemedGuestPass });

// ---- GET api/my-account/user/packages --------------------------------------------------------------

export const zMemberPackage = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  uses_total: z.number().int(),
  uses_remaining: z.number().int(),
  guest_pass_uses_total: z.number().int().nullable(),
  guest_pass_uses_remaining: z.number().int().nullable(),
  /** Empty: every venue of the operator. */
  venues: z.array(zVenueRef),
  expires_at: z.string().nullable(),
  /** active, used_up (no uses of any kind left) or expired. */
  status: z.enum(['active', 'used_up', 'expired']),
  order_id: z.number().int().nullable(),
  purchased_at: z.string(),
});
export type MemberPackage = z.infer<typeof zMemberPackage>;

export const zMemberPackagesResponse = z.object({ data: z.array(zMemberPackage) });
