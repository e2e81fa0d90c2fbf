import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useGuestPass } from '../../../features/guest-passes/api/get-guest-pass';
import { GuestPassesGate } from '../../../features/guest-passes/components/guest-passes-gate';
import { GuestPassStatusTag } from '../../../features/guest-passes/components/status-tag';
import { formatDate, formatInstantDateTime } from '../../../shared/format/dates';
import '../../../features/guest-passes/guest-passes.css';
import { ApiError } from '../../../shared/api/client';
import { FormLoadError } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';
import { useSession } from '../../../shared/session/session';
import { PageSpinner } from '../../../shared/ui/page-spinner';

function PassDetails({ userId, id }: { userId: number; id: number }) {
  const { t } = useTranslation('account');
  const pass = useGuestPass(userId, id);
  if (!Number.isInteger(id) || id <= 0 || (pass.error instanceof ApiError && pass.error.status === 404)) {
    return <p className="gp-empty">{t('guestPasses.details.notFound')}</p>;
  }
  if (pass.isError) return <FormLoadError onRetry={() => void pass.refetch()} />;
  if (!pass.data) return <PageSpinner />;
  const data = pass.data;
  return (
    <dl className="gp-details">
      <dt>{t('guestPasses.details.guestName')}</dt>
      <dd>{data.guestName}</dd>
      <dt>{t('guestPasses.details.guestEmail')}</dt>
      <dd>{data.guestEmail}</dd>
      <dt>{t('guestPasses.details.status')}</dt>
      <dd>
        <GuestPassStatusTag status={data.status} />
      </dd>
      <dt>{t('guestPasses.details.validFrom')}</dt>
      <dd>{formatDate(data.validFrom)}</dd>
      <dt>{t('guestPasses.details.validTo')}</dt>
      <dd>{formatDate(data.validTo)}</dd>
      <dt>{t('guestPasses.details.redeemedAt')}</dt>
      <dd>
        {data.redeemedAt ? formatInstantDateTime(data.redeemedAt) : t('guestPasses.details.notRedeemed')}
      </dd>
      <dt>{t('guestPasses.details.venue')}</dt>
      <dd>{data.venue.name}</dd>
    </dl>
  );
}

/** /guest-passes/pass-details/{id}: one sent pass (my-account.md 2.5). */
export function GuestPassDetailsScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('guestPasses.details.title'));
  const { user } = useSession();
  const id = Number(useParams().id);
  return (
    <GuestPassesGate>
      <main id="main" className="page">
        <h1>{t('guestPasses.details.title')}</h1>
        {user ? <PassDetails userId={user.id} id={id} /> : null}
        <p>
          <Link to="/guest-passes">{t('guestPasses.details.back')}</Link>
        </p>
      </main>
    </GuestPassesGate>
  );
}
