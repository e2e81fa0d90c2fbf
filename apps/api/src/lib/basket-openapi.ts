import { zCheckoutCompleteResponse } from '@leisure/contract/checkout';
import { zErrorResponse } from '@leisure/contract/errors';

/**
 * The OpenAPI error answers, security and notes the basket's calls share (basket, waitlist, checkout,
 * front of house: bookings-api.md "Cart"; shell-session-basket.md 3, 4 and 7).
 */
export const errors = {
  invalid: zErrorResponse.describe(
    'Invalid input, nothing written: `{message, errors: {field: [..]}}` keyed by wire field name ' +
      '(`items.0.id`, `selected_user_id`, `terms`, ...). A full session: a message containing "full".',
  ),
  unauthenticated: zErrorResponse.describe('No valid session.'),
  forbidden: zErrorResponse.describe(
    "A customer named someone else's `selected_user_id` or `membership_user_id`: `{message: 'Unauthorised.'}`.",
  ),
  notFound: zErrorResponse.describe(
    "No such basket line, customer or order of yours: `{message: 'Unable to complete request, item not found.'}`.",
  ),
  conflict: zErrorResponse.describe(
    'A retryable conflict: another request holds the session or the basket (`A lot of people are trying to ' +
      'book this right now. Please try again.`), or the basket changed since it was shown.',
  ),
  csrf: zErrorResponse.describe('A cookie-authenticated write without the matching `x-xsrf-token` header.'),
};
export const security: Record<string, string[]>[] = [{ bearer: [] }, { cookie: [] }];
export const cartTags = ['cart'];
export const actingNote =
  'Acts for the signed-in customer, or, for a front-of-house staff user, for the customer named by ' +
  '`selected_user_id` (required for staff; a customer naming anyone else gets 403).';

/** The answers of paying for a basket: `checkout/complete` (card, credit) and `checkout/pay` (offline tenders). */
export const checkoutAnswers = {
  200: zCheckoutCompleteResponse,
  401: errors.unauthenticated,
  403: errors.forbidden,
  404: errors.notFound,
  409: errors.conflict,
  419: errors.csrf,
  422: errors.invalid.describe(
    'Invalid input, terms not ticked (`terms`), waivers missing (`completed_waivers`), tenders that do ' +
      "not add up (`payments`), no card (`card`), or a declined card (`card`, with the provider's message).",
  ),
  503: zErrorResponse.describe('The card provider could not be reached; nothing was charged or booked.'),
};
