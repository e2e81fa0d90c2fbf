/** Query keys of the payments area; mutations invalidate by these. */
export const paymentsKeys = {
  all: ['payments'] as const,
  penalties: ['payments', 'penalties'] as const,
  creditsAdded: ['payments', 'credits', 'added'] as const,
  creditsSpent: ['payments', 'credits', 'spent'] as const,
  savedCards: ['payments', 'saved-cards'] as const,
  orders: (from: string | null, to: string | null, page: number) =>
    ['payments', 'orders', from, to, page] as const,
  order: (orderId: number) => ['payments', 'order', orderId] as const,
};
