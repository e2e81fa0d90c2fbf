import { checkoutMessages } from '@leisure/contract/checkout';
import { isUkPostcode } from '@leisure/contract/postcode';

/** The card's billing address (checkout 'Pay with a different card'). */
export interface BillingValues {
  firstName: string;
  lastName: string;
  addressLine1: string;
  town: string;
  postcode: string;
}

export type BillingErrors = Partial<Record<keyof BillingValues, string>>;

export const emptyBilling: BillingValues = {
  firstName: '',
  lastName: '',
  addressLine1: '',
  town: '',
  postcode: '',
};

/** The contract's billing rules, with the UK postcode rule from @leisure/contract/postcode. */
export function checkBilling(values: BillingValues): BillingErrors {
  const errors: BillingErrors = {};
  if (!values.firstName.trim()) errors.firstName = checkoutMessages.billingFirstName;
  if (!values.lastName.trim()) errors.lastName = checkoutMessages.billingLastName;
  if (!values.addressLine1.trim()) errors.addressLine1 = checkoutMessages.billingAddress;
  if (!values.town.trim()) errors.town = checkoutMessages.billingTown;
  if (!isUkPostcode(values.postcode)) errors.postcode = checkoutMessages.billingPostcode;
  return errors;
}

/** A 422's wire field (`card.billing.postcode`) to the billing field it belongs to. */
export function billingFieldOf(wireName: string): keyof BillingValues | undefined {
  const field = wireName.replace(/^card\.billing\./, '');
  const fields: Record<string, keyof BillingValues> = {
    first_name: 'firstName',
    last_name: 'lastName',
    address_line_1: 'addressLine1',
    town: 'town',
    postcode: 'postcode',
  };
  return wireName.startsWith('card.billing.') ? fields[field] : undefined;
}
