import type { Database } from '../../db/client';
import {
  type MembershipRow,
  setCancellation as writeCancellation,
  setMembershipFrozen as writeFrozen,
  setMembershipProofState as writeProofState,
} from './membership-lifecycle.repository';

/**
 * The membership row's one writer for the modules above the lifecycle (decision 061): a freeze
 * starting and ending, a cancellation's state and dates, proof of eligibility's state. Each runs in
 * the caller's transaction, on a row the caller has locked.
 */

/** A cancellation's columns (state, dates, and the status once it ends). */
export async function setCancellation(
  tx: Database,
  id: number,
  values: Parameters<typeof writeCancellation>[2],
): Promise<void> {
  await writeCancellation(tx, id, values);
}

/** A freeze starting ('frozen', a fixed end date moved on) or ending ('active'). */
export async function setMembershipFrozen(
  tx: Database,
  id: number,
  status: 'frozen' | 'active',
  values: Pick<Partial<MembershipRow>, 'endDate'> = {},
): Promise<void> {
  await writeFrozen(tx, id, status, values);
}

/** The membership's proof state: approving clears `requiresDocument`; the overdue job suspends. */
export async function setMembershipProofState(
  tx: Database,
  id: number,
  values: Parameters<typeof writeProofState>[2],
): Promise<void> {
  await writeProofState(tx, id, values);
}
