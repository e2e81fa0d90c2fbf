/** 1. Initial JS per sub-site: the entry script and modulepreload links of each built HTML, gzipped. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzippedBytes, round } from './helpers';
import { webDist } from './settings';

export interface BundleFigure {
  site: string;
  html: string;
  files: { file: string; gzipBytes: number }[];
  gzipKb: number;
  cssGzipKb: number;
}

/** A URL from the built HTML, as a file in dist (absolute paths are from the dist root). */
function distFile(htmlFile: string, url: string): string {
  const clean = url.split(/[?#]/)[0] ?? url;
  return clean.startsWith('/') ? path.join(webDist, clean) : path.resolve(path.dirname(htmlFile), clean);
}

export function measureBundle(site: string, html: string): BundleFigure {
  const htmlFile = path.join(webDist, html);
  const source = readFileSync(htmlFile, 'utf8');
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1];
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of source.matchAll(/<script\b[^>]*>/gi)) {
    const src = attribute(tag, 'src');
    if (src && /type\s*=\s*["']module["']/i.test(tag)) scripts.add(src);
    else if (src) scripts.add(src);
  }
  for (const [tag] of source.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attribute(tag, 'rel')?.toLowerCase();
    const href = attribute(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload') scripts.add(href);
    if (rel === 'stylesheet') styles.add(href);
  }
  if (scripts.size === 0) throw new Error(`${html}: no entry script found`);
  const files = [...scripts].map((url) => {
    const file = distFile(htmlFile, url);
    if (!existsSync(file)) throw new Error(`${html} refers to ${url}, which is not in ${webDist}`);
    return { file: path.relative(webDist, file), gzipBytes: gzippedBytes(file) };
  });
  const cssBytes = [...styles].reduce((sum, url) => {
    const file = distFile(htmlFile, url);
    return sum + (existsSync(file) ? gzippedBytes(file) : 0);
  }, 0);
  const total = files.reduce((sum, entry) => sum + entry.gzipBytes, 0);
  return { site, html, files, gzipKb: round(total / 1024, 1), cssGzipKb: round(cssBytes / 1024, 1) };
}

/** Relative file names (in dist/assets) that a built chunk imports statically. */
function staticImports(file: string): string[] {
  const source = readFileSync(path.join(webDist, file), 'utf8');
  const found = new Set<string>();
  // `import{a}from"./x.js"` and `import"./x.js"`; not `import("./x.js")` (lazy).
  for (const match of source.matchAll(/(?:\bfrom|\bimport)\s*["']([^"']+\.js)["']/g)) {
    const url = match[1];
    if (url) found.add(path.relative(webDist, path.resolve(path.dirname(path.join(webDist, file)), url)));
  }
  return [...found];
}

function staticClosure(files: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...files];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file) || !existsSync(path.join(webDist, file))) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

export interface LazyChunkFigure {
  name: string;
  files: string[];
  /** The chunk itself (JS), gzipped. */
  gzipKb: number;
  cssGzipKb: number;
  /** Static imports it brings that the initial JS of the site does not already load, gzipped. */
  extraDeps: { file: string; gzipBytes: number }[];
  extraDepsGzipKb: number;
  /** In the site's initial JS (entry, modulepreloads, or their static imports)? It must not be. */
  inInitialJs: boolean;
}

/** A lazy chunk of a site (e.g. the joining map): its size, and whether the initial JS includes it. */
export function measureLazyChunk(name: string, prefix: string, site: BundleFigure): LazyChunkFigure {
  const assets = readdirSync(path.join(webDist, 'assets'));
  const js = assets.filter((f) => f.startsWith(prefix) && f.endsWith('.js')).map((f) => `assets/${f}`);
  const css = assets.filter((f) => f.startsWith(prefix) && f.endsWith('.css')).map((f) => `assets/${f}`);
  if (js.length === 0) throw new Error(`no ${prefix}*.js chunk in ${webDist}/assets`);
  const initial = staticClosure(site.files.map((entry) => entry.file));
  const size = (files: string[]) => files.reduce((sum, f) => sum + gzippedBytes(path.join(webDist, f)), 0);
  const extraDeps = [...staticClosure(js)]
    .filter((file) => !js.includes(file) && !initial.has(file))
    .map((file) => ({ file, gzipBytes: gzippedBytes(path.join(webDist, file)) }));
  return {
    name,
    files: [...js, ...css],
    gzipKb: round(size(js) / 1024, 1),
    cssGzipKb: round(size(css) / 1024, 1),
    extraDeps,
    extraDepsGzipKb: round(extraDeps.reduce((sum, d) => sum + d.gzipBytes, 0) / 1024, 1),
    inInitialJs: js.some((file) => initial.has(file)),
  };
}
