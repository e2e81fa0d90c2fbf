import i18next, { type i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { settings } from '../settings';

/** The spec's namespaces (shell-session-basket.md 9); English only. */
export const namespaces = ['common', 'account', 'bookings', 'flow'] as const;
export type Namespace = (typeof namespaces)[number];

/** Default load path; a deployment may point it elsewhere (settings.translationsPath). */
export const defaultLoadPath = '/translations/{{lng}}/{{ns}}.json';

export async function initI18n(
  loadPath: string = settings.translationsPath ?? defaultLoadPath,
): Promise<I18n> {
  await i18next
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: ['en'],
      ns: [...namespaces],
      defaultNS: 'common',
      backend: { loadPath },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return i18next;
}
