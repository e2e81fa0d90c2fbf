import type { Database } from '../../db/client';
import { verifyPassword } from '../../lib/password-hash';
import { findAccountsToAuditForDemoPasswords } from './auth.repository';

/** Ids of the accounts (staff, or at the demo's domain) whose password is still one of `passwords`. */
export async function findAccountsWithPasswords(
  db: Database,
  passwords: readonly string[],
): Promise<number[]> {
  const found: number[] = [];
  for (const account of await findAccountsToAuditForDemoPasswords(db)) {
    for (const password of passwords) {
      if (await verifyPassword(account.passwordHash, password)) {
        found.push(account.id);
        break;
      }
    }
  }
  return found;
}
