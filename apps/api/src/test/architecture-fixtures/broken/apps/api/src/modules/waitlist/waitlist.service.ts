import { lineFor } from '../basket/basket-lines';
import { firstWaiting } from './waitlist.repository';

/** The other arrow: no file cycle, but the basket and waitlist modules import each other. */
export function offerPlace(occurrenceId: number): string {
  return `${lineFor(occurrenceId)} for ${firstWaiting(occurrenceId)}`;
}
