import type { WaitlistEntry } from '@leisure/contract/cart';
import type { WaitlistPlace } from './waitlist.service';

/** A waitlist entry as the wire shows it. */
export function presentEntry(place: WaitlistPlace): WaitlistEntry {
  return {
    id: place.id,
    occurrence_id: place.occurrenceId,
    position: place.position,
    status: place.status,
    created_at: place.createdAt.toISOString(),
  };
}
