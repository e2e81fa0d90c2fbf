/** After a failure the form cannot place (not 200, 201 or 422), the page goes back to the top. */
export function scrollToTop(): void {
  if (typeof window.scrollTo !== 'function') return;
  try {
    window.scrollTo({ top: 0, behavior: 'smooth' });
  } catch {
    window.scrollTo(0, 0);
  }
}
