// pg's own helpers module (exported as `pg/lib/utils`), which db/pg-results.ts replaces a function of.
declare module 'pg/lib/utils' {
  const utils: { normalizeQueryConfig: (config: unknown, values?: unknown, callback?: unknown) => unknown };
  export default utils;
}
