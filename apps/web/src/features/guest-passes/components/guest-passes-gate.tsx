import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useClient } from '../../../shared/operator/use-client';
import { PageSpinner } from '../../../shared/ui/page-spinner';

/** Guest pass screens show only when the operator has online guest passes turned on. */
export function GuestPassesGate({ children }: { children: ReactNode }) {
  const client = useClient();
  if (client.isPending) return <PageSpinner />;
  if (!client.data?.onlineGuestPassesEnabled) return <GuestPassesUnavailable />;
  return <>{children}</>;
}

function GuestPassesUnavailable() {
  const { t } = useTranslation('account');
  usePageTitle(t('guestPasses.title'));
  return (
    <main id="main" className="page">
      <h1>{t('guestPasses.title')}</h1>
      <p>{t('guestPasses.disabled')}</p>
    </main>
  );
}
