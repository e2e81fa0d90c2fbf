import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatInstantNumericDate } from '../../../shared/format/dates';
import { Button } from '../../../shared/ui/button';
import type { CreditEntry } from '../api/get-credits';
import { CreditDetailModal } from './credit-detail-modal';

/** Credit added or spent, each row with 'View detail'; the spec's empty texts. */
export function CreditList({ entries, kind }: { entries: CreditEntry[]; kind: 'added' | 'spent' }) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.credit' });
  const [shown, setShown] = useState<CreditEntry | null>(null);
  if (entries.length === 0)
    return <p className="empty-state">{kind === 'added' ? t('noCredits') : t('noSpent')}</p>;
  return (
    <>
      <div className="table-scroll">
        <table className="payments-table">
          <caption className="visually-hidden">{kind === 'added' ? t('added') : t('spent')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('date')}</th>
              <th scope="col">{t('reason')}</th>
              <th scope="col">{t('type')}</th>
              <th scope="col">{t('amount')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('viewDetail')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id}>
                <td>{formatInstantNumericDate(entry.spentAt ?? entry.addedAt)}</td>
                <td>{entry.reason}</td>
                <td>{entry.type === 'membership' ? t('membership') : t('booking')}</td>
                <td>{entry.value.formatted}</td>
                <td>
                  <Button
                    variant="link"
                    onClick={() => setShown(entry)}
                    aria-label={`${t('viewDetail')}: ${entry.reason}`}
                  >
                    {t('viewDetail')}
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CreditDetailModal entry={shown} onClose={() => setShown(null)} />
    </>
  );
}
