import { Fragment, type ReactNode, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type UIMatch, useMatches } from 'react-router';

/**
 * A route's breadcrumb: `handle: { crumb: 'bookings:basket.title' }` (a translation key, or plain
 * text), or a function of the match for crumbs that depend on params or loader data; it may return
 * an element, for a name that a query loads (the bookings venue and activity crumbs).
 *
 * `trail` adds crumbs before the route's own, for a path the URL does not spell out (an activity's
 * categories): it renders `CrumbLink` items, one per step, once they are known.
 */
export type Crumb = string | ((match: UIMatch) => ReactNode);
export interface RouteHandle {
  crumb?: Crumb;
  trail?: (match: UIMatch) => ReactNode;
}

function handleOf(match: UIMatch): RouteHandle | undefined {
  return match.handle as RouteHandle | undefined;
}

/** One step of a route's `trail`: a linked crumb. */
export function CrumbLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li>
      <Link to={to}>{children}</Link>
    </li>
  );
}

/** Home, then one crumb per matched route that declares one; the last is the current page. */
export function Breadcrumbs() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const list = useRef<HTMLOListElement>(null);
  // On a phone the trail is one line that scrolls sideways (global.css): keep its end, the current
  // page, in view as names arrive.
  useLayoutEffect(() => {
    const element = list.current;
    if (element && element.scrollWidth > element.clientWidth) element.scrollLeft = element.scrollWidth;
  });
  const crumbs = matches
    .map((match) => ({ match, crumb: handleOf(match)?.crumb, trail: handleOf(match)?.trail }))
    .filter(
      (entry): entry is { match: UIMatch; crumb: Crumb; trail: RouteHandle['trail'] } =>
        entry.crumb !== undefined,
    );
  if (crumbs.length === 0) return null;
  return (
    <nav className="breadcrumbs" aria-label={t('breadcrumb.label')}>
      <ol ref={list}>
        <li>
          <Link to="/">{t('breadcrumb.home')}</Link>
        </li>
        {crumbs.map(({ match, crumb, trail }, index) => {
          const text = typeof crumb === 'function' ? crumb(match) : t(crumb);
          const last = index === crumbs.length - 1;
          return [
            trail ? <Fragment key={`${match.id}-trail`}>{trail(match)}</Fragment> : null,
            <li key={match.id}>
              {last ? <span aria-current="page">{text}</span> : <Link to={match.pathname}>{text}</Link>}
            </li>,
          ];
        })}
      </ol>
    </nav>
  );
}
