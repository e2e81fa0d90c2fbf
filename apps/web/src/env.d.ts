/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** 'true' runs the app against MSW handlers instead of the API (src/mocks). */
  readonly VITE_MOCK_API?: string;
  /** Parent domain for the selected-venue cookie when the sub-sites live on sub-domains. */
  readonly VITE_COOKIE_DOMAIN?: string;
  /** Where translations load from; default /translations/{{lng}}/{{ns}}.json. */
  readonly VITE_TRANSLATIONS_PATH?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
