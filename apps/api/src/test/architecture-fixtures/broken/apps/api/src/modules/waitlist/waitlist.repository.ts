export function firstWaiting(occurrenceId: number): number {
  return occurrenceId + 1;
}
