import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useWaivers, type WaiverSummary } from '../api/get-waivers';
import '../waivers.css';

function WaiverStatus({ waiver }: { waiver: WaiverSummary }) {
  const { t } = useTranslation('account');
  if (!waiver.signed)
    return <span className="waiver-tag waiver-tag-todo">{t('documents.waivers.notSigned')}</span>;
  return (
    <span className="waiver-status">
      <span className="waiver-tag waiver-tag-done">
        {t('documents.waivers.signedOn', { date: waiver.signed.date.fullDate })}
      </span>
      {waiver.expires ? (
        <span className="waiver-expires">
          {t('documents.waivers.expiresOn', { date: waiver.expires.date.fullDate })}
        </span>
      ) : null}
    </span>
  );
}

/**
 * The member's waivers grouped by restriction (my-account.md 2.8); expired ones are not listed by
 * the server. Its heading is an h2 under the page's h1 (My details, My waivers), its groups h3.
 */
export function WaiversList() {
  const { t } = useTranslation('account');
  const headingId = useId();
  const waivers = useWaivers();
  const groups = waivers.data ?? [];
  return (
    <section className="waivers" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('documents.waivers.title')}</h2>
      {waivers.isError ? (
        <p role="alert" className="form-error">
          {t('documents.waivers.loadError')}
        </p>
      ) : waivers.isPending ? (
        <p className="waiver-muted">{t('common.loading')}</p>
      ) : groups.length === 0 ? (
        <p>{t('documents.waivers.empty')}</p>
      ) : (
        groups.map((group) => (
          <div className="waiver-group" key={group.restriction.id}>
            <h3 className="waiver-group-title">
              {group.restriction.name}
              {group.restriction.type === 'enhanced-pre-waiver' ? (
                <span className="waiver-tag waiver-tag-enhanced">{t('documents.waivers.enhanced')}</span>
              ) : null}
            </h3>
            <ul className="waiver-list">
              {group.waivers.map((waiver) => (
                <li key={waiver.id} className="waiver-item">
                  <Link to={`/user-details/waivers/${encodeURIComponent(waiver.slug)}`}>{waiver.title}</Link>
                  <WaiverStatus waiver={waiver} />
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
