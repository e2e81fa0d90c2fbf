import { loginMessages } from '@leisure/contract/auth';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundEmails, sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { demoStaff } from '../../seed/accounts';
import { signInStaff } from '../../test/factories/staff-sign-in';
import type { TestApp } from '../../test/harness';
import { staffLoginMessage } from '../auth/auth.routes';
import { bearer, browser, startSeededApp } from '../auth/auth-test-fixtures';
import { totpCode } from './mfa-crypto';

/** The token of the newest invitation emailed to `to`. */
async function invitationToken(t: TestApp, to: string): Promise<string> {
  const [email] = await t.db
    .select()
    .from(outboundEmails)
    .where(and(eq(outboundEmails.toAddress, to), eq(outboundEmails.template, 'staff_invitation')))
    .orderBy(desc(outboundEmails.id))
    .limit(1);
  const match = /\/admin\/invitation\/([\w-]+)/.exec(email?.text ?? '');
  if (!match?.[1]) throw new Error(`no invitation to ${to}`);
  return match[1];
}

describe('staff sign-in with a second factor', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await startSeededApp();
    admin = await signInStaff(t);
  });
  afterAll(async () => t.close());

  async function inviteAndAccept(email: string, role = 'front-desk', venue_ids: number[] = []) {
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff-users',
      headers: admin,
      payload: { email, first_name: 'Sam', last_name: 'Lee', role, venue_ids },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const token = await invitationToken(t, email);
    const password = 'Quiet-Harbour-Lantern-42';
    const accept = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations/accept',
      payload: { token, password },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    return { id: invite.json().id as number, email, password, token };
  }

  it('refuses a staff account at the customer login, pointing to the console', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demoStaff.email, password: demoStaff.password },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(staffLoginMessage);
  });

  it('answers the same refusal for a wrong password, an unknown email and a customer', async () => {
    for (const payload of [
      { email: demoStaff.email, password: 'Wrong-Pass-1' },
      { email: 'nobody@example.com', password: 'Wrong-Pass-1' },
      { email: 'member@example.com', password: 'Member-Pass-1' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/session', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(loginMessages.invalid);
    }
  });

  it('keeps a session without its second factor away from every route but the MFA steps', async () => {
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: demoStaff.email, password: demoStaff.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ next: 'verify', token: expect.any(String) });
    const pending = bearer(signIn.json().token);
    for (const url of [
      '/api/admin/me',
      '/api/admin/staff-users',
      '/api/auth/user',
      '/api/admin/audit-events',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: pending });
      expect(res.statusCode, url).toBe(401);
    }
    // An authenticator is already set up: no second one can be enrolled with the password alone.
    const enrol = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/mfa/enrolment',
      headers: pending,
    });
    expect(enrol.statusCode).toBe(409);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/mfa/verify',
      headers: pending,
      payload: { code: '000000' === totpCode(demoStaff.totpSecret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toBeDefined();
    const logout = await t.app.inject({ method: 'POST', url: '/api/admin/session/logout', headers: pending });
    expect(logout.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/admin/session/mfa/verify',
      headers: pending,
      payload: { code: totpCode(demoStaff.totpSecret) },
    });
    expect(after.statusCode).toBe(401);
  });

  it('answers who is signed in, with the session limits', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: admin });
    expect(me.statusCode).toBe(200);
    const body = me.json();
    expect(body).toMatchObject({ email: demoStaff.email, role: 'administrator', venue_scoped: false });
    expect(body.permissions).toContain('staff.manage');
    const idle = new Date(body.idle_expires_at).getTime() - Date.now();
    expect(idle).toBeGreaterThan(14 * 60_000);
    expect(idle).toBeLessThanOrEqual(15 * 60_000 + 1000);
    const absolute = new Date(body.expires_at).getTime() - Date.now();
    expect(absolute).toBeGreaterThan(9.9 * 3_600_000);
  });

  it('ends a staff session at its absolute limit, however active', async () => {
    const headers = await signInStaff(t, demoStaff, new Date(Date.now() + 30_000));
    const token = headers.authorization?.split(' ')[1] ?? '';
    const updated = await t.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 11 * 3_600_000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ id: sessions.id });
    expect(updated).toHaveLength(1);
    const me = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers });
    expect(me.statusCode).toBe(401);
  });

  it('takes an invited user through enrolment, recovery codes and a code that works once', async () => {
    const sam = await inviteAndAccept('sam.enrol@example.com');
    // The invitation works once.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/admin/invitations/accept',
      payload: { token: sam.token, password: 'Another-Long-Pass-77' },
    });
    expect(again.statusCode).toBe(403);

    const person = browser(t);
    const signIn = await person.request('POST', '/api/admin/session', {
      email: sam.email,
      password: sam.password,
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ next: 'enrol' });
    const enrolment = await person.request('POST', '/api/admin/session/mfa/enrolment');
    expect(enrolment.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = enrolment.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(qr_svg).toContain('<svg');
    // The secret is stored encrypted, never as given.
    const stored = await t.db.execute(sql`select pending_secret_encrypted as s from staff_mfa`);
    expect(JSON.stringify(stored)).not.toContain(secret);

    const confirm = await person.request('POST', '/api/admin/session/mfa/enrolment/confirm', {
      code: totpCode(secret),
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const codes: string[] = confirm.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect((await person.request('GET', '/api/admin/me')).statusCode).toBe(200);
    // Front desk: no staff.manage.
    expect((await person.request('GET', '/api/admin/staff-users')).statusCode).toBe(403);

    // The same code again (another sign-in, same step) is refused.
    const second = browser(t);
    await second.request('POST', '/api/admin/session', { email: sam.email, password: sam.password });
    const reused = await second.request('POST', '/api/admin/session/mfa/verify', { code: totpCode(secret) });
    expect(reused.statusCode).toBe(422);
    // A recovery code works, once.
    const recovered = await second.request('POST', '/api/admin/session/mfa/verify', {
      recovery_code: codes[0],
    });
    expect(recovered.statusCode).toBe(200);
    const third = browser(t);
    await third.request('POST', '/api/admin/session', { email: sam.email, password: sam.password });
    const spent = await third.request('POST', '/api/admin/session/mfa/verify', { recovery_code: codes[0] });
    expect(spent.statusCode).toBe(422);

    // Sign-ins, enrolment and failed second factors are in the audit log.
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-events?entity_type=staff-user&entity_id=${sam.id}`,
      headers: admin,
    });
    const actions = log.json().data.map((event: { action: string }) => event.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff-user.invite',
        'staff-user.mfa-enrol',
        'staff-user.sign-in',
        'staff-user.mfa-failed',
      ]),
    );
    expect(JSON.stringify(log.json())).not.toContain(secret);
  });

  it('limits wrong second factors', async () => {
    const pat = await inviteAndAccept('pat.limits@example.com');
    const person = browser(t);
    await person.request('POST', '/api/admin/session', { email: pat.email, password: pat.password });
    const enrolment = await person.request('POST', '/api/admin/session/mfa/enrolment');
    const secret = enrolment.json().secret as string;
    const wrong = totpCode(secret) === '123456' ? '654321' : '123456';
    let last = 0;
    for (let i = 0; i < 11; i += 1) {
      last = (await person.request('POST', '/api/admin/session/mfa/enrolment/confirm', { code: wrong }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});
