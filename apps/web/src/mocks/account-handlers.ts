import { bookingsHandlers, resetBookingsMock } from './account/bookings';
import { guestPassesHandlers, resetGuestPassesMock } from './account/guest-passes';
import { membershipsHandlers, resetMembershipsMock } from './account/memberships';
import { paymentsHandlers, resetPaymentsMock } from './account/payments';
import { profileAndWaiversHandlers, resetProfileAndWaiversMock } from './account/profile-and-waivers';

/**
 * MSW handlers for the my-account screens (my-account.md 7; joining-and-payments.md 7, payments
 * area), in the API's wire format and answering 401 without the mock session. Each area keeps its
 * state in its module (src/mocks/account/), so a cancelled booking leaves the list and a sent pass
 * appears; `resetAccountMocks` puts it all back (tests call it between cases). handlers.ts spreads
 * these before the basket's, so `my-account/orders/{id}` answers the order history's orders (any
 * other id still gets the checkout mock's order).
 */
export const accountHandlers = [
  ...bookingsHandlers,
  ...guestPassesHandlers,
  ...membershipsHandlers,
  ...paymentsHandlers,
  ...profileAndWaiversHandlers,
];

export function resetAccountMocks(): void {
  resetBookingsMock();
  resetGuestPassesMock();
  resetMembershipsMock();
  resetPaymentsMock();
  resetProfileAndWaiversMock();
}
