import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isPlainRead, isSharedWrite } from './shared-connections';
import { statementOptionsOf, tagStatement } from './statement-options';

const apiSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [full] : [];
  });
}

describe('the database driver boundary (decision 065)', () => {
  it('is the only production code that imports pg or its internals (db/client.ts opens the pool)', () => {
    const importers = sourceFiles(apiSource)
      .filter((file) => /from 'pg(\/[^']*)?'/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(apiSource, file))
      .filter((file) => !file.startsWith('test/'));
    expect(importers.filter((file) => !file.startsWith('db/driver/') && file !== 'db/client.ts')).toEqual([]);
    expect(importers).toContain('db/driver/pg-results.ts');
  });

  it('routes a write as shared by its typed option only, never by its text', () => {
    const marked = { text: 'insert into t values ($1)' };
    tagStatement(marked, { share: 'write' });
    expect(isSharedWrite(marked)).toBe(true);
    expect(statementOptionsOf(marked)).toEqual({ share: 'write' });
    // pg's copy of a config (a spread) does not carry the option on to another statement.
    expect(isSharedWrite({ ...marked })).toBe(false);
    expect(isSharedWrite({ text: '/* shared write */ insert into t values ($1)' })).toBe(false);
    expect(isSharedWrite('/* shared write */ insert into t values (1)')).toBe(false);
  });

  it('takes a select without a locking clause as a plain read, and nothing else', () => {
    expect(isPlainRead({ text: 'select 1' })).toBe(true);
    expect(isPlainRead('  SELECT id from t where id = $1')).toBe(true);
    expect(isPlainRead({ text: 'select id from t for update' })).toBe(false);
    expect(isPlainRead({ text: 'select id from t for no key update skip locked' })).toBe(false);
    expect(isPlainRead({ text: 'with x as (delete from t returning id) select * from x' })).toBe(false);
    expect(isPlainRead({ text: 'update t set a = 1' })).toBe(false);
    expect(isPlainRead({})).toBe(false);
  });
});
