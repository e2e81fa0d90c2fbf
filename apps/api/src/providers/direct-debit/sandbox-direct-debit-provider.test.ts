import { directDebitMessages } from '@leisure/contract/direct-debit';
import { describe, expect, it } from 'vitest';
import { bankNameOf, passesModulusCheck } from './modulus-check';
import {
  SandboxDirectDebitProvider,
  sandboxBankAccounts,
  sandboxMandateTimings,
} from './sandbox-direct-debit-provider';

describe('VocaLink modulus check', () => {
  // Worked examples from VocaLink's "Validating account numbers" (v8.50), chapter 3.
  it.each([
    ['089999', '66374958', 'standard MOD10'],
    ['107999', '88837491', 'standard MOD11'],
    ['202959', '63748472', 'standard DBLAL'],
    ['871427', '46238510', 'exception 10 and 11'],
    ['872427', '46238510', 'exception 10 and 11'],
    ['871427', '09123496', 'exception 10 and 11'],
    ['871427', '99123496', 'exception 10 and 11'],
    ['820000', '73688637', 'exception 12 and 13'],
    ['827999', '73988638', 'exception 12 and 13'],
    ['827101', '28748352', 'exception 12 and 13'],
    ['134020', '63849203', 'exception 4'],
    ['118765', '64371389', 'exception 1'],
    ['200915', '41011166', 'exception 6'],
    ['938611', '07806039', 'exception 5'],
    ['938600', '42368003', 'exception 5'],
    ['938063', '55065200', 'exception 5'],
    ['772798', '99345694', 'exception 7'],
    ['086090', '06774744', 'exception 8'],
    ['309070', '02355688', 'exception 2 and 9'],
    ['309070', '12345668', 'exception 2 and 9'],
    ['309070', '12345677', 'exception 2 and 9'],
    ['309070', '99345694', 'exception 2 and 9'],
    ['074456', '12345112', 'exception 14'],
    ['070116', '34012583', 'exception 14'],
    ['180002', '00000190', 'exception 2 and 9 (Coutts)'],
  ])('passes %s %s (%s)', (sortCode, accountNumber) => {
    expect(passesModulusCheck(sortCode, accountNumber)).toBe(true);
  });

  it.each([
    ['938063', '15764273', 'exception 5, first check fails'],
    ['938063', '15764264', 'exception 5, second check fails'],
    ['938063', '15763217', 'exception 5, first check invalid'],
    ['118765', '64371388', 'exception 1'],
    ['203099', '66831036', 'exception 6'],
    ['203099', '58716970', 'exception 6'],
    ['089999', '66374959', 'standard MOD10'],
    ['107999', '88837493', 'standard MOD11'],
  ])('fails %s %s (%s)', (sortCode, accountNumber) => {
    expect(passesModulusCheck(sortCode, accountNumber)).toBe(false);
  });

  it("passes GoCardless's sandbox details and refuses a neighbour", () => {
    expect(passesModulusCheck('200000', '55779911')).toBe(true);
    expect(passesModulusCheck('200000', '55779912')).toBe(false);
  });

  it('refuses anything but 6 + 8 digits', () => {
    expect(passesModulusCheck('20000', '55779911')).toBe(false);
    expect(passesModulusCheck('200000', '5577991')).toBe(false);
    expect(passesModulusCheck('20-00-00', '55779911')).toBe(false);
  });

  it('names a few banks by sort code', () => {
    expect(bankNameOf('200000')).toBe('BARCLAYS BANK PLC');
    expect(bankNameOf('608371')).toBe('STARLING BANK LIMITED');
    expect(bankNameOf('609999')).toBe('NATIONAL WESTMINSTER BANK PLC');
    expect(bankNameOf('990000')).toBeNull();
  });
});

describe('sandbox direct debit provider', () => {
  const provider = new SandboxDirectDebitProvider();
  const account = {
    accountHolderName: 'Jo Bloggs',
    ...sandboxBankAccounts.succeeds,
    billingAddress: null,
  };

  it('accepts the GoCardless sandbox details, with spaces and dashes, answering only the last two digits', async () => {
    const check = await provider.validateBankDetails({ sortCode: '20-00-00', accountNumber: '5577 9911' });
    expect(check).toEqual({ valid: true, bankName: 'BARCLAYS BANK PLC', accountNumberEnding: '11' });
  });

  it('answers format errors per field, and a failed modulus check under account_number', async () => {
    expect(await provider.validateBankDetails({ sortCode: '2000', accountNumber: '12ab' })).toEqual({
      valid: false,
      errors: {
        account_number: [directDebitMessages.accountNumber],
        sort_code: [directDebitMessages.sortCode],
      },
    });
    expect(await provider.validateBankDetails({ sortCode: '200000', accountNumber: '55779912' })).toEqual({
      valid: false,
      errors: { account_number: [directDebitMessages.modulusCheck] },
    });
  });

  it('moves a mandate pending_submission -> submitted -> active', async () => {
    const mandate = await provider.createMandate({
      account,
      customerReference: 'RL001000',
      email: 'jo@example.com',
      idempotencyKey: 'k1',
    });
    expect(mandate.id).toMatch(/^MD000[0-9A-Z]{9}$/);
    expect(mandate.status).toBe('pending_submission');
    expect(JSON.stringify(mandate)).not.toContain('55779911');
    const createdAt = new Date('2026-01-01T10:00:00Z');
    const at = (ms: number) =>
      provider.getMandate({ id: mandate.id, createdAt }, new Date(createdAt.getTime() + ms));
    expect((await at(0)).status).toBe('pending_submission');
    expect((await at(sandboxMandateTimings.submitAfterMs)).status).toBe('submitted');
    expect((await at(sandboxMandateTimings.activeAfterMs)).status).toBe('active');
    // The same key names the same mandate (a retried call).
    const again = await provider.createMandate({
      account,
      customerReference: 'RL001000',
      email: 'jo@example.com',
      idempotencyKey: 'k1',
    });
    expect(again.id).toBe(mandate.id);
  });

  it('collects once per idempotency key, and fails payments or mandates for the failing test accounts', async () => {
    const ok = await provider.createMandate({
      account,
      customerReference: 'R1',
      email: 'a@b.c',
      idempotencyKey: 'ok',
    });
    const request = {
      mandateId: ok.id,
      amount: 3500,
      currency: 'GBP',
      chargeDate: '2026-02-01',
      description: 'x',
    };
    const first = await provider.collect({ ...request, idempotencyKey: 'c1' });
    expect(first).toMatchObject({ status: 'submitted' });
    expect(await provider.collect({ ...request, idempotencyKey: 'c1' })).toEqual(first);

    const poor = await provider.createMandate({
      account: { ...account, ...sandboxBankAccounts.paymentsFail },
      customerReference: 'R2',
      email: 'a@b.c',
      idempotencyKey: 'poor',
    });
    expect(await provider.collect({ ...request, mandateId: poor.id, idempotencyKey: 'c2' })).toMatchObject({
      status: 'failed',
      reason: 'insufficient_funds',
    });
    const closed = await provider.createMandate({
      account: { ...account, ...sandboxBankAccounts.mandateFails },
      customerReference: 'R3',
      email: 'a@b.c',
      idempotencyKey: 'closed',
    });
    const later = new Date(Date.now() + sandboxMandateTimings.activeAfterMs);
    expect(await provider.getMandate({ id: closed.id, createdAt: new Date() }, later)).toMatchObject({
      status: 'failed',
      reason: 'bank_account_closed',
    });
  });

  it('refuses a mandate for details that fail validation', async () => {
    await expect(
      provider.createMandate({
        account: { ...account, accountNumber: '55779912' },
        customerReference: 'R',
        email: 'a@b.c',
        idempotencyKey: 'bad',
      }),
    ).rejects.toThrow();
  });
});
