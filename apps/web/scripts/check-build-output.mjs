// Fails the web build when its output holds what a served build must not (issue 44): source maps
// (the app's source, comments included) and the mock API's service worker. The Vite manifest stays:
// the API server reads it from disk and never serves it (apps/api/src/app.ts).
import { readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const dist = resolve(import.meta.dirname, '../dist');
const forbidden = [/\.map(\.gz|\.br)?$/, /(^|\/)mockServiceWorker\.js(\.gz|\.br)?$/];
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [relative(dist, file)];
  });
const found = walk(dist).filter((file) => forbidden.some((pattern) => pattern.test(file)));
if (found.length > 0) {
  console.error(`The web build must not ship these files:\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log('Build output holds no source maps and no mock service worker.');
