import { firstWaiting } from '../waitlist/waitlist.repository';

/** Reads another module's repository. */
export function nextInLine(occurrenceId: number): number {
  return firstWaiting(occurrenceId);
}
