import type { Answer } from '@leisure/contract/memberships';
import { fullDate } from '../../lib/dates';
import type { VenueRow } from '../membership-catalogue/membership-catalogue.service';
import type { MembershipRow } from './membership-lifecycle.repository';

/** A membership's 'YYYY-MM-DD' date on the wire: `{ full_date, raw }`. */
export function membershipDate(date: string): { full_date: string; raw: string } {
  return { full_date: fullDate(date), raw: date };
}

/** A membership's reference as members see it: MEM- and six digits. */
export function membershipReference(id: number): string {
  return `MEM-${String(id).padStart(6, '0')}`;
}

export function homeVenueOf(venue: VenueRow) {
  return {
    id: venue.id,
    name: venue.name,
    slug: venue.slug,
    can_display_ineligible_memberships: venue.canDisplayIneligibleMemberships,
  };
}

/** The answers given when joining, as a renewal or change submits them again. */
export function answersOf(membership: MembershipRow): Answer[] {
  return membership.answers.map((a) => ({ question_id: a.questionId, answer: a.answer }) as Answer);
}
