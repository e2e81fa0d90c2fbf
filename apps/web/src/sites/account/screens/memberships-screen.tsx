import { useTranslation } from 'react-i18next';
import { FreezeModal } from '../../../features/membership-lifecycle/components/freeze-modal';
import { RenewModal } from '../../../features/membership-lifecycle/components/renew-modal';
import { useMyMemberships } from '../../../features/my-memberships/api/get-my-memberships';
import { MembershipCard } from '../../../features/my-memberships/components/membership-card';
import '../../../features/my-memberships/my-memberships.css';
import '../../../features/membership-lifecycle/membership-lifecycle.css';
import { FormLoadError } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';
import { PageSpinner } from '../../../shared/ui/page-spinner';

/** /memberships: every membership of the member, each with 'Manage membership' (my-account.md 2.6). */
export function MembershipsScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('membershipsArea.title'));
  const memberships = useMyMemberships();
  let body = <PageSpinner />;
  if (memberships.isError) {
    body = (
      <>
        <p>{t('membershipsArea.loadError')}</p>
        <FormLoadError onRetry={() => void memberships.refetch()} />
      </>
    );
  } else if (memberships.data) {
    body =
      memberships.data.length === 0 ? (
        <p>{t('membershipsArea.empty')}</p>
      ) : (
        <>
          <p>{t('membershipsArea.intro')}</p>
          <ul className="mm-list">
            {memberships.data.map((membership) => (
              <MembershipCard
                key={membership.id}
                membership={membership}
                freezeModal={FreezeModal}
                renewModal={RenewModal}
              />
            ))}
          </ul>
        </>
      );
  }
  return (
    <main id="main" className="page">
      <h1>{t('membershipsArea.title')}</h1>
      {body}
    </main>
  );
}
