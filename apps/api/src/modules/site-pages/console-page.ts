import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';

/**
 * The operator console's page (docs/decisions/072-console-sub-site.md): the built
 * `admin/index.html` as it is, for `/admin` and every `/admin/...` deep link (its router decides).
 * Staff only: no theme, no first view rendered on the server, no preloaded calls; so one document,
 * read again when a new build replaces it, with its encodings kept beside it.
 */

export const consolePageFile = path.join('admin', 'index.html');

/** Whether a path is the console's page or a deep link into it (not a file under /admin/). */
export function isConsolePath(url: string): boolean {
  if (url !== '/admin' && !url.startsWith('/admin/')) return false;
  const last = url.slice(url.lastIndexOf('/') + 1);
  return !last.includes('.');
}

export interface ConsolePage {
  html: string;
  etag: string;
  encoded(encoding: 'br' | 'gzip'): Promise<Buffer>;
}

const compress = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/** Reads the console's page from the build, once per build; undefined when the build has none. */
export function createConsolePageReader(webRoot: string): () => ConsolePage | undefined {
  const file = path.join(webRoot, consolePageFile);
  let cached: { mtimeMs: number; page: ConsolePage } | undefined;
  return () => {
    if (!existsSync(file)) return undefined;
    const { mtimeMs } = statSync(file);
    if (cached?.mtimeMs === mtimeMs) return cached.page;
    const html = readFileSync(file, 'utf8');
    const encodings = new Map<'br' | 'gzip', Promise<Buffer>>();
    const page: ConsolePage = {
      html,
      etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
      encoded: (encoding) => {
        let answer = encodings.get(encoding);
        if (!answer) {
          answer = compress[encoding](Buffer.from(html));
          encodings.set(encoding, answer);
        }
        return answer;
      },
    };
    cached = { mtimeMs, page };
    return page;
  };
}
