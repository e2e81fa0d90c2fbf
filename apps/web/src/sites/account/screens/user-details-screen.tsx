import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailsForm } from '../../../features/account-details/components/details-form';
import { PhotoReminder } from '../../../features/profile-photo/components/photo-reminder';
import { ProfilePhoto } from '../../../features/profile-photo/components/profile-photo';
import { WaiversList } from '../../../features/waivers/components/waivers-list';
import { useDataFields } from '../../../shared/forms/api/get-data-fields';
import { FormLoadError, FormLoading } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';

export function UserDetailsScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('details.title'));
  const { user } = useSession();
  const dataFields = useDataFields('customer_account_online', user?.id ?? null);

  let body: ReactNode;
  if (dataFields.isError) body = <FormLoadError onRetry={() => void dataFields.refetch()} />;
  else if (!dataFields.data) body = <FormLoading />;
  else body = <DetailsForm sections={dataFields.data.sections} />;

  return (
    <main id="main" className="page page-form">
      <h1>{t('details.title')}</h1>
      {user ? (
        <div className="details-photo">
          <ProfilePhoto user={user} />
          <PhotoReminder user={user} />
        </div>
      ) : null}
      {body}
      <WaiversList />
    </main>
  );
}
