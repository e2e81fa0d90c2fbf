#!/usr/bin/env node
/**
 * Checks the house plan (.dependency-cruiser.cjs): the forbidden imports, and no cycle between API
 * modules (a module-level cycle can exist without any file-level one, which dependency-cruiser's
 * `circular` does not see). Exits 1 and names every violation.
 *
 * dependency-cruiser reads TypeScript with swc here, whose parse options it sets once for every
 * file; JSX needs `tsx: true`, so .tsx files are parsed with it.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const swc = require('@swc/core');
const parseFileSync = swc.parseFileSync;
swc.parseFileSync = (file, options) =>
  parseFileSync(file, { ...options, tsx: String(file).endsWith('.tsx') });

const { cruise } = await import('dependency-cruiser');
const config = require(path.join(root, '.dependency-cruiser.cjs'));

// `--root <dir>` checks another tree with the same rules (the check's own test gives it broken ones).
const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
process.chdir(rootAt >= 0 ? path.resolve(args[rootAt + 1]) : root);
const roots = rootAt >= 0 ? args.filter((_, i) => i !== rootAt && i !== rootAt + 1) : args;
if (roots.length === 0) roots.push('apps/api/src', 'apps/web/src', 'packages/contract/src');
const result = await cruise(roots, {
  ...config.options,
  ruleSet: { forbidden: config.forbidden },
  validate: true,
});
const output = result.output;

const known = new Set((config.knownViolations ?? []).map(([from, to]) => `${from} -> ${to}`));
const seen = new Set();
const problems = [];
for (const violation of output.summary.violations) {
  if (violation.rule.severity !== 'error') continue;
  const arrow = `${violation.from} -> ${violation.to}`;
  if (!violation.cycle && known.has(arrow)) {
    seen.add(arrow);
    continue;
  }
  problems.push(
    violation.cycle
      ? `${violation.rule.name}: ${[violation.from, ...violation.cycle.map((step) => step.name ?? step)].join(' -> ')}`
      : `${violation.rule.name}: ${arrow}`,
  );
}
// Only when checking our own tree: a listed exception that no longer happens must leave the list.
if (rootAt < 0) {
  for (const arrow of known)
    if (!seen.has(arrow)) problems.push(`known violation gone, remove it from the list: ${arrow}`);
}

// ---- Cycles between API modules ----------------------------------------------------------------
const modulePattern = new RegExp(`^${config.apiModules.path.replace(/^\^/, '')}([^/]+)/`);
const moduleOf = (file) => modulePattern.exec(file)?.[1];
const edges = new Map();
for (const mod of output.modules) {
  const from = moduleOf(mod.source);
  if (!from) continue;
  for (const dependency of mod.dependencies) {
    const to = moduleOf(dependency.resolved);
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    edges.get(from).add(to);
  }
}
// Tarjan's strongly connected components: any component of two or more modules is a cycle.
let index = 0;
const indices = new Map();
const lowLinks = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function connect(node) {
  indices.set(node, index);
  lowLinks.set(node, index);
  index += 1;
  stack.push(node);
  onStack.add(node);
  for (const next of edges.get(node) ?? []) {
    if (!indices.has(next)) {
      connect(next);
      lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
    } else if (onStack.has(next)) {
      lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
    }
  }
  if (lowLinks.get(node) === indices.get(node)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const node of edges.keys()) if (!indices.has(node)) connect(node);
for (const component of components) {
  const inside = new Set(component);
  const arrows = component.flatMap((from) =>
    [...(edges.get(from) ?? [])].filter((to) => inside.has(to)).map((to) => `${from} -> ${to}`),
  );
  problems.push(`api-module-cycle: ${component.join(', ')} (${arrows.join('; ')})`);
}

const cruised = `${output.summary.totalCruised} files, ${edges.size} API modules`;
if (problems.length > 0) {
  console.error(`The house plan is broken (${cruised}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`House plan holds: no forbidden import, no cycle (${cruised}).`);
