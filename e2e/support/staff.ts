import { type APIRequestContext, expect } from '@playwright/test';
import { totpCode } from './console';
import { writeHeaders } from './customers';

/**
 * The seeded staff user (apps/api/src/seed/accounts.ts `demoStaff`) and its published, demo-only
 * authenticator secret: staff sign in to the console with a password and a TOTP code (issue 47).
 */
export const demoStaff = {
  email: 'staff@example.com',
  password: 'Staff-Pass-1',
  firstName: 'Chris',
  lastName: 'Taylor',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

/**
 * Signs the staff user in through the console's API on `request` (a page's `page.request` leaves
 * the browser holding the session cookie): the password, then a code. A code works once, so when
 * another journey just used this step's, the next step's is given, and failing that the helper
 * waits for the next step.
 */
export async function signInStaffThroughApi(
  request: APIRequestContext,
  staff: { email: string; password: string; totpSecret: string } = demoStaff,
): Promise<void> {
  await request.get('/api/client');
  const signIn = await request.post('/api/admin/session', {
    headers: await writeHeaders(request),
    data: { email: staff.email, password: staff.password },
  });
  expect(signIn.status(), `staff sign-in: ${await signIn.text()}`).toBe(200);
  let last = '';
  for (const wait of [0, 0, 30_000 - (Date.now() % 30_000) + 500]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const ahead = last !== '' && wait === 0 ? 30_000 : 0;
    const verify = await request.post('/api/admin/session/mfa/verify', {
      headers: await writeHeaders(request),
      data: { code: totpCode(staff.totpSecret, Date.now() + ahead) },
    });
    if (verify.status() === 200) return;
    last = `${verify.status()} ${await verify.text()}`;
    expect(verify.status(), `staff second factor: ${last}`).toBe(422);
  }
  throw new Error(`staff second factor: ${last}`);
}
