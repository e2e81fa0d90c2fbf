import { createContext, type ReactNode, useContext } from 'react';
import type { SiteName } from '../links/links';

export interface SiteInfo {
  site: SiteName;
  /** Where the sub-site is mounted: '/', '/account', '/join'. */
  basename: string;
}

const SiteContext = createContext<SiteInfo>({ site: 'bookings', basename: '/' });

export function SiteProvider({ value, children }: { value: SiteInfo; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

/** Which sub-site this page belongs to. */
export function useSite(): SiteInfo {
  return useContext(SiteContext);
}

/** The sub-site's home as a plain href (for pages shown outside the router). */
export function siteHomeHref(basename: string): string {
  return basename.endsWith('/') ? basename : `${basename}/`;
}
