import type { CustomerSummary } from '@leisure/contract/cart';
import type { CustomerRow } from '../session/acting';

/** A customer as the front-of-house search lists them. */
export function presentCustomer({ user, membershipUserId }: CustomerRow): CustomerSummary {
  return {
    id: user.id,
    reference: user.reference,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    date_of_birth: user.dateOfBirth,
    postcode: user.postcode,
    membership_user: membershipUserId === null ? null : { id: membershipUserId },
  };
}
