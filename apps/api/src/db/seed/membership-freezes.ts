import type { Database } from '../client';
import type { SeededOperator } from './operator';

/** Demo data for the my-account area (issue 5): freeze types, frozen and pending-freeze members. */
export async function seedMembershipFreezes(
  _db: Database,
  _clientId: number,
  _venues: SeededOperator['venues'],
): Promise<void> {}
