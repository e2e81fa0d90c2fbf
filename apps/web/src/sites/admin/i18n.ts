import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fields } from '../../../public/translations/en/account.json';

/**
 * The console is in English and has its own words; the shared form parts it reuses (the new
 * password's fields) read their hint from the account translations, given here.
 */
export const consoleI18n = i18next.createInstance();
void consoleI18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  ns: ['account'],
  defaultNS: 'account',
  resources: { en: { account: { fields: { passwordHint: fields.passwordHint } } } },
  interpolation: { escapeValue: false },
  initAsync: false,
});
