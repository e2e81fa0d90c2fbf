// A second server for the console journey (issue 47): a fresh embedded database with no demo data,
// given its operator by the bootstrap command as a new deployment would be, then served. The
// command's output (the first administrator's one-time link) is written to E2E_BOOTSTRAP_FILE.
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../../apps/api/dist');
mkdirSync(process.env.DATA_DIR, { recursive: true });
const output = execFileSync(
  process.execPath,
  [
    path.join(dist, 'operator.js'),
    'init',
    '--name',
    'Riverside Leisure',
    '--slug',
    'riverside-leisure',
    '--support-email',
    'help@riverside.example',
    '--admin-email',
    'sam.lee@riverside.example',
    '--admin-first-name',
    'Sam',
    '--admin-last-name',
    'Lee',
  ],
  { env: process.env, encoding: 'utf8' },
);
writeFileSync(process.env.E2E_BOOTSTRAP_FILE, output);
const server = spawn(process.execPath, [path.join(dist, 'server.js')], {
  env: process.env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
