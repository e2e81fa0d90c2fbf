import type { ActionStatus } from '@leisure/contract/activities';

/** The translation key of each `action_to_show.status` (null: listed, not bookable yet). */
export function statusKey(status: ActionStatus | null): string {
  switch (status) {
    case 'BOOK':
      return 'sessions.status.book';
    case 'FULL':
      return 'sessions.status.full';
    case 'LOGIN':
      return 'sessions.status.login';
    case 'WAITLIST':
      return 'sessions.status.waitlist';
    default:
      return 'sessions.status.notYet';
  }
}

/** A class name per status, for the badge colour. */
export function statusClass(status: ActionStatus | null): string {
  return `status-badge status-${status ? status.toLowerCase() : 'not-yet'}`;
}

/** No place left: FULL, or WAITLIST (full, with a waitlist). */
export function isFull(status: ActionStatus | null, spaces: number): boolean {
  return status === 'FULL' || status === 'WAITLIST' || spaces <= 0;
}
