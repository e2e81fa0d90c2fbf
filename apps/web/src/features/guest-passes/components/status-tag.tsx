import type { GuestPassStatus } from '@leisure/contract/guest-passes';
import { useTranslation } from 'react-i18next';

/** The pass's status: issued and redeemed green, expired red (my-account.md 3). */
export function GuestPassStatusTag({ status }: { status: GuestPassStatus }) {
  const { t } = useTranslation('account');
  const tone = status === 'expired' ? 'danger' : 'success';
  return <span className={`gp-tag gp-tag-${tone}`}>{t(`guestPasses.status.${status}`)}</span>;
}
