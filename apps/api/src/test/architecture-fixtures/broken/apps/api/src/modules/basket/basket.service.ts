import { offerPlace } from '../waitlist/waitlist.service';

/** A basket that hands a freed place to the waitlist (one arrow of a module cycle). */
export function releasePlace(occurrenceId: number): string {
  return offerPlace(occurrenceId);
}
