/// <reference path="./pg-lib-utils.d.ts" />
import pg from 'pg';
import pgUtils from 'pg/lib/utils';

/**
 * Two per-statement costs of pg's that no statement of ours needs, measured on the booking writes
 * (issue 16): 5.5% and 2.3% of the API's CPU on `cart/add` and `checkout/complete`.
 *
 * - **Row templates.** pg reads each result's columns into a template row: a prototype-less object,
 *   which V8 keeps as a dictionary, then copied. Drizzle's selects read rows as arrays, which never
 *   use the template (node-postgres#3042); rows read as objects are copied from it on every row.
 *   Here array results make none, and object results a plain one, copied fast. The rows are the same.
 * - **Query config copies.** pg copies each statement's config (so it never changes the caller's) by
 *   its property descriptors. A plain object, as every config of ours is, is copied by spreading it.
 */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format?: 'text' | 'binary';
}

interface ResultInternals {
  fields: FieldDescription[];
  rowAsArray: boolean;
  _types?: { getTypeParser(oid: number, format: string): (value: unknown) => unknown };
  _parsers: Array<(value: unknown) => unknown> | undefined;
  _prebuiltEmptyResultObject: Record<string, null> | null;
}

function addFields(this: ResultInternals, descriptions: FieldDescription[]): void {
  this.fields = descriptions;
  const types = this._types ?? pg.types;
  const parsers = new Array<(value: unknown) => unknown>(descriptions.length);
  for (let i = 0; i < descriptions.length; i++) {
    const description = descriptions[i] as FieldDescription;
    parsers[i] = types.getTypeParser(description.dataTypeID, description.format || 'text') as (
      value: unknown,
    ) => unknown;
  }
  this._parsers = parsers;
  if (this.rowAsArray) return;
  const template: Record<string, null> = {};
  for (const { name } of descriptions) {
    // `__proto__` would set the template's prototype: an own property, as pg's copy makes it.
    if (name === '__proto__')
      Object.defineProperty(template, name, {
        value: null,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    else template[name] = null;
  }
  this._prebuiltEmptyResultObject = template;
}

/** pg's `normalizeQueryConfig` (lib/utils.js), copying a plain config by spreading it. */
function normalizeQueryConfig(
  config: unknown,
  values?: unknown,
  callback?: unknown,
): Record<string, unknown> {
  const copy: Record<string, unknown> =
    typeof config === 'string'
      ? { text: config }
      : typeof config === 'object' && config !== null && Object.getPrototypeOf(config) === Object.prototype
        ? { ...config }
        : copyWithDescriptors(config);
  if (values) {
    if (typeof values === 'function') copy.callback = values;
    else copy.values = values;
  }
  if (callback) copy.callback = callback;
  return copy;
}

function copyWithDescriptors(config: unknown): Record<string, unknown> {
  if (config === null || config === undefined) return config as never;
  return Object.defineProperties(
    Object.create(Object.getPrototypeOf(config)),
    Object.getOwnPropertyDescriptors(config),
  );
}

let installed = false;

/** Installs both on pg's modules, once: every client of this process has them. */
export function installFastResults(): void {
  if (installed) return;
  installed = true;
  (pg.Result.prototype as unknown as { addFields: typeof addFields }).addFields = addFields;
  (pgUtils as { normalizeQueryConfig: typeof normalizeQueryConfig }).normalizeQueryConfig =
    normalizeQueryConfig;
}
