import { queryOptions, useQuery } from '@tanstack/react-query';
import { use, useState } from 'react';
import { api } from '../api/client';
import { operatorKeys } from '../api/query-keys';
import { useServerRendered } from '../app/server-rendered';
import { useSelectedVenue } from '../venue/selected-venue';

/** The footer of a venue, or the operator's (null). */
export const footerQueryOptions = (venue: string | null) =>
  queryOptions({
    queryKey: operatorKeys.footer(venue),
    queryFn: async () =>
      (await api.get<{ data: string }>('api/activities/footer', { query: { venue } })).data,
    staleTime: 5 * 60_000,
  });

/** DOMPurify, loaded when a footer is sanitised here: importing it makes a purifier at once. */
let sanitizer: Promise<typeof import('./sanitize-html')> | undefined;
const loadSanitizer = () => {
  sanitizer ??= import('./sanitize-html');
  return sanitizer;
};

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
 * rendered has it sanitised already (by the same DOMPurify, decision 027): hydrating it, the browser
 * keeps the server's markup for that same answer instead of sanitising it again, which (with making
 * the purifier DOMPurify makes as it loads) was 10 ms of every page's start on a phone's CPU (issue
 * 16). Another answer (the venue changed), or a page the browser renders, is sanitised here.
 */
export function SiteFooter() {
  const serverRendered = useServerRendered();
  const [venue] = useSelectedVenue();
  const { data } = useQuery(footerQueryOptions(venue));
  const [hydrated] = useState(() => {
    const html = serverRendered && data ? serverFooterHtml() : undefined;
    return html === undefined ? undefined : { data, html };
  });
  const fromServer = hydrated && data === hydrated.data ? hydrated.html : undefined;
  // Otherwise the footer waits (its boundary's empty footer shows) for DOMPurify to load.
  const html = fromServer ?? (data ? use(loadSanitizer()).sanitizeHtml(data) : '');
  return (
    <footer className="site-footer">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify, here or by the server */}
      <div className="site-footer-content" dangerouslySetInnerHTML={{ __html: html }} />
    </footer>
  );
}
