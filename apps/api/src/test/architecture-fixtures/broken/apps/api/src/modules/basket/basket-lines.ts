export function lineFor(occurrenceId: number): string {
  return `line ${occurrenceId}`;
}
