import { useSiteUrl } from '../links/use-site-url';
import { useClient } from '../operator/use-client';
import { useSelectedVenue } from '../venue/selected-venue';

/**
 * The kiosk home (shell-session-basket.md 4): the operator's kiosk home URL, or the joining site's
 * /kiosk/?kiosk=true with &centre={selected venue} when one is selected.
 */
export function useKioskHomeUrl(): string {
  const { data: client } = useClient();
  const url = useSiteUrl();
  const [venue] = useSelectedVenue();
  if (client?.kioskHomeUrl) return client.kioskHomeUrl;
  return url('joining', '/kiosk/', { kiosk: true, centre: venue });
}
