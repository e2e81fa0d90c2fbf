import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { useSite } from '../app/site';
import { type QueryValues, type SiteName, withQuery } from './links';
import { useSiteUrl } from './use-site-url';

export interface SiteLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  site: SiteName;
  /** Path inside the sub-site: '/basket', '/register'. */
  to: string;
  query?: QueryValues;
  children: ReactNode;
}

/**
 * A link to a page of any sub-site: a router link inside the current sub-site, a normal link
 * (built from the client's public URLs, with the mode flags) to another one.
 */
export function SiteLink({ site, to, query, children, ...rest }: SiteLinkProps) {
  const current = useSite();
  const url = useSiteUrl();
  if (site === current.site) {
    return (
      <Link to={withQuery(to, query)} {...rest}>
        {children}
      </Link>
    );
  }
  return (
    <a href={url(site, to, query)} {...rest}>
      {children}
    </a>
  );
}
