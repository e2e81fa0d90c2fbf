import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RegisterForm } from '../../../features/auth/components/register-form';
import { useDataFields } from '../../../shared/forms/api/get-data-fields';
import { FormLoadError, FormLoading } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useClient } from '../../../shared/operator/use-client';

export function RegisterScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('register.title'));
  const client = useClient();
  const dataFields = useDataFields('customer_account_online', null);

  let body: ReactNode;
  if (client.isError || dataFields.isError) {
    body = (
      <FormLoadError
        onRetry={() => {
          if (client.isError) void client.refetch();
          if (dataFields.isError) void dataFields.refetch();
        }}
      />
    );
  } else if (!client.data || !dataFields.data) {
    body = <FormLoading />;
  } else {
    body = (
      <RegisterForm
        sections={dataFields.data.sections}
        checksum={dataFields.data.checksum}
        clientId={client.data.id}
      />
    );
  }

  return (
    <main id="main" className="page page-form">
      <h1>{t('register.title')}</h1>
      {body}
    </main>
  );
}
