import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMember, demoStaff } from '../seed/accounts';
import { seedIfEmpty } from '../seed/seed';
import { startTestApp, type TestApp } from './harness';

/**
 * Bad input of any kind is a 4xx, never a 5xx (issue 12): every call of the OpenAPI description,
 * as a signed-in member and as staff, with each path parameter, query parameter and body field in
 * turn replaced by what broke the server before (a NUL byte, integers past PostgreSQL's range,
 * absurd dates, wrong types).
 */

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema };
interface Operation {
  parameters?: { name: string; in: 'path' | 'query' | 'header' | 'cookie' }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

const badValues: unknown[] = [
  'a\u0000b',
  2147483648,
  '2147483648',
  -1,
  1e308,
  '9999-12-31',
  '0000-00-00',
  '-271821-04-19',
  'x'.repeat(5000),
  {},
  [],
  true,
];

/** A good-enough value for a field, so that the other fields' checks are reached. */
function sample(schema: Schema | undefined): unknown {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'a';
}

describe('no 5xx for bad input anywhere in the API', () => {
  let t: TestApp;
  let member: string;
  let staff: string;

  beforeAll(async () => {
    t = await startTestApp();
    await seedIfEmpty(t.db, t.config);
    const login = async (username: string, password: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/customer/login',
          payload: { username, password },
        })
      ).json().token as string;
    member = await login(demoMember.email, demoMember.password);
    staff = await login(demoStaff.email, demoStaff.password);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every call with a 4xx (or success) for each bad path, query and body value', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    let sent = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      // The sign-out calls would end the sessions the sweep uses.
      if (/logout|sessions/.test(template)) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const token = template.startsWith('/api/staff') || template.startsWith('/api/foh') ? staff : member;
        const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        const json = operation.requestBody?.content?.['application/json']?.schema;
        const bodyFields = Object.entries(json?.properties ?? {});
        const goodBody = Object.fromEntries(bodyFields.map(([name, schema]) => [name, sample(schema)]));

        const attempts: { path: Record<string, unknown>; query: Record<string, unknown>; body?: unknown }[] =
          [];
        const goodPath = Object.fromEntries(pathParams.map((name) => [name, '1']));
        for (const name of pathParams) {
          for (const value of badValues) attempts.push({ path: { ...goodPath, [name]: value }, query: {} });
        }
        for (const name of queryParams) {
          for (const value of badValues) attempts.push({ path: goodPath, query: { [name]: value } });
        }
        if (json) {
          for (const [name] of bodyFields) {
            for (const value of [...badValues, null]) {
              attempts.push({ path: goodPath, query: {}, body: { ...goodBody, [name]: value } });
            }
          }
          attempts.push({ path: goodPath, query: {}, body: 'not json at all' });
        }
        for (const attempt of attempts) {
          const url =
            template.replace(/\{(\w+)\}/g, (_, name: string) =>
              encodeURIComponent(String(attempt.path[name] ?? '1')),
            ) +
            (Object.keys(attempt.query).length > 0
              ? `?${new URLSearchParams(
                  Object.entries(attempt.query).map(([k, v]): [string, string] => [
                    k,
                    typeof v === 'string' ? v : JSON.stringify(v),
                  ]),
                )}`
              : '');
          const res = await t.app.inject({
            method: method.toUpperCase() as 'GET',
            url,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            ...(attempt.body === undefined
              ? {}
              : { payload: typeof attempt.body === 'string' ? attempt.body : JSON.stringify(attempt.body) }),
          });
          sent += 1;
          if (res.statusCode >= 500) {
            failures.push(
              `${method.toUpperCase()} ${url.slice(0, 120)} ${JSON.stringify(attempt.body)?.slice(0, 120)} -> ${res.statusCode}`,
            );
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 600_000);
});
