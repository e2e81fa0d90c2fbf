import type { ReactNode } from 'react';
import { FullPageError, MaintenancePage, NotFoundPage } from '../layout/error-pages';
import { setAppName } from '../layout/page-title';
import { useClient } from '../operator/use-client';
import { useAppliedTheme } from '../theme/use-applied-theme';
import { isMaintenance, useTheme } from '../theme/use-theme';
import { PageLoading } from '../ui/page-spinner';
import { useSelectedVenue } from '../venue/selected-venue';

/**
 * What every page needs before it renders (shell-session-basket.md 4): the client settings (a
 * failure shows the not-found page) and the theme with its fonts (503 shows the maintenance page,
 * any other failure the error page). A spinner shows until then.
 */
export function ShellGate({ children }: { children: ReactNode }) {
  const [venue] = useSelectedVenue();
  const client = useClient();
  const theme = useTheme(venue);
  const { ready } = useAppliedTheme(theme.data);

  if (theme.isError && !theme.data) {
    return isMaintenance(theme.error) ? <MaintenancePage /> : <FullPageError />;
  }
  if (client.isError && !client.data) return <NotFoundPage />;
  if (!client.data || !ready) return <PageLoading />;
  setAppName(client.data.appName);
  return <>{children}</>;
}
