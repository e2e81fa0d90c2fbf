import { useTranslation } from 'react-i18next';
import type { MemberPackageView } from '../../../features/guest-passes/api/get-packages';
import { usePackages } from '../../../features/guest-passes/api/get-packages';
import { formatInstantDateTime } from '../../../shared/format/dates';
import '../../../features/guest-passes/guest-passes.css';
import { FormLoadError } from '../../../shared/forms/form-status';
import { usePageTitle } from '../../../shared/layout/page-title';
import { PageSpinner } from '../../../shared/ui/page-spinner';

function PackageCard({ pkg }: { pkg: MemberPackageView }) {
  const { t } = useTranslation('account');
  return (
    <li className="gp-package">
      <div className="gp-header">
        <h2 className="gp-card-title">{pkg.name}</h2>
        <span className={`gp-tag gp-tag-${pkg.status === 'active' ? 'success' : 'danger'}`}>
          {t(`guestPasses.packages.status.${pkg.status}`)}
        </span>
      </div>
      {pkg.description ? <p>{pkg.description}</p> : null}
      {pkg.usesTotal > 0 ? (
        <p>{t('guestPasses.packages.uses', { remaining: pkg.usesRemaining, total: pkg.usesTotal })}</p>
      ) : null}
      {pkg.guestPassUsesTotal !== null ? (
        <p>
          {t('guestPasses.packages.guestPasses', {
            remaining: pkg.guestPassUsesRemaining ?? 0,
            total: pkg.guestPassUsesTotal,
          })}
        </p>
      ) : null}
      <p>
        {pkg.expiresAt
          ? t(pkg.status === 'expired' ? 'guestPasses.packages.expired' : 'guestPasses.packages.expires', {
              date: formatInstantDateTime(pkg.expiresAt),
            })
          : t('guestPasses.packages.noExpiry')}
      </p>
      <p className="gp-card-venues">
        {pkg.venues.length
          ? t('guestPasses.packages.venues', { venues: pkg.venues.map((venue) => venue.name).join(', ') })
          : t('guestPasses.packages.allVenues')}
      </p>
    </li>
  );
}

/** /packages: the packages the member owns, with uses left and expiry. */
export function PackagesScreen() {
  const { t } = useTranslation('account');
  usePageTitle(t('guestPasses.packages.title'));
  const packages = usePackages();
  let body = <PageSpinner />;
  if (packages.isError) body = <FormLoadError onRetry={() => void packages.refetch()} />;
  else if (packages.data?.length === 0) body = <p className="gp-empty">{t('guestPasses.packages.empty')}</p>;
  else if (packages.data) {
    body = (
      <ul className="gp-packages">
        {packages.data.map((pkg) => (
          <PackageCard key={pkg.id} pkg={pkg} />
        ))}
      </ul>
    );
  }
  return (
    <main id="main" className="page">
      <h1>{t('guestPasses.packages.title')}</h1>
      <p>{t('guestPasses.packages.intro')}</p>
      {body}
    </main>
  );
}
