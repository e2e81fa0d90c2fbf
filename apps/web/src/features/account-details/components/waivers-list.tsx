import { useTranslation } from 'react-i18next';

/**
 * The waivers list under My details (my-account.md 2.8). Waivers arrive in a later release, so
 * this shows the spec's empty text and nothing invented.
 */
export function WaiversList() {
  const { t } = useTranslation('account');
  return (
    <section className="waivers" aria-labelledby="waivers-title">
      <h2 id="waivers-title">{t('waivers.title')}</h2>
      <p>{t('waivers.empty')}</p>
    </section>
  );
}
