import { createHash } from 'node:crypto';
import {
  accountNumberPattern,
  directDebitMessages,
  sortCodePattern,
  stripBankNumber,
} from '@leisure/contract/direct-debit';
import type {
  BankAccountNumbers,
  BankDetailsCheck,
  BankDetailsErrors,
  CollectRequest,
  CollectResult,
  DirectDebitProvider,
  MandateRef,
  ProviderMandate,
} from './direct-debit-provider';
import { bankNameOf, passesModulusCheck } from './modulus-check';

/**
 * Test bank details of the sandbox (all on sort code 20-00-00, all pass the modulus check):
 * - 55779911 (GoCardless's own sandbox account): everything succeeds.
 * - 55779922: the mandate becomes active, but every payment fails ('insufficient_funds').
 * - 55779933: the bank refuses the mandate once submitted ('bank_account_closed'); payments fail.
 * Any other details that pass the format and modulus checks behave like 55779911.
 */
export const sandboxBankAccounts = {
  succeeds: { sortCode: '200000', accountNumber: '55779911' },
  paymentsFail: { sortCode: '200000', accountNumber: '55779922' },
  mandateFails: { sortCode: '200000', accountNumber: '55779933' },
} as const;

/** A mandate is submitted to the bank this long after it is created, and active this long after. */
export const sandboxMandateTimings = { submitAfterMs: 60_000, activeAfterMs: 5 * 60_000 } as const;

type Scenario = 'A' | 'P' | 'F';

const idAlphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Upper-case id characters derived from a key, so the same key always names the same object. */
function idChars(key: string, length: number): string {
  const digest = createHash('sha256').update(key).digest();
  let out = '';
  for (let i = 0; i < length; i++) out += idAlphabet[(digest[i] ?? 0) % idAlphabet.length];
  return out;
}

function scenarioOf(numbers: BankAccountNumbers): Scenario {
  if (numbers.sortCode === sandboxBankAccounts.paymentsFail.sortCode) {
    if (numbers.accountNumber === sandboxBankAccounts.paymentsFail.accountNumber) return 'P';
    if (numbers.accountNumber === sandboxBankAccounts.mandateFails.accountNumber) return 'F';
  }
  return 'A';
}

/**
 * The built-in direct debit provider (DESIGN.md "Providers"): offline, stateless (a mandate's id
 * carries its test scenario, so every replica answers alike), and behaving like GoCardless's
 * sandbox: ids 'MD000...' and 'PM000...', mandate statuses pending_submission -> submitted ->
 * active over `sandboxMandateTimings`, and the failures of `sandboxBankAccounts`.
 */
export class SandboxDirectDebitProvider implements DirectDebitProvider {
  readonly name = 'sandbox';

  async validateBankDetails(input: BankAccountNumbers): Promise<BankDetailsCheck> {
    const accountNumber = stripBankNumber(input.accountNumber);
    const sortCode = stripBankNumber(input.sortCode);
    const errors: BankDetailsErrors = {};
    if (!accountNumberPattern.test(accountNumber))
      errors.account_number = [directDebitMessages.accountNumber];
    if (!sortCodePattern.test(sortCode)) errors.sort_code = [directDebitMessages.sortCode];
    if (errors.account_number || errors.sort_code) return { valid: false, errors };
    if (!passesModulusCheck(sortCode, accountNumber)) {
      return { valid: false, errors: { account_number: [directDebitMessages.modulusCheck] } };
    }
    return { valid: true, bankName: bankNameOf(sortCode), accountNumberEnding: accountNumber.slice(-2) };
  }

  async createMandate(input: Parameters<DirectDebitProvider['createMandate']>[0]): Promise<ProviderMandate> {
    const check = await this.validateBankDetails(input.account);
    if (!check.valid) throw new Error('sandbox-dd: a mandate needs bank details that pass validation');
    const scenario = scenarioOf(input.account);
    return {
      id: `MD000${idChars(`mandate:${input.idempotencyKey}`, 8)}${scenario}`,
      reference: `${input.customerReference.slice(0, 12)}-${idChars(`ref:${input.idempotencyKey}`, 4)}`,
      status: 'pending_submission',
    };
  }

  async getMandate(mandate: MandateRef, now: Date): Promise<ProviderMandate> {
    const scenario = this.scenarioOfMandate(mandate.id);
    const age = now.getTime() - mandate.createdAt.getTime();
    const base = { id: mandate.id, reference: '' };
    if (age < sandboxMandateTimings.submitAfterMs) return { ...base, status: 'pending_submission' };
    if (scenario === 'F') return { ...base, status: 'failed', reason: 'bank_account_closed' };
    if (age < sandboxMandateTimings.activeAfterMs) return { ...base, status: 'submitted' };
    return { ...base, status: 'active' };
  }

  async collect(request: CollectRequest): Promise<CollectResult> {
    if (!Number.isInteger(request.amount) || request.amount <= 0) {
      throw new Error('sandbox-dd: a payment needs a positive amount in minor units');
    }
    const scenario = this.scenarioOfMandate(request.mandateId);
    const paymentId = `PM000${idChars(`payment:${request.idempotencyKey}`, 9)}`;
    if (scenario === 'P') return { status: 'failed', paymentId, reason: 'insufficient_funds' };
    if (scenario === 'F') return { status: 'failed', paymentId: null, reason: 'mandate_failed' };
    return { status: 'submitted', paymentId };
  }

  async cancelMandate(mandate: MandateRef): Promise<void> {
    this.scenarioOfMandate(mandate.id);
  }

  private scenarioOfMandate(id: string): Scenario {
    if (!/^MD000[0-9A-Z]{8}[APF]$/.test(id)) throw new Error('sandbox-dd: unknown mandate');
    return id.slice(-1) as Scenario;
  }
}
