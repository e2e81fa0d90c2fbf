import { describe, expect, it } from 'vitest';
import { billingFieldOf, checkBilling, emptyBilling } from './billing';

describe('billing details', () => {
  it('needs every field and a UK postcode', () => {
    expect(checkBilling(emptyBilling)).toEqual({
      firstName: 'Enter the first name on the card.',
      lastName: 'Enter the last name on the card.',
      addressLine1: 'Enter the first line of the billing address.',
      town: 'Enter the town or city.',
      postcode: 'Enter a valid postcode.',
    });
    expect(
      checkBilling({
        firstName: 'A',
        lastName: 'B',
        addressLine1: '1 St',
        town: 'Leeds',
        postcode: 'ls1 4ap',
      }),
    ).toEqual({});
  });

  it('maps server field names', () => {
    expect(billingFieldOf('card.billing.postcode')).toBe('postcode');
    expect(billingFieldOf('terms')).toBeUndefined();
  });
});
