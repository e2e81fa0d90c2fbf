// Fails the web build when its output holds what a served build must not (issue 44): source maps
// (the app's source, comments included) and the mock API's service worker; or lacks the page
// manifest the API server sends the pages from (.site-pages.json, decision 059), which, like Vite's
// manifest it is written from, stays and is never served (apps/api/src/modules/site-pages).
import { existsSync, readdirSync, statSync } from 'node:fs';
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
if (!existsSync(join(dist, '.site-pages.json'))) {
  console.error(
    'The web build wrote no page manifest (dist/.site-pages.json): the server could send no page.',
  );
  process.exit(1);
}
console.log('Build output holds no source maps and no mock service worker, and its page manifest.');
