import { directDebitMessages as contractMessages, stripBankNumber } from '@leisure/contract/direct-debit';
import { isUkPostcode } from '@leisure/contract/postcode';

/** The direct debit form's values and the spec's rules (joining-and-payments.md 5 and 9). */
export interface DirectDebitValues {
  accountHolderName: string;
  accountNumber: string;
  sortCode: string;
  billingAddressLineOne: string;
  billingAddressLineTwo: string;
  billingCity: string;
  billingPostcode: string;
}

export type DirectDebitErrors = Partial<Record<keyof DirectDebitValues, string>>;

/** The contract's messages, so the client says what the server would. */
const messages = {
  accountHolderName: contractMessages.accountHolderName,
  accountNumber: contractMessages.accountNumber,
  sortCode: contractMessages.sortCode,
  billingAddressLineOne: contractMessages.billingAddressLine1,
  billingCity: contractMessages.billingAddressCity,
  billingPostcode: contractMessages.billingAddressPostcode,
} as const;

/** Digits only: the sort code may be typed as 20-00-00. */
export function digitsOf(value: string): string {
  return stripBankNumber(value);
}

export function validateDirectDebit(values: DirectDebitValues, collectAddress: boolean): DirectDebitErrors {
  const errors: DirectDebitErrors = {};
  if (values.accountHolderName.trim().length <= 1) errors.accountHolderName = messages.accountHolderName;
  const account = digitsOf(values.accountNumber);
  if (!/^\d{8,}$/.test(account)) errors.accountNumber = messages.accountNumber;
  if (!/^\d{6}$/.test(digitsOf(values.sortCode))) errors.sortCode = messages.sortCode;
  if (collectAddress) {
    if (values.billingAddressLineOne.trim().length <= 1) {
      errors.billingAddressLineOne = messages.billingAddressLineOne;
    }
    if (values.billingCity.trim().length <= 1) errors.billingCity = messages.billingCity;
    if (!isUkPostcode(values.billingPostcode)) errors.billingPostcode = messages.billingPostcode;
  }
  return errors;
}
