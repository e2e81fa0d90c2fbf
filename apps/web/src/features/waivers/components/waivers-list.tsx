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
 * the server. `headingLevel` lets My details show it as a section and the list screen as its page.
 */
export function WaiversList({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('account');
  const headingId = useId();
  const waivers = useWaivers();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const GroupHeading = headingLevel === 2 ? 'h3' : 'h4';
  const groups = waivers.data ?? [];
  return (
    <section className="waivers" aria-labelledby={headingId}>
      <Heading id={headingId}>{t('documents.waivers.title')}</Heading>
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
            <GroupHeading className="waiver-group-title">
              {group.restriction.name}
              {group.restriction.type === 'enhanced-pre-waiver' ? (
                <span className="waiver-tag waiver-tag-enhanced">{t('documents.waivers.enhanced')}</span>
              ) : null}
            </GroupHeading>
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
