/**
 * The house plan as rules (ARCHITECTURE.md "Layers", docs/decisions/013-module-layers.md), run by
 * `npm run lint:architecture` in `npm test`. Tests, test factories, mocks, e2e and bench are not
 * product code and are not checked.
 */
const api = '^apps/api/src/';
const modules = `${api}modules/`;
/** Modules every domain may use; they use no domain. */
const foundationModules = ['session', 'operator', 'mail', 'uploads', 'data-fields', 'geocoding', 'health'];
/**
 * Modules that compose domains (the account summary behind auth/user, the member's memberships list,
 * the sub-sites' pages, whose first views call every module's routes);
 * nothing below imports them.
 */
const composerModules = ['account-summary', 'my-memberships', 'site-pages'];
const foundations = [
  `${api}(lib|db|providers)/`,
  `${api}(config|errors)\\.ts$`,
  `${modules}(${foundationModules.join('|')})/`,
];
const composers = [
  `${modules}(${composerModules.join('|')})/`,
  `${api}seed/`,
  `${api}cli/`,
  `${api}(app|server|jobs)\\.ts$`,
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import cycles. The schema files are the one exception: a membership names the order that paid it ' +
        'and an order line names a membership, and drizzle declares a foreign key inside its own table.',
      severity: 'error',
      from: { pathNot: `${api}db/schema/` },
      to: { circular: true },
    },
    {
      name: 'foundation-imports-upward',
      comment:
        'Foundations (session and access, operator, mail, uploads, lib, db, providers) use no domain or composer.',
      severity: 'error',
      from: { path: foundations },
      to: { path: `${api}`, pathNot: foundations },
    },
    {
      name: 'domain-imports-composer',
      comment: 'Domains do not import the composers above them (account summary, seed, jobs, app).',
      severity: 'error',
      from: { path: modules, pathNot: composers },
      to: { path: composers },
    },
    {
      name: 'repository-outside-its-module',
      comment: "A module's repository is used only by its own module.",
      severity: 'error',
      from: { path: `${modules}([^/]+)/` },
      to: { path: `${modules}[^/]+/[^/]+\\.repository\\.ts$`, pathNot: `${modules}$1/` },
    },
    {
      name: 'repository-outside-the-modules',
      comment:
        'Outside the modules (seed, jobs, app), nothing queries through a repository: use the services.',
      severity: 'error',
      from: { path: api, pathNot: modules },
      to: { path: `${modules}[^/]+/[^/]+\\.repository\\.ts$` },
    },
    {
      name: 'db-imports-module',
      severity: 'error',
      from: { path: `${api}db/` },
      to: { path: `${api}(modules|seed)/` },
    },
    {
      name: 'driver-outside-its-boundary',
      comment:
        "The database driver's code (pg, its internals, PGlite's client) lives in db/driver/ (decision 065): " +
        'only db/client.ts, db/pipeline.ts and db/prepared.ts reach into it (who imports pg: db/driver/driver-boundary.test.ts). Tests may.',
      severity: 'error',
      from: {
        path: api,
        pathNot: [
          `${api}db/(driver/|client\\.ts|pipeline\\.ts|prepared\\.ts)`,
          '\\.test\\.ts$',
          `${api}test/`,
        ],
      },
      to: { path: `${api}db/driver/` },
    },
    {
      name: 'contract-imports-app',
      comment: 'The contract is shared by the apps and knows none of them.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^apps/' },
    },
    {
      name: 'web-imports-server',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^apps/api/' },
    },
    {
      name: 'shared-imports-features-or-sites',
      comment: 'Code flows shared -> features -> sites.',
      severity: 'error',
      from: { path: '^apps/web/src/shared/' },
      to: { path: '^apps/web/src/(features|sites)/' },
    },
    {
      name: 'feature-imports-feature',
      comment: 'A feature does not import another feature; the sites compose them.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'feature-imports-site',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/sites/' },
    },
  ],
  options: {
    // Our TypeScript (7) is newer than dependency-cruiser's own TypeScript reader supports; swc reads it.
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: [
        'node_modules',
        '/dist/',
        '\\.(test|spec)\\.tsx?$',
        '-test-fixtures\\.ts$',
        '^apps/api/src/test/',
        '^apps/web/src/mocks/',
        '^apps/web/src/test/',
      ],
    },
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
  /**
   * Imports that break a rule today and are being moved, as [from, to] file pairs; none now (the seed
   * writes its demo states through the modules' services). The check fails on any violation not
   * listed here, and on a listed one that no longer happens (so the list only shrinks).
   */
  knownViolations: [],
  apiModules: { path: modules, foundationModules, composerModules },
};
