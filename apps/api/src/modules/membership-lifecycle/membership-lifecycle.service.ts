import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { requireAccess, type Viewer } from '../session/access';
import {
  findMembershipById,
  findMembershipDetail,
  listMembershipDetailsOfUser,
  lockMembership as lockMembershipRow,
  lockNextEndedReplaced,
  type MembershipDetailRow,
  type MembershipRow,
  updateMembership,
} from './membership-lifecycle.repository';

/**
 * A membership after joining, as the other membership modules (freezes, cancellations, eligibility
 * documents, the member's list) reach it: who may act on it, its reads and lock, its time zone, and
 * the end of one a renewal or change replaced.
 */

/** The live memberships of a payment option and their members (a scheduled price change's). */
export { listLiveMembersOfOption } from './membership-lifecycle.repository';
export type { MembershipDetailRow, MembershipRow };

export interface MembershipLifecycleDeps {
  db: Database;
  config: Config;
}

/** The member's own membership of this operator; 404 for anyone else's (never leaked). */
export async function ownMembership(
  deps: Pick<MembershipLifecycleDeps, 'db'>,
  viewer: Viewer,
  membershipId: number,
): Promise<MembershipRow> {
  return requireAccess(viewer, await findMembershipById(deps.db, membershipId));
}

/** The member's own membership with its type, option and home venue; 404 for anyone else's. */
export async function ownMembershipDetail(
  deps: Pick<MembershipLifecycleDeps, 'db'>,
  viewer: Viewer,
  membershipId: number,
): Promise<MembershipDetailRow> {
  const detail = await findMembershipDetail(deps.db, membershipId);
  requireAccess(viewer, detail?.membership);
  return detail as MembershipDetailRow;
}

export async function findMembership(db: Database, id: number): Promise<MembershipRow | undefined> {
  return findMembershipById(db, id);
}

/** A membership with its type, payment option and home venue (no access check: the caller has done it). */
export async function findMembershipWithType(
  db: Database,
  id: number,
): Promise<MembershipDetailRow | undefined> {
  return findMembershipDetail(db, id);
}

/** Every membership of a member with its type, payment option and home venue, oldest first. */
export async function listMembershipsWithTypeOfUser(
  db: Database,
  userId: number,
): Promise<MembershipDetailRow[]> {
  return listMembershipDetailsOfUser(db, userId);
}

/** The membership's local time zone: its home venue's, or the operator's without one (decision 064). */
export function zoneOf(detail: Pick<MembershipDetailRow, 'timezone'>): string {
  return detail.timezone;
}

/**
 * Paid for but waiting for its proof of eligibility: checkout leaves a membership whose type needs a
 * document `pending` (docs/decisions/010) until staff approve one.
 */
export function awaitingProof(membership: MembershipRow): boolean {
  return membership.status === 'pending' && membership.activatedAt !== null && membership.requiresDocument;
}

/**
 * Locks the membership row until the transaction ends. Every change of a membership's state
 * (freeze, cancellation, document review, suspension) takes this lock first, so they never cross.
 */
export async function lockMembership(tx: Database, id: number): Promise<MembershipRow | undefined> {
  return lockMembershipRow(tx, id);
}

/**
 * Renewed or replaced memberships whose paid successor is active end (status expired) after their
 * last day. One row per transaction, locked with SKIP LOCKED, so replicas never end one twice.
 * Answers how many ended.
 */
export async function endReplacedMemberships(db: Database, today: string): Promise<number> {
  let ended = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const replaced = await lockNextEndedReplaced(tx, today);
      if (!replaced) return false;
      await updateMembership(tx, replaced.id, { status: 'expired' });
      ended += 1;
      return true;
    });
    if (!moved) break;
  }
  return ended;
}
