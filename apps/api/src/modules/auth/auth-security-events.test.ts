import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { users } from '../../db/schema';
import { demoMember, demoStaff } from '../../seed/accounts';
import { seedIfEmpty } from '../../seed/seed';
import { openTestDatabase } from '../../test/harness';
import { newCustomer } from './auth-test-fixtures';

/** Logins, registrations and reset requests in the security event log: user ids, never email addresses. */
describe('auth security events', () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let memberId: number;
  beforeAll(async () => {
    database = await openTestDatabase();
    const config = testConfig({ LOG_LEVEL: 'warn' });
    await seedIfEmpty(database.db, config);
    app = await buildApp({ config, database, logStream: { write: (line) => void lines.push(line) } });
    await app.ready();
    const [member] = await database.db.select().from(users).where(eq(users.email, demoMember.email));
    memberId = member?.id as number;
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const eventsSince = (start: number) =>
    lines
      .slice(start)
      .map((line) => JSON.parse(line))
      .filter((line) => line.security_event);
  const login = (password: string) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: demoMember.email, password },
      remoteAddress: '10.60.0.1',
    });

  it('logs a login failure, its refusal and a success by user id', async () => {
    const start = lines.length;
    for (let i = 0; i < 10; i++) expect((await login(`wrong-${i}`)).statusCode).toBe(401);
    expect((await login(demoMember.password)).statusCode).toBe(429);
    const events = eventsSince(start);
    expect(events.filter((event) => event.security_event === 'login.failed')).toHaveLength(10);
    expect(events.find((event) => event.security_event === 'login.failed')).toMatchObject({
      userId: memberId,
      reason: 'bad-password',
      ip: '10.60.0.1',
    });
    expect(events.find((event) => event.security_event === 'login.limited')).toMatchObject({
      userId: memberId,
      reason: 'address-and-account',
    });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: demoStaff.email, password: demoStaff.password },
      remoteAddress: '10.60.0.1',
    });
    expect(ok.statusCode).toBe(200);
    expect(eventsSince(start).find((event) => event.security_event === 'login.succeeded')).toMatchObject({
      userId: expect.any(Number),
      ip: '10.60.0.1',
    });
    expect(lines.slice(start).join('\n')).not.toContain(demoMember.email);
  });

  it('logs a registration and a reset request without the address they named', async () => {
    const start = lines.length;
    const terms = (await app.inject({ method: 'GET', url: '/api/terms' })).json().data;
    const client = (await app.inject({ method: 'GET', url: '/api/client' })).json().data;
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload: {
        ...newCustomer(demoMember.email),
        client_id: client.id,
        terms: terms.map((term: { id: number }) => term.id),
      },
      remoteAddress: '10.60.1.1',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    await app.inject({
      method: 'POST',
      url: '/api/auth/customer/forgotten-password',
      payload: { email_or_reference: 'nobody.at.all@example.com' },
      remoteAddress: '10.60.1.1',
    });
    const events = eventsSince(start);
    expect(events.find((event) => event.security_event === 'registration')).toMatchObject({
      userId: memberId,
      reason: 'email-in-use',
    });
    expect(events.find((event) => event.security_event === 'password.reset-requested')).toMatchObject({
      reason: 'unknown-account',
    });
    const logged = lines.slice(start).join('\n');
    expect(logged).not.toContain(demoMember.email);
    expect(logged).not.toContain('nobody.at.all');
  });
});
