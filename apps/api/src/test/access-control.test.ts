import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/seed';
import { startTestApp, type TestApp } from './harness';

/**
 * Every call of a member's own data (OpenAPI tag `my-account`) and every staff call (/api/staff/,
 * /api/foh/) needs a session. This sweep reads them from the API description and calls each with
 * no session at all, expecting a 401 before anything else happens (no 422 that would tell an
 * anonymous caller about the body, no 404 that would tell it which ids exist, no 200), and each
 * staff call as a customer, expecting a 403. The owner / other member / staff matrix of the
 * my-account calls is in access-matrix.test.ts.
 */

interface Operation {
  method: string;
  path: string;
  staff: boolean;
}

type ApiDescription = { paths?: Record<string, Record<string, { tags?: string[] }>> };

function operationsNeedingASession(spec: ApiDescription): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(spec.paths ?? {})) {
    for (const [method, operation] of Object.entries(methods)) {
      const staff = path.startsWith('/api/staff/') || path.startsWith('/api/foh/');
      if (staff || operation.tags?.includes('my-account')) {
        operations.push({ method: method.toUpperCase(), path, staff });
      }
    }
  }
  return operations;
}

/** `/api/x/{id}/y` -> `/api/x/1/y`: any well-formed id; the call must refuse before looking it up. */
function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, '1');
}

describe('every call that needs a session answers 401 without one', () => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    operations = operationsNeedingASession(t.app.swagger() as ApiDescription);
  });
  afterAll(async () => t.close());

  it('finds the my-account, payments, membership and staff calls in the API description', () => {
    const paths = operations.map((operation) => operation.path);
    expect(paths).toContain('/api/my-account/user/update');
    expect(paths).toContain('/api/foh/customers');
    expect(paths).toContain('/api/my-account/orders/{orderId}');
    expect(paths).toContain('/api/my-account/uploads/{uploadId}');
    expect(operations.length).toBeGreaterThan(20);
  });

  it('refuses each of them anonymously with a 401 and the wire error shape', async () => {
    const wrong: string[] = [];
    for (const operation of operations) {
      const response = await t.app.inject({
        method: operation.method as 'GET',
        url: concretePath(operation.path),
        ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 401 || typeof response.json().message !== 'string') {
        wrong.push(`${operation.method} ${operation.path} -> ${response.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses each staff call to a customer with a 403', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/customer/login',
      payload: { username: 'member@example.com', password: 'Member-Pass-1' },
    });
    const authorization = `Bearer ${login.json().token}`;
    const wrong: string[] = [];
    for (const operation of operations.filter((candidate) => candidate.staff)) {
      const response = await t.app.inject({
        method: operation.method as 'GET',
        url: concretePath(operation.path),
        headers: { authorization },
        ...(operation.method === 'GET' || operation.method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 403)
        wrong.push(`${operation.method} ${operation.path} -> ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
