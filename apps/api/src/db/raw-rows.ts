import { type Column, getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';

/** Rows of a raw statement: both drivers (node-postgres and PGlite) answer `{ rows }`. */
export function rawRowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * A `json` value of a raw statement's answer: node-postgres and PGlite parse it; its text form is
 * parsed here.
 */
function jsonOf(value: unknown): unknown {
  return typeof value === 'string' ? JSON.parse(value) : value;
}

/** A JSON array (`json_agg`, null when it aggregated nothing) as an array. */
export function jsonArrayOf<T>(value: unknown): T[] {
  return (jsonOf(value) as T[] | null) ?? [];
}

/**
 * A table's row from its JSON form in a raw statement's answer (`row_to_json`, `json_agg`): keyed by
 * the schema's property names, each value read as Drizzle reads the column (timestamps as Dates).
 */
export function tableRowFromJson<T extends Table>(table: T, json: unknown): T['$inferSelect'] {
  const record = jsonOf(json) as Record<string, unknown>;
  return valuesFromJson(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, column, record[column.name]]),
  ) as T['$inferSelect'];
}

/** Each value read as Drizzle reads its column (timestamps as Dates); null stays null. */
function valuesFromJson(fields: [key: string, column: Column, value: unknown][]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const [key, column, value] of fields) {
    if (value === null || value === undefined) row[key] = null;
    // A json column is JSON already here; reading it again would turn the string "1" into a number.
    else if (column.dataType === 'json') row[key] = value;
    else row[key] = column.mapFromDriverValue(value);
  }
  return row;
}

/**
 * A JSON object of a select's named columns (`{ name: column }`, as a Drizzle select takes them), for
 * a raw statement to answer rows of that select inside another; `selectedFromJson` reads one back.
 */
export function jsonOfSelected(columns: Record<string, Column>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;
}

/** A row of `jsonOfSelected(columns)`, keyed as the select names its columns and read as Drizzle reads them. */
export function selectedFromJson<Columns extends Record<string, Column>>(
  columns: Columns,
  json: unknown,
): { [K in keyof Columns]: Columns[K]['_']['data'] | null } {
  const record = jsonOf(json) as Record<string, unknown>;
  return valuesFromJson(Object.entries(columns).map(([key, column]) => [key, column, record[key]])) as {
    [K in keyof Columns]: Columns[K]['_']['data'] | null;
  };
}

/** A table's rows from a JSON array (`json_agg`, null when it aggregated nothing). */
export function tableRowsFromJson<T extends Table>(table: T, json: unknown): T['$inferSelect'][] {
  return jsonArrayOf(json).map((item) => tableRowFromJson(table, item));
}
