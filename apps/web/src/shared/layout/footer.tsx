import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api/client';
import { operatorKeys } from '../api/query-keys';
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

/** The footer: HTML supplied by the server for the selected venue, sanitised. */
export function SiteFooter() {
  const [venue] = useSelectedVenue();
  const { data } = useQuery(footerQueryOptions(venue));
  const html = useMemo(() => (data ? sanitizeHtml(data) : ''), [data]);
  return (
    <footer className="site-footer">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above */}
      <div className="site-footer-content" dangerouslySetInnerHTML={{ __html: html }} />
    </footer>
  );
}
