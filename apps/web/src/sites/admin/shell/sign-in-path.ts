/** The sign-in page's address that comes back to `next` (a console path) afterwards. */
export function signInPath(next: string, ended = false): string {
  const params = new URLSearchParams();
  if (next && next !== '/') params.set('next', next);
  if (ended) params.set('ended', '1');
  const search = params.toString();
  return `/sign-in${search ? `?${search}` : ''}`;
}

/** Where to go after signing in: the `next` given, if it is a path of the console, else its home. */
export function safeNext(next: string | null): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  if (next.startsWith('/sign-in') || next.startsWith('/invitation/')) return '/';
  return next;
}
