/** The wire is snake_case both ways; the app is camelCase. Converted here and nowhere else. */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function toCamelKey(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, char: string) => char.toUpperCase());
}

export function toSnakeKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [convert(key), convertKeys(item, convert)]),
    );
  }
  return value;
}

export function camelizeKeys<T = unknown>(value: unknown): T {
  return convertKeys(value, toCamelKey) as T;
}

export function snakeizeKeys(value: unknown): Json {
  return convertKeys(value, toSnakeKey) as Json;
}
