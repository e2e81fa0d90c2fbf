import { useQueryClient } from '@tanstack/react-query';
import type { ThemeSettings } from '../theme/theme';
import { themeQueryOptions } from '../theme/use-theme';
import { useSelectedVenue } from '../venue/selected-venue';

/** The theme's logo URL (already loaded by the shell), or null. */
export function useThemeLogo(): string | null {
  const [venue] = useSelectedVenue();
  const queryClient = useQueryClient();
  const theme = queryClient.getQueryData<ThemeSettings>(themeQueryOptions(venue).queryKey);
  return theme?.themeAppLogo || null;
}
