import { type APIRequestContext, expect } from '@playwright/test';
import { unusedTotpCode } from './console';
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
 * the browser holding the session cookie): the password, then a code this process has not given
 * before (a code works once: console.ts unusedTotpCode).
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
  const verify = await request.post('/api/admin/session/mfa/verify', {
    headers: await writeHeaders(request),
    data: { code: await unusedTotpCode(staff.totpSecret) },
  });
  expect(verify.status(), `staff second factor: ${await verify.text()}`).toBe(200);
}
