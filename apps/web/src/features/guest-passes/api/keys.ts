/** Query keys of guest passes and packages; sending a pass invalidates `all`. */
export const guestPassesKeys = {
  all: ['guest-passes'] as const,
  list: (userId: number, page: number) => ['guest-passes', 'list', userId, page] as const,
  allowances: (userId: number) => ['guest-passes', 'allowances', userId] as const,
  detail: (userId: number, id: number) => ['guest-passes', 'detail', userId, id] as const,
  packages: ['packages'] as const,
};
