import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { settings } from '../settings';

/** The spec's namespaces (shell-session-basket.md 9); English only. */
export const namespaces = ['common', 'account', 'bookings', 'flow'] as const;
export type Namespace = (typeof namespaces)[number];

/** Default load path; a deployment may point it elsewhere (settings.translationsPath). */
const defaultLoadPath = '/translations/{{lng}}/{{ns}}.json';

/**
 * Starts the translations: from `resources` when the page carries them (a server-rendered page,
 * decision 027), else fetched from `loadPath`.
 */
export async function initI18n(
  loadPath: string = settings.translationsPath ?? defaultLoadPath,
  resources?: Record<string, Record<string, unknown>>,
): Promise<I18n> {
  const options = {
    lng: 'en',
    fallbackLng: 'en',
    supportedLngs: ['en'],
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  };
  if (resources) {
    await i18next.use(initReactI18next).init({ ...options, resources: { en: resources } });
  } else {
    await i18next
      .use(HttpBackend)
      .use(initReactI18next)
      .init({ ...options, backend: { loadPath } });
  }
  return i18next;
}
