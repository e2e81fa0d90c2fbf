/**
 * A membership type's coverage as every card and answer shows it: 'National' or 'Local' (the stored
 * `national`, `local`), or an operator's own local value with a capital. Kept apart from the zod
 * schemas of memberships.ts, so a screen that only shows cards does not load zod (issue 16).
 */
export function coverageLabel(coverage: string): string {
  const word = coverage.trim();
  return word.charAt(0).toUpperCase() + word.slice(1);
}
