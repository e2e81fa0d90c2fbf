import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { testConfig } from '../../config';
import { createFixture, createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';

/**
 * Two deployments on one database, each serving its own operator (CLIENT_SLUG): a session, and
 * the staff role it carries, counts only at the deployment of its user's operator (issue 44).
 */
describe("sessions are tied to their user's operator", () => {
  let t: TestApp;
  let otherDeployment: App;
  let operatorA: Awaited<ReturnType<typeof createFixture>>;
  let operatorB: Awaited<ReturnType<typeof createFixture>>;
  beforeAll(async () => {
    t = await startTestApp({ CLIENT_SLUG: 'operator-a' });
    operatorA = await createFixture(t.db, 'operator-a');
    operatorB = await createFixture(t.db, 'operator-b');
    otherDeployment = await buildApp({
      config: testConfig({ CLIENT_SLUG: 'operator-b' }),
      database: t.database,
    });
    await otherDeployment.ready();
  });
  afterAll(async () => {
    await otherDeployment?.close();
    await t?.close();
  });

  const get = (app: App, url: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url, headers });

  it("a customer's session made while serving operator A is refused (401) by the deployment serving B", async () => {
    const customer = await createUser(t.db, operatorA.clientId);
    expect((await get(t.app, '/api/auth/user', customer.headers)).statusCode).toBe(200);
    for (const url of ['/api/auth/user', '/api/my-account/orders', '/api/activities/cart']) {
      const res = await get(otherDeployment, url, customer.headers);
      expect(res.statusCode, url).toBe(401);
    }
    // As a cookie, too: and the dead cookies are cleared.
    const cookie = await get(otherDeployment, '/api/my-account/orders', {
      cookie: `leisure_session=${customer.token}; leisure_xsrf=x`,
    });
    expect(cookie.statusCode).toBe(401);
    expect(String(cookie.headers['set-cookie'])).toContain('leisure_session=;');
  });

  it("A's staff have no staff role at B's deployment; B's own users sign in there as before", async () => {
    const staffA = await createUser(t.db, operatorA.clientId, { staff: true });
    expect((await get(t.app, '/api/foh/customers?q=customer', staffA.headers)).statusCode).toBe(200);
    expect((await get(otherDeployment, '/api/foh/customers?q=customer', staffA.headers)).statusCode).toBe(
      401,
    );
    expect((await get(otherDeployment, '/api/staff/eligibility-documents', staffA.headers)).statusCode).toBe(
      401,
    );

    const staffB = await createUser(t.db, operatorB.clientId, { staff: true });
    const customerB = await createUser(t.db, operatorB.clientId);
    expect((await get(otherDeployment, '/api/foh/customers?q=customer', staffB.headers)).statusCode).toBe(
      200,
    );
    expect((await get(otherDeployment, '/api/auth/user', customerB.headers)).statusCode).toBe(200);
    expect((await get(t.app, '/api/auth/user', customerB.headers)).statusCode).toBe(401);
  });
});
