import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import fs from 'node:fs';
if (process.argv[2]==='make'){
const c = await PGlite.create('memory://');
await migrate(drizzle(c), { migrationsFolder: '/work/main/apps/api/drizzle' });
const dump = await c.dumpDataDir('none');
fs.writeFileSync('/tmp/pgl.tar', Buffer.from(await dump.arrayBuffer()));
} else {
const t4 = performance.now();
const d = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync('/tmp/pgl.tar')]) });
await d.query('select 1');
console.log('load-fresh', (performance.now()-t4)|0);
const t5 = performance.now();
const e = await PGlite.create('memory://');
await e.query('select 1');
console.log('create-after', (performance.now()-t5)|0);
}
