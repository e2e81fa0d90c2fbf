/** Query keys of the basket feature's own calls (the basket itself: shared/cart/cart-query.ts). */
export const basketKeys = {
  customers: (q: string) => ['foh', 'customers', q] as const,
};
