import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { importedTables, tablesOfSchema } from './table-owners-scan';

/**
 * The tables a function reads, found in the sources (test/list-version-triggers.test.ts): its body and
 * the bodies of every function and statement it names, followed through the imports of each file,
 * within the server's sources. A table counts when a body names its schema variable or its name
 * after `from` or `join` in SQL text. It may find more than a call reads, never less.
 */

interface Definition {
  file: string;
  body: string;
}

const definitionStart = /^(?:export\s+)?(?:async\s+)?(?:function\s*\*?\s*(\w+)|const\s+(\w+)\s*[:=])/;
const topLevel = /^(?:export\s|function\s|async\s|const\s|let\s|interface\s|type\s|class\s|\/\*\*|\/\/ ----)/;

function definitionsOf(text: string): Map<string, string> {
  const lines = text.split('\n');
  const found = new Map<string, string>();
  for (let at = 0; at < lines.length; at++) {
    const match = definitionStart.exec(lines[at] as string);
    const name = match?.[1] ?? match?.[2];
    if (!name) continue;
    let end = at + 1;
    while (end < lines.length && !topLevel.test(lines[end] as string)) end++;
    found.set(name, lines.slice(at, end).join('\n'));
  }
  return found;
}

/** Name -> the file it is imported from, for relative imports of server sources. */
function importsOf(file: string, text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'(\.[^']+)'/g)) {
    const target = path.resolve(path.dirname(file), `${match[2]}.ts`);
    if (!existsSync(target)) continue;
    for (const part of (match[1] as string).split(',')) {
      const [name, alias] = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)
        .map((s) => s.trim());
      if (name) found.set(alias ?? name, `${target}#${name}`);
    }
  }
  return found;
}

export function tablesReadBy(srcDir: string, entries: { file: string; name: string }[]): string[] {
  const tables = tablesOfSchema(path.join(srcDir, 'db/schema'));
  const sqlNames = new Set(tables.values());
  const files = new Map<
    string,
    { text: string; definitions: Map<string, string>; imports: Map<string, string> }
  >();
  const fileOf = (file: string) => {
    let parsed = files.get(file);
    if (!parsed) {
      const text = readFileSync(file, 'utf8');
      parsed = { text, definitions: definitionsOf(text), imports: importsOf(file, text) };
      files.set(file, parsed);
    }
    return parsed;
  };
  const read = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string, name: string) => {
    const key = `${file}#${name}`;
    if (seen.has(key) || file.includes(`${path.sep}db${path.sep}schema${path.sep}`)) return;
    seen.add(key);
    const parsed = fileOf(file);
    const body = parsed.definitions.get(name);
    if (body === undefined) {
      // A re-export or an import passed on: follow it.
      const imported = parsed.imports.get(name);
      if (imported) visit(...(imported.split('#') as [string, string]));
      return;
    }
    const definition: Definition = { file, body };
    const schemaNames = new Set(importedTables(parsed.text, tables));
    for (const word of new Set(definition.body.match(/\b\w+\b/g) ?? [])) {
      const table = tables.get(word);
      if (table && schemaNames.has(table)) read.add(table);
      else if (word !== name && parsed.definitions.has(word)) visit(file, word);
      else {
        const imported = parsed.imports.get(word);
        if (imported) visit(...(imported.split('#') as [string, string]));
      }
    }
    for (const match of definition.body.matchAll(/\b(?:from|join)\s+"?(\w+)"?/gi)) {
      if (sqlNames.has(match[1] as string)) read.add(match[1] as string);
    }
  };
  for (const entry of entries) visit(path.join(srcDir, entry.file), entry.name);
  return [...read].sort();
}
