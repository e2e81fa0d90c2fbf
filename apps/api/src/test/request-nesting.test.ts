import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import {
  clientId,
  newCustomer,
  registrationTermIds,
  startSeededApp,
} from '../modules/auth/auth-test-fixtures';
import { demoMember } from '../seed/accounts';
import type { TestApp } from './harness';

const tooDeep = {
  message: 'Must not nest arrays and objects more than 64 levels deep.',
  errors: { body: ['Must not nest arrays and objects more than 64 levels deep.'] },
};
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('request bodies nested too deeply', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startSeededApp();
  });
  afterAll(async () => t.close());

  it('answer 422 on body for arrays and objects 5,000 and 100,000 deep, on any JSON route', async () => {
    for (const depth of [5_000, 100_000]) {
      for (const body of [deepArray(depth), deepObject(depth)]) {
        for (const url of [
          '/api/auth/customer/login',
          '/api/cart/add',
          '/api/auth/customer/forgotten-password',
        ]) {
          const res = await t.app.inject({
            method: 'POST',
            url,
            payload: body,
            headers: { 'content-type': 'application/json' },
          });
          expect(res.statusCode, `${url} ${depth}`).toBe(422);
          expect(res.json()).toEqual(tooDeep);
        }
      }
    }
  });

  it('change nothing: a registration with one deep value creates no account', async () => {
    const email = 'deep.nesting@example.com';
    const payload = JSON.stringify({
      ...newCustomer(email),
      client_id: await clientId(t),
      terms: await registrationTermIds(t),
    }).replace(/}$/, `,"extra":${deepObject(5_000)}}`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/register',
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(tooDeep);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('leave bodies within 64 levels, and brackets inside strings, to the route', async () => {
    const withinLimit = JSON.stringify({
      username: demoMember.email,
      password: demoMember.password,
      // 1 (the body) + 63 levels = 64.
      extra: JSON.parse(deepArray(63)),
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: withinLimit,
      headers: { 'content-type': 'application/json' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const bracketsInText = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: `${'[{'.repeat(5_000)}\\"`, password: 'x' },
    });
    expect(bracketsInText.statusCode).toBe(422);
    expect(bracketsInText.json().errors.body).toBeUndefined();
  });

  it('a qs-style deep query key is one flat key (the query parser does not nest): no 5xx', async () => {
    const key = `a${'[b]'.repeat(5_000)}`;
    const res = await t.app.inject({ method: 'GET', url: `/api/health?${key}=1` });
    expect(res.statusCode).toBe(200);
    const onList = await t.app.inject({ method: 'GET', url: `/api/activities/venues?${key}=1&${key}=2` });
    expect(onList.statusCode).toBeLessThan(500);
  });
});
