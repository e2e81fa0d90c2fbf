import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseWebSettings } from './settings';

describe('web settings', () => {
  it('treats missing and empty values as not set', () => {
    expect(parseWebSettings({ VITE_COOKIE_DOMAIN: '', VITE_MAP_TILE_URL: '  ' })).toEqual({
      cookieDomain: undefined,
      translationsPath: undefined,
      mapTileUrl: undefined,
      mapTileAttribution: undefined,
    });
  });

  it('keeps values that fit', () => {
    const parsed = parseWebSettings({
      VITE_COOKIE_DOMAIN: '.example.com',
      VITE_TRANSLATIONS_PATH: '/static/{{lng}}/{{ns}}.json',
      VITE_MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
      VITE_MAP_TILE_ATTRIBUTION: '&copy; Example',
    });
    expect(parsed.cookieDomain).toBe('.example.com');
    expect(parsed.mapTileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
  });

  it('refuses values that cannot work, naming each', () => {
    expect(() =>
      parseWebSettings({ VITE_COOKIE_DOMAIN: 'https://example.com', VITE_MAP_TILE_URL: 'https://tiles/{z}' }),
    ).toThrow(/VITE_COOKIE_DOMAIN.*VITE_MAP_TILE_URL/);
  });

  it('is the only reader of import.meta.env', () => {
    const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const readers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .filter((file) => readFileSync(path.join(src, file), 'utf8').includes('import.meta.env'))
      .map((file) => file.split(path.sep).join('/'));
    expect(readers).toEqual(['shared/settings.ts']);
  });
});
