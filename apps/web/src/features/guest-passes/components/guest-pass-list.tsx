import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/dates';
import { Button } from '../../../shared/ui/button';
import type { GuestPassPage } from '../api/get-guest-passes';
import { GuestPassStatusTag } from './status-tag';

export interface GuestPassListProps {
  page: GuestPassPage;
  onPage: (page: number) => void;
  /** A page is loading: the pager waits. */
  busy?: boolean;
}

/** The sent passes, 10 a page, with 'View details' and the spec's pager. */
export function GuestPassList({ page, onPage, busy = false }: GuestPassListProps) {
  const { t } = useTranslation('account');
  const { pagination } = page.meta;
  if (pagination.totalRecords === 0) return <p className="gp-empty">{t('guestPasses.empty')}</p>;
  return (
    <>
      <ul className="gp-list">
        {page.data.map((pass) => (
          <li key={pass.id} className="gp-list-item">
            <div className="gp-list-main">
              <p className="gp-list-name">{pass.guestName}</p>
              <p className="gp-list-meta">{pass.guestEmail}</p>
              <p className="gp-list-meta">
                {pass.venue.name} ·{' '}
                {t('guestPasses.validity', {
                  from: formatDate(pass.validFrom),
                  to: formatDate(pass.validTo),
                })}
              </p>
            </div>
            <GuestPassStatusTag status={pass.status} />
            <Link className="btn btn-secondary" to={`/guest-passes/pass-details/${pass.id}`}>
              {t('guestPasses.viewDetails')}{' '}
              <span className="visually-hidden">
                {t('guestPasses.viewDetailsOf', { name: pass.guestName })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <nav className="gp-pager" aria-label={t('guestPasses.paging')}>
        <p>{t('guestPasses.pages', { current: pagination.currentPage, total: pagination.totalPages })}</p>
        <p>
          {t('guestPasses.results', {
            first: pagination.firstRecordOnCurrentPage,
            last: pagination.lastRecordOnCurrentPage,
            total: pagination.totalRecords,
          })}
        </p>
        <div className="gp-pager-buttons">
          <Button
            variant="secondary"
            disabled={busy || pagination.currentPage <= 1}
            onClick={() => onPage(pagination.currentPage - 1)}
          >
            {t('guestPasses.previous')}
          </Button>
          <Button
            variant="secondary"
            disabled={busy || pagination.currentPage >= pagination.totalPages}
            onClick={() => onPage(pagination.currentPage + 1)}
          >
            {t('guestPasses.next')}
          </Button>
        </div>
      </nav>
    </>
  );
}
