import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installFastResults } from './pg-results';

// pg's results come from a PostgreSQL server's connections; PGlite does not go through pg.
if (!process.env.TEST_DATABASE_URL) throw new Error('pg-results.concurrency.test.ts needs TEST_DATABASE_URL');

/** Columns of every kind a row template meets: parsed types, nulls, a repeated name, `__proto__`. */
const text = `select 1::int as id, 2::int8 as big, '2026-12-03 22:00:00+00'::timestamptz as at, null::text as nothing, 'a' as "twice",
  'b' as "twice", 'x' as "__proto__", '{"k":1}'::jsonb as doc, $1::text as given`;

interface Read {
  objects: unknown[];
  arrays: unknown[];
  fieldNames: string[];
  prototypes: unknown[];
  ownKeys: string[][];
}

async function read(client: pg.Client): Promise<Read> {
  const config = { text, values: ['given'] };
  const objects = await client.query(config);
  const arrays = await client.query({ ...config, rowMode: 'array' });
  // The caller's config is never changed by the query.
  expect(config).toEqual({ text, values: ['given'] });
  return {
    objects: objects.rows,
    arrays: arrays.rows,
    fieldNames: arrays.fields.map((field) => field.name),
    prototypes: objects.rows.map((row) => Object.getPrototypeOf(row)),
    ownKeys: objects.rows.map((row) => Object.keys(row)),
  };
}

describe("pg's results with the row template and config copy replaced (issue 16)", () => {
  let client: pg.Client;

  beforeAll(async () => {
    client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
  });

  it('reads the same rows, as objects and as arrays, as pg itself does', async () => {
    const before = await read(client);
    const template = pg.Result.prototype as unknown as { addFields: unknown };
    const stock = template.addFields;
    installFastResults();
    expect(template.addFields).not.toBe(stock);
    const after = await read(client);
    expect(after).toEqual(before);
    expect(after.prototypes).toEqual([Object.prototype]);
    // `__proto__` stays an own column, as pg's copy of its template makes it.
    expect(Object.getOwnPropertyDescriptor(after.objects[0], '__proto__')?.value).toBe('x');
    expect(after.objects[0]).toMatchObject({ id: 1, big: '2', nothing: null, twice: 'b', doc: { k: 1 } });
    expect((after.objects[0] as { at: unknown }).at).toBeInstanceOf(Date);
    expect(after.arrays[0]).toEqual([1, '2', expect.any(Date), null, 'a', 'b', 'x', { k: 1 }, 'given']);
  });

  it('keeps type parsers a query brings, and a prepared statement by name', async () => {
    installFastResults();
    const types = { getTypeParser: () => (value: string) => `parsed ${value}` };
    const result = await client.query({
      name: 'pg_results_typed',
      text: 'select $1::int as n',
      values: [7],
      types,
    });
    expect(result.rows).toEqual([{ n: 'parsed 7' }]);
    const again = await client.query({ name: 'pg_results_typed', text: 'select $1::int as n', values: [8] });
    expect(again.rows).toEqual([{ n: 8 }]);
  });
});
