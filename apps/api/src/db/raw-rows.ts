import { getTableColumns, type Table } from 'drizzle-orm';

/** Rows of a raw statement: both drivers (node-postgres and PGlite) answer `{ rows }`. */
export function rawRowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? [];
}

/**
 * A `json` value of a raw statement's answer: node-postgres and PGlite parse it; its text form is
 * parsed here.
 */
export function jsonOf(value: unknown): unknown {
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
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = record[column.name];
    if (value === null || value === undefined) row[key] = null;
    // A json column is JSON already here; reading it again would turn the string "1" into a number.
    else if (column.dataType === 'json') row[key] = value;
    else row[key] = column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}

/** A table's rows from a JSON array (`json_agg`, null when it aggregated nothing). */
export function tableRowsFromJson<T extends Table>(table: T, json: unknown): T['$inferSelect'][] {
  return jsonArrayOf(json).map((item) => tableRowFromJson(table, item));
}
