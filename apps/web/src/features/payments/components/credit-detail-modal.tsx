import { useTranslation } from 'react-i18next';
import { formatInstantNumericDateTime } from '../../../shared/format/dates';
import { Modal } from '../../../shared/ui/modal';
import type { CreditEntry } from '../api/get-credits';

/** The credit detail modal ('View detail' on a credit row). */
export function CreditDetailModal({ entry, onClose }: { entry: CreditEntry | null; onClose: () => void }) {
  const { t } = useTranslation('account', { keyPrefix: 'paymentsArea.credit' });
  const rows: [string, string | null][] = entry
    ? [
        [t('amount'), entry.value.formatted],
        [t('type'), entry.type === 'membership' ? t('membershipType') : t('general')],
        [t('reason'), entry.reason],
        [t('description'), entry.description],
        [
          entry.spentAt ? t('spentAt') : t('addedAt'),
          formatInstantNumericDateTime(entry.spentAt ?? entry.addedAt),
        ],
        ...(entry.spentAt
          ? []
          : ([
              [t('expiresAt'), entry.expiresAt ? formatInstantNumericDateTime(entry.expiresAt) : t('never')],
            ] as [string, string][])),
        [t('relatedItem'), entry.relatedItem],
        [t('location'), entry.spentAtLocation],
      ]
    : [];
  return (
    <Modal open={entry !== null} onOpenChange={(open) => !open && onClose()} title={t('detailTitle')}>
      <dl className="detail-list">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="detail-row">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
    </Modal>
  );
}
