import type { Database } from '../../db/client';
import { verifyPassword } from '../../lib/password-hash';
import { hashToken, newToken } from '../../lib/tokens';
import { findAccountsToAuditForDemoPasswords, insertResetToken } from './auth.repository';
import { createStaffUser } from './auth.service';

/**
 * The first administrator of a new operator (`npm run operator -- init`): nobody ever knows a
 * password for it. It is created with a random one that is thrown away, and the command prints a
 * one-time link where the administrator sets their own (docs/decisions/040).
 */
export async function createFirstAdministrator(
  db: Database,
  clientId: number,
  administrator: { email: string; firstName: string; lastName: string },
  linkValidHours: number,
): Promise<{ userId: number; setPasswordToken: string }> {
  const user = await createStaffUser(db, clientId, { ...administrator, password: newToken() });
  const setPasswordToken = newToken();
  await insertResetToken(db, {
    userId: user.id,
    tokenHash: hashToken(setPasswordToken),
    expiresAt: new Date(Date.now() + linkValidHours * 3_600_000),
  });
  return { userId: user.id, setPasswordToken };
}

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
