/**
 * The web app's settings: the build-time VITE_* values, checked once when the page starts;
 * nothing else reads `import.meta.env` (STYLE.md "One settings module per app"). Checked by hand,
 * not with zod: zod's core in the initial JS would cost 16 KB gzipped of the 150 KB budget.
 */

export interface WebSettings {
  /** Parent domain for the selected-venue cookie when the sub-sites live on sub-domains ('.example.com'). */
  cookieDomain: string | undefined;
  /** Where translations load from (an i18next path with {{lng}} and {{ns}}); the app's default when unset. */
  translationsPath: string | undefined;
  /** The joining map's tile server, a Leaflet URL template with {z}, {x} and {y}; OpenStreetMap's by default. */
  mapTileUrl: string | undefined;
  /** The tiles' attribution (HTML); OpenStreetMap's by default. */
  mapTileAttribution: string | undefined;
}

type RawSettings = Partial<Record<string, string | boolean | undefined>>;

const domainPattern = /^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i;

/** A text setting; empty means "not set". */
function text(raw: RawSettings, name: string): string | undefined {
  const value = raw[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** The settings of `raw` (import.meta.env); throws, naming every bad value, when one does not fit. */
export function parseWebSettings(raw: RawSettings): WebSettings {
  const parsed: WebSettings = {
    cookieDomain: text(raw, 'VITE_COOKIE_DOMAIN'),
    translationsPath: text(raw, 'VITE_TRANSLATIONS_PATH'),
    mapTileUrl: text(raw, 'VITE_MAP_TILE_URL'),
    mapTileAttribution: text(raw, 'VITE_MAP_TILE_ATTRIBUTION'),
  };
  const problems: string[] = [];
  if (parsed.cookieDomain && !domainPattern.test(parsed.cookieDomain)) {
    problems.push('VITE_COOKIE_DOMAIN must be a domain such as .example.com');
  }
  if (parsed.translationsPath && !parsed.translationsPath.includes('{{ns}}')) {
    problems.push('VITE_TRANSLATIONS_PATH must contain {{ns}}');
  }
  if (parsed.mapTileUrl && !['{z}', '{x}', '{y}'].every((part) => parsed.mapTileUrl?.includes(part))) {
    problems.push('VITE_MAP_TILE_URL must contain {z}, {x} and {y}');
  }
  if (problems.length > 0) throw new Error(`Invalid web settings: ${problems.join('; ')}`);
  return parsed;
}

export const settings: WebSettings = parseWebSettings(import.meta.env);

/**
 * The mock-API mode (MSW, src/mocks): its worker in builds made with VITE_MOCK_API=true, null in
 * any other. The comparison stays here, where the build folds it, so no mock code ships otherwise.
 */
export const loadMockWorker =
  import.meta.env.VITE_MOCK_API === 'true' ? () => import('../mocks/browser') : null;
