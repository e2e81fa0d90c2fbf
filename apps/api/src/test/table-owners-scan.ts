import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads the server's sources for which tables each part imports and writes (test/table-owners.test.ts,
 * decision 061). A write is a drizzle `.insert(t)`, `.update(t)` or `.delete(t)`, or SQL text
 * `insert into t`, `update t`, `delete from t` (a table's name or `${t}`).
 */

export interface TableUse {
  /** Relative to apps/api/src. */
  file: string;
  /** The module (`modules/<name>/`), or lib, providers, db, seed, cli, app for the rest. */
  unit: string;
  table: string;
}

export interface TableWrite extends TableUse {
  statement: 'insert' | 'update' | 'delete';
}

/** Table variable -> SQL name, from the schema files' `export const x = pgTable('name'`. */
export function tablesOfSchema(schemaDir: string): Map<string, string> {
  const tables = new Map<string, string>();
  for (const file of readdirSync(schemaDir)) {
    const text = readFileSync(path.join(schemaDir, file), 'utf8');
    for (const match of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      tables.set(match[1] as string, match[2] as string);
    }
  }
  return tables;
}

export function unitOf(file: string): string {
  const [top, second] = file.split('/');
  if (top === 'modules' && second) return second;
  if (top?.endsWith('.ts')) return 'app';
  return top ?? 'app';
}

/** Product sources: no tests, test helpers or schema files. */
export function productSources(srcDir: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.ts$/.test(name) && !/\.(test|spec)\.ts$|-test-fixtures\.ts$|\.d\.ts$/.test(name))
        files.push(full);
    }
  };
  walk(srcDir);
  return files
    .map((full) => path.relative(srcDir, full).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('test/') && !file.startsWith('db/schema/'))
    .sort();
}

/** The table variables a source imports from db/schema. */
export function importedTables(text: string, tables: Map<string, string>): string[] {
  const names = new Set<string>();
  for (const match of text.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[./]*\/?db\/schema(?:\/[\w-]+)?'/g,
  )) {
    for (const part of (match[1] as string).split(',')) {
      const name = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name && tables.has(name)) names.add(tables.get(name) as string);
    }
  }
  return [...names].sort();
}

/** The tables a source writes, with the statement. */
export function writtenTables(
  text: string,
  tables: Map<string, string>,
): { table: string; statement: TableWrite['statement'] }[] {
  const sqlNames = new Set(tables.values());
  const found = new Map<string, { table: string; statement: TableWrite['statement'] }>();
  const add = (statement: TableWrite['statement'], table: string | undefined) => {
    if (table !== undefined) found.set(`${statement} ${table}`, { table, statement });
  };
  for (const match of text.matchAll(/\.(insert|update|delete)\(\s*(\w+)\s*\)/g)) {
    add(match[1] as TableWrite['statement'], tables.get(match[2] as string));
  }
  for (const match of text.matchAll(
    /\b(insert\s+into|update|delete\s+from)\s+(?:"?(\w+)"?|\$\{\s*(\w+)\s*\})/gi,
  )) {
    const statement = (match[1] as string).toLowerCase().split(/\s/)[0] as TableWrite['statement'];
    const name = match[2] ?? '';
    if (sqlNames.has(name)) add(statement, name);
    else if (match[3]) add(statement, tables.get(match[3]));
  }
  return [...found.values()];
}

export function scanSources(srcDir: string): { imports: TableUse[]; writes: TableWrite[] } {
  const tables = tablesOfSchema(path.join(srcDir, 'db/schema'));
  const imports: TableUse[] = [];
  const writes: TableWrite[] = [];
  for (const file of productSources(srcDir)) {
    const text = readFileSync(path.join(srcDir, file), 'utf8');
    const unit = unitOf(file);
    for (const table of importedTables(text, tables)) imports.push({ file, unit, table });
    for (const write of writtenTables(text, tables)) writes.push({ file, unit, ...write });
  }
  return { imports, writes };
}
