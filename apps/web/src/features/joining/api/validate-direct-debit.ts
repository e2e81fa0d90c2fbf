import type { DirectDebitValidateRequest, DirectDebitValidateResponse } from '@leisure/contract/direct-debit';
import { useMutation } from '@tanstack/react-query';
import type { Camel } from '../../../shared/api/camel';
import { api } from '../../../shared/api/client';

/** The request in wire (snake_case) keys: `billing_address_line_1` has no camelCase twin. */
export type DirectDebitRequest = DirectDebitValidateRequest;
export type ValidatedBankAccount = Camel<DirectDebitValidateResponse['data']>;

/** POST api/online-joining/direct-debit/validate: the bank's name and a details token, or 422 field errors. */
export async function validateDirectDebit(details: DirectDebitRequest): Promise<ValidatedBankAccount> {
  return (await api.post<{ data: ValidatedBankAccount }>('api/online-joining/direct-debit/validate', details))
    .data;
}

export function useValidateDirectDebit() {
  return useMutation({ mutationFn: validateDirectDebit });
}
