import { useTranslation } from 'react-i18next';
import type { MyMembership } from '../api/types';

const tone: Record<string, string> = {
  active: 'mm-badge-success',
  cancelled: 'mm-badge-danger',
  suspended: 'mm-badge-danger',
  expired: 'mm-badge-danger',
};

/** The membership's status as a coloured tag. */
export function MembershipStatusBadge({ status }: { status: MyMembership['status'] }) {
  const { t } = useTranslation('account');
  return (
    <span className={['mm-badge', tone[status]].filter(Boolean).join(' ')}>
      {t(`membershipsArea.status.${status}`, { defaultValue: status })}
    </span>
  );
}
