/** Query keys of the waivers feature; user-scoped, so logout clears them. */
export const waiverKeys = {
  all: ['waivers'] as const,
  list: () => ['waivers', 'list'] as const,
  detail: (slug: string) => ['waivers', 'detail', slug] as const,
};
