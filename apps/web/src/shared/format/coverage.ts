/**
 * A membership type's coverage as every card shows it: 'National' or 'Local' (the wire sends
 * `national`, `local`, or an operator's own word, shown with a capital).
 */
export function coverageLabel(coverage: string): string {
  const word = coverage.trim();
  return word.charAt(0).toUpperCase() + word.slice(1);
}
