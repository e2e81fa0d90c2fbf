import { useCallback } from 'react';
import { useModes } from '../modes/modes';
import { useClient } from '../operator/use-client';
import { defaultSiteUrls, type QueryValues, type SiteName, siteUrl } from './links';

export type SiteUrlBuilder = (site: SiteName, path?: string, query?: QueryValues) => string;

/**
 * Builds links into any sub-site from the client's public URLs, with embedded=true and kiosk=true
 * added in those modes: `const url = useSiteUrl(); url('account', '/register')`.
 */
export function useSiteUrl(): SiteUrlBuilder {
  const { data: client } = useClient();
  const modes = useModes();
  const urls = client?.urls ?? defaultSiteUrls;
  return useCallback(
    (site: SiteName, path = '/', query: QueryValues = {}) => siteUrl(urls, site, path, query, modes),
    [urls, modes],
  );
}
