import { forgottenPasswordMessages, loginMessages } from '@leisure/contract/auth';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { outboundEmails } from '../../db/schema';
import { demoMember, demoStaff } from '../../seed/accounts';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';
import { clientId, newCustomer, registrationTermIds, startSeededApp } from './auth-test-fixtures';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());

  const login = (username: string, password: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username, password },
      remoteAddress: address,
    });

  /** A customer of its own, registered (from `address`) through the API; not yet signed in anywhere. */
  async function newAccount(email: string, address = '10.1.0.1') {
    const password = 'Robin-Pass-1';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload: { ...newCustomer(email), client_id: await clientId(t), terms: await registrationTermIds(t) },
      remoteAddress: address,
    });
    expect(res.statusCode, res.body).toBe(201);
    return { email, password };
  }

  describe('rate limiting', () => {
    it('past 10 failures an account is slowed, not locked: each try waits a doubling delay, then the right password works', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const start = new Date();
        vi.setSystemTime(start);
        const login = (password: string, address: string) =>
          t.app.inject({
            method: 'POST',
            // Staff sign in to the console, under the same login limits as customers.
            url: '/api/admin/session',
            payload: { email: demoStaff.email, password },
            remoteAddress: address,
          });
        for (let i = 0; i < 10; i++) expect((await login(`wrong-${i}`, `10.0.0.${i}`)).statusCode).toBe(401);
        // The 11th try straight after, from anywhere, waits: even the right password.
        const blocked = await login(demoStaff.password, '10.0.1.1');
        expect(blocked.statusCode).toBe(429);
        expect(blocked.json().message).toBe('Too many attempts. Please try again in 1 second.');
        // An attacker's next failures make the delay grow...
        vi.setSystemTime(new Date(start.getTime() + 2_000));
        expect((await login('wrong-again', '10.0.2.1')).statusCode).toBe(401);
        vi.setSystemTime(new Date(start.getTime() + 2_500));
        expect((await login(demoStaff.password, '10.0.1.1')).json().message).toBe(
          'Too many attempts. Please try again in 2 seconds.',
        );
        // ...but once it has passed, the owner's right password opens the account.
        vi.setSystemTime(new Date(start.getTime() + 4_100));
        expect((await login(demoStaff.password, '10.0.1.1')).statusCode).toBe(200);
      } finally {
        vi.useRealTimers();
      }
    });

    it("after 10 failures of one account from an address, another user's right password from that address still works", async () => {
      const victim = await newAccount('shared.victim@example.com');
      const colleague = await newAccount('shared.colleague@example.com');
      const address = '10.7.0.1';
      for (let i = 0; i < 10; i++)
        expect((await login(victim.email, `wrong-${i}`, address)).statusCode).toBe(401);
      // The guessed account is refused there, even with its right password...
      const pair = await login(victim.email, victim.password, address);
      expect(pair.statusCode).toBe(429);
      expect(pair.json().message).toBe(loginMessages.tooMany);
      // ...but everyone else behind the same address logs in.
      expect((await login(colleague.email, colleague.password, address)).statusCode).toBe(200);
      expect((await login(demoMember.email, demoMember.password, address)).statusCode).toBe(200);
    });

    it('a spray of 100 failures from one address stops it for accounts it has not signed in to, not for a known one', async () => {
      const regular = await newAccount('spray.regular@example.com');
      const newcomer = await newAccount('spray.newcomer@example.com');
      const address = '10.9.9.9';
      // The regular member signed in from this address before: it is known for that account.
      expect((await login(regular.email, regular.password, address)).statusCode).toBe(200);
      // Ten at a time: each failure checks a decoy hash, which the thread pool runs side by side.
      for (let batch = 0; batch < 10; batch++) {
        const answers = await Promise.all(
          Array.from({ length: 10 }, (_, i) => login(`nobody${batch * 10 + i}@example.com`, 'x', address)),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(401));
      }
      const sprayed = await login(newcomer.email, newcomer.password, address);
      expect(sprayed.statusCode).toBe(429);
      expect(sprayed.json().message).toBe(loginMessages.tooMany);
      expect((await login('nobody-else@example.com', 'x', address)).statusCode).toBe(429);
      // Other accounts' failures never refuse a right password from an address that account knows.
      expect((await login(regular.email, regular.password, address)).statusCode).toBe(200);
      // Elsewhere, the newcomer logs in as ever.
      expect((await login(newcomer.email, newcomer.password, '10.9.9.8')).statusCode).toBe(200);
    }, 120_000);

    it("failures of one account from many addresses slow the attacker but never refuse the owner's known address", async () => {
      const owner = await newAccount('targeted.owner@example.com');
      const home = '10.8.0.1';
      expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
      for (let i = 0; i < 10; i++)
        expect((await login(owner.email, `guess-${i}`, `10.8.1.${i}`)).statusCode).toBe(401);
      // An address the account has not signed in from waits (the doubling delay), right password or not...
      expect((await login(owner.email, 'guess-10', '10.8.1.10')).statusCode).toBe(429);
      const stranger = await login(owner.email, owner.password, '10.8.2.1');
      expect(stranger.statusCode).toBe(429);
      expect(stranger.json().message).toMatch(
        /^Too many attempts\. Please try again in \d+ (second|minute)s?\.$/,
      );
      // ...the owner at home does not.
      expect((await login(owner.email, owner.password, home)).statusCode).toBe(200);
      // A wrong password from the known address is still only a wrong password (401), counted there.
      expect((await login(owner.email, 'not-it', home)).statusCode).toBe(401);
    });

    it('behind a trusted proxy, takes the address one hop from the right: a forged X-Forwarded-For does not escape the limit', async () => {
      const proxied = await startTestApp({ TRUST_PROXY: '1' });
      try {
        await seedIfEmpty(proxied.db, proxied.config);
        const attempt = (forged: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/auth/customer/login',
            payload: { username: demoMember.email, password: 'x' },
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
          });
        for (let i = 0; i < 10; i++) expect((await attempt(`198.51.100.${i}`)).statusCode).toBe(401);
        // The address and account's own limit (not the account's delay): every try came from one address.
        const limited = await attempt('192.0.2.99');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().message).toBe(loginMessages.tooMany);
      } finally {
        await proxied.close();
      }
    });

    it('names the cookies __Host- over https (Secure, path /, no domain), and reads them back', async () => {
      const proxied = await startTestApp({ TRUST_PROXY: '1' });
      try {
        await seedIfEmpty(proxied.db, proxied.config);
        const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
        const login = await proxied.app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: demoMember.email, password: demoMember.password },
          headers: https,
        });
        expect(login.statusCode).toBe(200);
        const cookies = login.cookies;
        expect(cookies.map((cookie) => cookie.name).sort()).toEqual([
          '__Host-leisure_session',
          '__Host-leisure_xsrf',
        ]);
        for (const cookie of cookies) {
          expect(cookie).toMatchObject({ secure: true, path: '/' });
          expect(cookie.domain).toBeUndefined();
        }
        const session = cookies.find((cookie) => cookie.name === '__Host-leisure_session')?.value;
        const me = await proxied.app.inject({
          method: 'GET',
          url: '/api/auth/user',
          headers: { ...https, cookie: `__Host-leisure_session=${session}` },
        });
        expect(me.statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    });

    it('refuses a TRUST_PROXY that is neither hops nor addresses', async () => {
      await expect(startTestApp({ TRUST_PROXY: 'everything' })).rejects.toThrow(/TRUST_PROXY/);
    });

    it('answers every reset request the same, known account or not, and sends an account at most 3 links an hour', async () => {
      const member = await newAccount('reset.cap@example.com');
      const ask = (emailOrReference: string, address: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/forgotten-password',
          payload: { email_or_reference: emailOrReference },
          remoteAddress: address,
        });
      const answers = new Set<string>();
      for (let i = 0; i < 12; i++) {
        for (const [who, address] of [
          [member.email, `10.2.0.${i}`],
          ['no-such-member@example.com', `10.2.1.${i}`],
        ] as const) {
          const res = await ask(who, address);
          answers.add(`${res.statusCode} ${res.body}`);
        }
      }
      expect([...answers]).toEqual([`200 ${JSON.stringify({ message: forgottenPasswordMessages.sent })}`]);
      const links = await t.db
        .select()
        .from(outboundEmails)
        .where(
          sql`${outboundEmails.toAddress} = ${member.email} and ${outboundEmails.template} = 'password_reset'`,
        );
      expect(links).toHaveLength(3);
    });

    it('sends at most 30 reset links an hour on requests from one address, answering the rest the same', async () => {
      const address = '10.3.0.1';
      for (let i = 0; i < 32; i++) await newAccount(`reset.spray${i}@example.com`, `10.3.1.${i}`);
      for (let i = 0; i < 32; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/forgotten-password',
          payload: { email_or_reference: `reset.spray${i}@example.com` },
          remoteAddress: address,
        });
        expect(res.statusCode).toBe(200);
      }
      const links = await t.db
        .select()
        .from(outboundEmails)
        .where(
          sql`${outboundEmails.toAddress} like 'reset.spray%' and ${outboundEmails.template} = 'password_reset'`,
        );
      expect(links).toHaveLength(30);
    }, 120_000);
  });
});
