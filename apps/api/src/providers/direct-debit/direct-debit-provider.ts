/**
 * Direct debit sits behind this interface (DESIGN.md "Providers"; docs/decisions/009). The
 * built-in sandbox adapter (sandbox-direct-debit-provider.ts) works offline and behaves like
 * GoCardless's sandbox: format and VocaLink modulus checks, mandates that go pending_submission ->
 * submitted -> active, and payments that can fail. A GoCardless adapter would implement the same
 * calls (bank_details_lookups, customers + customer_bank_accounts + mandates, payments,
 * mandates/{id}/actions/cancel).
 *
 * Full account numbers pass through `validateBankDetails` and `createMandate` only; nothing an
 * adapter answers holds one.
 */

export interface BankAccountNumbers {
  /** Digits only (spaces and dashes stripped). */
  accountNumber: string;
  sortCode: string;
}

export interface BankAccount extends BankAccountNumbers {
  accountHolderName: string;
  billingAddress: {
    line1: string;
    line2: string | null;
    city: string;
    postcode: string;
  } | null;
}

/** Field messages keyed by wire name (`account_number`, `sort_code`). */
export type BankDetailsErrors = Partial<Record<'account_number' | 'sort_code', string[]>>;

export type BankDetailsCheck =
  | {
      valid: true;
      /** Known from the sort code ('BARCLAYS BANK PLC'), else null. */
      bankName: string | null;
      /** The last two digits. */
      accountNumberEnding: string;
    }
  | { valid: false; errors: BankDetailsErrors };

export type ProviderMandateStatus = 'pending_submission' | 'submitted' | 'active' | 'failed' | 'cancelled';

export interface ProviderMandate {
  /** The provider's id ('MD000...'). */
  id: string;
  /** The reference on the customer's bank statement. */
  reference: string;
  status: ProviderMandateStatus;
  /** Why it failed or was cancelled, in the provider's words. */
  reason?: string;
}

/** What we know of a mandate when we ask the provider about it again. */
export interface MandateRef {
  id: string;
  createdAt: Date;
}

export interface CollectRequest {
  mandateId: string;
  /** Integer minor units, > 0. */
  amount: number;
  currency: string;
  /** YYYY-MM-DD. */
  chargeDate: string;
  description: string;
  /** The same key twice creates one payment: the first answer is returned (a retried job). */
  idempotencyKey: string;
}

export type CollectResult =
  | { status: 'submitted'; paymentId: string }
  | { status: 'failed'; paymentId: string | null; reason: string };

export interface DirectDebitProvider {
  /** 'sandbox', 'gocardless', ... */
  readonly name: string;
  /** Format and modulus checks (and the bank's name); a failure is a result, not an exception. */
  validateBankDetails(numbers: BankAccountNumbers): Promise<BankDetailsCheck>;
  /** Sets up the instruction with the customer's bank. Throws when the provider fails. */
  createMandate(input: {
    account: BankAccount;
    /** Our customer reference, for the provider's customer record. */
    customerReference: string;
    email: string;
    /** The same key twice creates one mandate. */
    idempotencyKey: string;
  }): Promise<ProviderMandate>;
  /** The mandate as the provider sees it now (its status moves on as the bank processes it). */
  getMandate(mandate: MandateRef, now: Date): Promise<ProviderMandate>;
  /** Creates one payment against a mandate; a failed payment is a result, not an exception. */
  collect(request: CollectRequest): Promise<CollectResult>;
  cancelMandate(mandate: MandateRef): Promise<void>;
}
