import { useTranslation } from 'react-i18next';
import { formatInstantDateTime } from '../../../shared/format/dates';
import type { GuestPassAllowanceView } from '../api/get-guest-pass-allowances';

/** One card per allowance: where it comes from, passes left, when they lapse, and where they work. */
export function AllowanceCards({ allowances }: { allowances: GuestPassAllowanceView[] }) {
  const { t } = useTranslation('account');
  if (allowances.length === 0) return <p className="gp-empty">{t('guestPasses.allowancesEmpty')}</p>;
  return (
    <ul className="gp-allowances">
      {allowances.map((allowance) => (
        <li key={allowance.id} className="gp-card">
          <h3 className="gp-card-title">{allowance.name}</h3>
          <p className="gp-card-kind">{t(`guestPasses.allowanceType.${allowance.type}`)}</p>
          <p className="gp-card-uses">
            <strong>{t('guestPasses.usesRemaining', { count: allowance.usesRemaining })}</strong>{' '}
            {t('guestPasses.ofTotal', { total: allowance.totalUses })}
          </p>
          <p>
            {allowance.expiresAt
              ? t('guestPasses.expires', { date: formatInstantDateTime(allowance.expiresAt) })
              : t('guestPasses.noExpiry')}
          </p>
          <p className="gp-card-venues">
            {t('guestPasses.validAt')} {allowance.venues.map((venue) => venue.name).join(', ')}
          </p>
        </li>
      ))}
    </ul>
  );
}
