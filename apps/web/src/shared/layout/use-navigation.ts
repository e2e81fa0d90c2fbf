import { useSite } from '../app/site';
import { useModes } from '../modes/modes';
import { useClient } from '../operator/use-client';
import { useSelectedVenue } from '../venue/selected-venue';

/** What the header and the drawer share: which links show, and how login works on this site. */
export function useNavigation() {
  const { site } = useSite();
  const { data: client } = useClient();
  const { kiosk } = useModes();
  const [venue] = useSelectedVenue();
  return {
    kiosk,
    /** Login is a page on the account site and a modal on the other two (shell-session-basket.md 2). */
    loginInModal: site !== 'account',
    showJoining: Boolean(client?.onlineJoiningEnabled),
    joiningPath: venue ? `/centre/${encodeURIComponent(venue)}` : '/',
  };
}
