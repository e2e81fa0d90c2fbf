import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients, venues } from '../db/schema';
import { localDateOf } from '../lib/dates';
import { seedIfEmpty } from '../seed/seed';
import { seededMemberWith } from '../test/factories/seeded-membership-fixtures';
import { verifiedStaffHeaders } from '../test/factories/staff-sign-in';
import { startTestApp, type TestApp } from '../test/harness';
import { runStaffCommand } from './staff';

describe('the staff command-line tool', () => {
  let t: TestApp;
  let env: Record<string, string>;
  let lines: string[];
  const out = (line: string) => lines.push(line);

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    // Most commands use one console session (a code works once: signing in for each would wait);
    // the sign-in with the second factor is tested on its own below.
    env = {
      API_URL: address,
      STAFF_TOKEN: (await verifiedStaffHeaders(t)).authorization.slice('Bearer '.length),
    };
  });
  afterAll(async () => t.close());

  async function memberCredit(): Promise<{ id: number; balance: number }> {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: 'member@example.com', password: 'Member-Pass-1' },
    });
    const user = await t.app.inject({
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${login.json().token}` },
    });
    const data = user.json().data;
    return { id: data.id, balance: data.credit.balance };
  }

  it('issues credit to a customer through the staff API, as the seeded staff user', async () => {
    lines = [];
    const before = await memberCredit();
    const code = await runStaffCommand(
      ['issue-credit', String(before.id), '250', 'Goodwill:', 'pool', 'closed'],
      env,
      out,
    );
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/^201 /);
    const after = await memberCredit();
    expect(after.balance - before.balance).toBe(250);
  });

  it('shows the usage for an unknown command or bad arguments, and sends nothing', async () => {
    lines = [];
    expect(await runStaffCommand(['launch-rockets'], env, out)).toBe(2);
    expect(lines.join('\n')).toContain('approve-document <documentId>');
    lines = [];
    const before = await memberCredit();
    expect(await runStaffCommand(['issue-credit', String(before.id), 'lots', 'why'], env, out)).toBe(2);
    expect(lines.join('\n')).toContain('amountInPence must be a whole number');
    expect((await memberCredit()).balance).toBe(before.balance);
  });

  it('lists the documents waiting for review', async () => {
    lines = [];
    expect(await runStaffCommand(['documents-to-review'], env, out)).toBe(0);
    expect(lines.join('\n')).toMatch(/^200 /);
    expect(lines.join('\n')).toContain('"status": "pending"');
  });

  it('lists the freeze requests waiting for staff, and approves one found there', async () => {
    const [client] = await t.db.select().from(clients);
    const [venue] = await t.db.select().from(venues).where(eq(venues.slug, 'leeds-riverside'));
    const { membership, headers } = await seededMemberWith(
      {
        db: t.db,
        clientId: client?.id ?? 0,
        venueId: venue?.id ?? 0,
        today: localDateOf(new Date(), 'Europe/London'),
      },
      'monthly',
    );
    const types = await t.app.inject({
      url: `/api/my-account/user/memberships/${membership.id}/freezetypes`,
      headers,
    });
    const { freeze_types, min_freeze_start_date } = types.json().data;
    const travel = freeze_types.find((type: { reason: string }) => type.reason === 'Travel');
    const boundary = '----cli-freeze';
    const fields = { freeze_type_id: String(travel.id), active_from: min_freeze_start_date, months: '1' };
    const payload = `${Object.entries(fields)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`;
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/my-account/user/memberships/${membership.id}/freeze`,
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const freezeId = asked.json().data.id as number;

    lines = [];
    expect(await runStaffCommand(['freezes-to-review'], env, out)).toBe(0);
    const listing = lines.join('\n');
    expect(listing).toMatch(/^200 /);
    const listed = JSON.parse(listing.slice(4)).data as { id: number; freeze_type: { reason: string } }[];
    expect(listed.find((row) => row.id === freezeId)?.freeze_type.reason).toBe('Travel');

    lines = [];
    expect(await runStaffCommand(['approve-freeze', String(freezeId)], env, out)).toBe(0);
    expect(lines.join('\n')).toContain('"status": "approved"');
    lines = [];
    await runStaffCommand(['freezes-to-review'], env, out);
    const after = JSON.parse(lines.join('\n').slice(4)).data as { id: number }[];
    expect(after.map((row) => row.id)).not.toContain(freezeId);
  });

  it('reports the API refusal and exits non-zero', async () => {
    lines = [];
    expect(await runStaffCommand(['approve-freeze', '999999'], env, out)).toBe(1);
    expect(lines.join('\n')).toMatch(/^404 /);
  });

  it('signs in to the console with the password and a code from STAFF_TOTP_SECRET', async () => {
    lines = [];
    const { STAFF_TOKEN: _token, ...signingIn } = env;
    expect(await runStaffCommand(['documents-to-review'], signingIn, out)).toBe(0);
    expect(lines.join('\n')).toMatch(/^200 /);
  });

  it('refuses to act with credentials that are not a staff user', async () => {
    lines = [];
    const { STAFF_TOKEN: _token, ...signingIn } = env;
    const code = await runStaffCommand(
      ['approve-freeze', '1'],
      { ...signingIn, STAFF_EMAIL: 'member@example.com', STAFF_PASSWORD: 'Member-Pass-1' },
      out,
    );
    expect(code).toBe(1);
    expect(lines.join('\n')).toMatch(/^Could not sign in as staff \(401\)/);
  });
});
