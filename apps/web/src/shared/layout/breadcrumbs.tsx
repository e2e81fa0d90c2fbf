import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type UIMatch, useMatches } from 'react-router';

/**
 * A route's breadcrumb: `handle: { crumb: 'bookings:basket.title' }` (a translation key, or plain
 * text), or a function of the match for crumbs that depend on params or loader data; it may return
 * an element, for a name that a query loads (the bookings venue and activity crumbs).
 */
export type Crumb = string | ((match: UIMatch) => ReactNode);
export interface RouteHandle {
  crumb?: Crumb;
}

function crumbOf(match: UIMatch): Crumb | undefined {
  const handle = match.handle as RouteHandle | undefined;
  return handle?.crumb;
}

/** Home, then one crumb per matched route that declares one; the last is the current page. */
export function Breadcrumbs() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const crumbs = matches
    .map((match) => ({ match, crumb: crumbOf(match) }))
    .filter((entry): entry is { match: UIMatch; crumb: Crumb } => entry.crumb !== undefined);
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumb.label')}>
      <ol>
        <li>
          <Link to="/">{t('breadcrumb.home')}</Link>
        </li>
        {crumbs.map(({ match, crumb }, index) => {
          const text = typeof crumb === 'function' ? crumb(match) : t(crumb);
          const last = index === crumbs.length - 1;
          return (
            <li key={match.id}>
              {last ? <span aria-current="page">{text}</span> : <Link to={match.pathname}>{text}</Link>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
