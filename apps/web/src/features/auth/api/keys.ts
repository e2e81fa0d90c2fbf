/** Query keys of the auth feature: under 'auth', which logout keeps (nothing in it is the user's). */
export const authKeys = {
  passwordReset: (token: string) => ['auth', 'password-reset', token] as const,
};
