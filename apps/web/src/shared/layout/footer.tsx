import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { api } from '../api/client';
import { operatorKeys } from '../api/query-keys';
import { useServerRendered } from '../app/server-rendered';
import { useSelectedVenue } from '../venue/selected-venue';
import { sanitizeHtml } from './sanitize-html';

/** The footer of a venue, or the operator's (null). */
export const footerQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: operatorKeys.footer(venue),
    queryFn: async () =>
      (await api.get<{ data: string }>('api/activities/footer', { query: { venue } })).data,
    staleTime: 5 * 60_000,
  });

/**
 * The footer's content in the server's HTML, which the browser is about to hydrate: taken once, by
 * the first footer of the page (a later one would find the footer it replaces).
 */
let serverHtmlTaken = false;
function serverFooterHtml(): string | undefined {
  if (typeof document === 'undefined' || serverHtmlTaken) return undefined; // on the server, or taken
  serverHtmlTaken = true;
  return document.querySelector('.site-footer-content')?.innerHTML;
}

/**
 * The footer: HTML supplied by the server for the selected venue, sanitised. A page the server
 * rendered has it sanitised already, by the same DOMPurify (decision 027): hydrating it, the browser
 * keeps the server's markup for that same answer instead of making a purifier and sanitising it
 * again, which was 20-60 ms of every page's start on a phone's CPU (issue 16). Another answer (the
 * venue changed), or a page the browser renders, is sanitised here.
 */
export function SiteFooter() {
  const serverRendered = useServerRendered();
  const [venue] = useSelectedVenue();
  const { data } = useQuery(footerQueryOptions(venue));
  const [hydrated] = useState(() => {
    const html = serverRendered && data ? serverFooterHtml() : undefined;
    return html === undefined ? undefined : { data, html };
  });
  const html = useMemo(() => {
    if (hydrated && data === hydrated.data) return hydrated.html;
    return data ? sanitizeHtml(data) : '';
  }, [data, hydrated]);
  return (
    <footer className="site-footer">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify, here or by the server */}
      <div className="site-footer-content" dangerouslySetInnerHTML={{ __html: html }} />
    </footer>
  );
}
