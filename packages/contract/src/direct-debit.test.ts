import { describe, expect, it } from 'vitest';
import { directDebitMessages, maskAccountNumber, zDirectDebitValidateRequest } from './direct-debit';

describe('direct debit request', () => {
  it('strips spaces and dashes and normalises the postcode', () => {
    const parsed = zDirectDebitValidateRequest.parse({
      account_holder_name: ' Jo Bloggs ',
      account_number: '5577-9911',
      sort_code: '20 00 00',
      billing_address_line_1: '1 High Street',
      billing_address_city: 'Leeds',
      billing_address_postcode: 'ls11aa',
    });
    expect(parsed).toMatchObject({
      account_holder_name: 'Jo Bloggs',
      account_number: '55779911',
      sort_code: '200000',
      billing_address_postcode: 'LS1 1AA',
    });
  });

  it('answers the spec messages', () => {
    const result = zDirectDebitValidateRequest.safeParse({
      account_holder_name: 'J',
      account_number: '1234567',
      sort_code: '2000001',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
    );
    expect(messages).toEqual({
      account_holder_name: directDebitMessages.accountHolderName,
      account_number: directDebitMessages.accountNumber,
      sort_code: directDebitMessages.sortCode,
    });
  });

  it('leaves the billing address out when none of it is sent', () => {
    const parsed = zDirectDebitValidateRequest.parse({
      account_holder_name: 'Jo',
      account_number: '55779911',
      sort_code: '200000',
      billing_address_line_1: '',
    });
    expect(parsed.billing_address_line_1).toBeUndefined();
    expect(maskAccountNumber('11')).toBe('******11');
  });
});
