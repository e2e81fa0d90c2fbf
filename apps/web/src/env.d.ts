/// <reference types="vite/client" />

/** The VITE_* settings; read and validated only in shared/settings.ts. */
interface ImportMetaEnv {
  readonly VITE_MOCK_API?: string;
  readonly VITE_COOKIE_DOMAIN?: string;
  readonly VITE_TRANSLATIONS_PATH?: string;
  readonly VITE_MAP_TILE_URL?: string;
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
