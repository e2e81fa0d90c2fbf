/**
 * The number of items in the basket, for the header badge. There is no cart API yet: the basket
 * arrives with the bookings work, and until then every basket is empty, so the count is 0.
 */
export function useBasketItemCount(): number {
  return 0;
}
