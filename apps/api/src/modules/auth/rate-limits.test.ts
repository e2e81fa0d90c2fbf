import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoMember, demoStaff } from '../../seed/accounts';
import { seedIfEmpty } from '../../seed/seed';
import { startTestApp, type TestApp } from '../../test/harness';
import { type Reply, startSeededApp } from './auth-test-fixtures';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());

  describe('rate limiting', () => {
    it('past 10 failures an account is slowed, not locked: each try waits a doubling delay, then the right password works', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        const start = new Date();
        vi.setSystemTime(start);
        const login = (password: string, address: string) =>
          t.app.inject({
            method: 'POST',
            url: '/api/auth/customer/login',
            payload: { username: demoStaff.email, password },
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

    it('answers 429 after 10 failures from one address, whichever accounts they named', async () => {
      for (let i = 0; i < 10; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username: `nobody${i}@example.com`, password: 'x' },
          remoteAddress: '10.9.9.9',
        });
      }
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
        remoteAddress: '10.9.9.9',
      });
      expect(blocked.statusCode).toBe(429);
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: '/api/auth/customer/login',
        payload: { username: demoMember.email, password: demoMember.password },
        remoteAddress: '10.9.9.8',
      });
      expect(elsewhere.statusCode).toBe(200);
    });

    it('behind a trusted proxy, takes the address one hop from the right: a forged X-Forwarded-For does not escape the limit', async () => {
      const proxied = await startTestApp({ TRUST_PROXY: '1' });
      try {
        await seedIfEmpty(proxied.db, proxied.config);
        const attempt = (forged: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/api/auth/customer/login',
            payload: { username: `someone-${forged}@example.com`, password: 'x' },
            remoteAddress: '10.0.0.1',
            headers: { 'x-forwarded-for': `${forged}, 203.0.113.7` },
          });
        for (let i = 0; i < 10; i++) expect((await attempt(`198.51.100.${i}`)).statusCode).toBe(401);
        expect((await attempt('192.0.2.99')).statusCode).toBe(429);
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

    it('limits password-reset requests too', async () => {
      let last: Reply | undefined;
      for (let i = 0; i < 11; i++) {
        last = await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/forgotten-password',
          payload: { email_or_reference: 'spam-target@example.com' },
          remoteAddress: `10.2.0.${i}`,
        });
      }
      expect(last?.statusCode).toBe(429);
    });
  });
});
