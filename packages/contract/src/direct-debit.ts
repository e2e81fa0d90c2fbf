import { z } from 'zod';
import { isUkPostcode, normalisePostcode, postcodeMessage } from './postcode';

/**
 * Direct debit (joining-and-payments.md "Monthly payment", section 5 and 9; docs/decisions/009):
 * the bank details form of the joining flow and the validation call behind it. The answer never
 * holds the full account number: only its last two digits and a short-lived `details_token` that
 * the submit-new-membership call carries (`direct_debit.token`).
 */

export const directDebitMessages = {
  accountHolderName: 'Account holder name must be longer than 1 character.',
  accountNumber: 'Account number must be numeric and at least 8 characters.',
  sortCode: 'Sort code must be 6 digits.',
  /** A failed VocaLink modulus check, under `account_number`. */
  modulusCheck: 'Please check your account number and sort code.',
  billingAddressLine1: 'Billing address line one must be longer than 1 character.',
  billingAddressCity: 'City must be longer than 1 character.',
  billingAddressPostcode: postcodeMessage,
  /** The `details_token` is unknown, expired, used, or another customer's. */
  detailsExpired: 'Your bank details have expired, please enter them again.',
  tooMany: 'Too many attempts. Please try again in 15 minutes.',
} as const;

/** Spaces and dashes people type in sort codes and account numbers ('20-00-00', '5577 9911'). */
export function stripBankNumber(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Account numbers are 8 digits (the spec's minimum; the sandbox and GoCardless UK take 8). */
export const accountNumberPattern = /^\d{8}$/;
export const sortCodePattern = /^\d{6}$/;

const bankNumber = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .max(40, message)
    .transform(stripBankNumber)
    .pipe(z.string().regex(pattern, message));

const optionalText = z
  .string()
  .max(200)
  .optional()
  .nullable()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed ? trimmed : undefined;
  });

// ---- POST api/online-joining/direct-debit/validate --------------------------------------------------

export const zDirectDebitValidateRequest = z
  .object({
    account_holder_name: z
      .string({ error: directDebitMessages.accountHolderName })
      .trim()
      .min(2, directDebitMessages.accountHolderName)
      .max(100),
    account_number: bankNumber(accountNumberPattern, directDebitMessages.accountNumber),
    sort_code: bankNumber(sortCodePattern, directDebitMessages.sortCode),
    /** The billing address, when the operator collects it: line one, city and postcode together. */
    billing_address_line_1: optionalText,
    billing_address_line_2: optionalText,
    billing_address_city: optionalText,
    billing_address_postcode: optionalText,
  })
  .superRefine((body, ctx) => {
    const collected =
      body.billing_address_line_1 !== undefined ||
      body.billing_address_city !== undefined ||
      body.billing_address_postcode !== undefined;
    if (!collected) return;
    if ((body.billing_address_line_1 ?? '').length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['billing_address_line_1'],
        message: directDebitMessages.billingAddressLine1,
      });
    }
    if ((body.billing_address_city ?? '').length < 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['billing_address_city'],
        message: directDebitMessages.billingAddressCity,
      });
    }
    if (!isUkPostcode(body.billing_address_postcode ?? '')) {
      ctx.addIssue({
        code: 'custom',
        path: ['billing_address_postcode'],
        message: directDebitMessages.billingAddressPostcode,
      });
    }
  })
  .transform((body) => ({
    ...body,
    billing_address_postcode:
      body.billing_address_postcode === undefined
        ? undefined
        : normalisePostcode(body.billing_address_postcode),
  }));
export type DirectDebitValidateRequest = z.input<typeof zDirectDebitValidateRequest>;
export type DirectDebitValidatedRequest = z.output<typeof zDirectDebitValidateRequest>;

export const zDirectDebitDetails = z.object({
  account_holder_name: z.string(),
  /** The bank, when the sort code is known ('BARCLAYS BANK PLC'); null otherwise. */
  bank_name: z.string().nullable(),
  /** The last two digits of the account number ('11'). */
  account_number_ending: z.string().regex(/^\d{2}$/),
  /** For display: '******11'. */
  account_number_masked: z.string(),
  /** Six digits ('200000'). */
  sort_code: z.string().regex(sortCodePattern),
});
export type DirectDebitDetails = z.infer<typeof zDirectDebitDetails>;

export const zDirectDebitValidateResponse = z.object({
  data: zDirectDebitDetails.extend({
    /**
     * Opaque, single use, for this customer only, valid until `details_expires_at`: the
     * submit-new-membership call sends it as `direct_debit.token`.
     */
    details_token: z.string(),
    details_expires_at: z.string(),
  }),
});
export type DirectDebitValidateResponse = z.infer<typeof zDirectDebitValidateResponse>;

/** '11' -> '******11'. */
export function maskAccountNumber(ending: string): string {
  return `******${ending}`;
}

// ---- Mandates and collections (what the account area may show) ------------------------------------

export const mandateStatuses = ['pending_submission', 'submitted', 'active', 'failed', 'cancelled'] as const;
export const zMandateStatus = z.enum(mandateStatuses);
export type MandateStatus = z.infer<typeof zMandateStatus>;

export const collectionStatuses = [
  'scheduled',
  'submitted',
  'confirmed',
  'paid_out',
  'failed',
  'cancelled',
  'skipped',
] as const;
export const zCollectionStatus = z.enum(collectionStatuses);
export type CollectionStatus = z.infer<typeof zCollectionStatus>;
