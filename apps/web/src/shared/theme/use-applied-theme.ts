import { useEffect, useState } from 'react';
import { loadFonts } from './fonts';
import { applyTheme, resolveTheme, type ThemeSettings } from './theme';

/**
 * Applies the theme to the document and loads its fonts; `ready` turns true once both are done
 * (shell-session-basket.md 4: the spinner shows until the theme is loaded and fonts are ready).
 */
export function useAppliedTheme(settings: ThemeSettings | undefined): { ready: boolean } {
  const [readyFor, setReadyFor] = useState<ThemeSettings | null>(null);
  useEffect(() => {
    if (!settings) return;
    let current = true;
    const theme = resolveTheme(settings);
    applyTheme(theme);
    void loadFonts([theme.headingFont, theme.bodyFont]).then(() => {
      if (current) setReadyFor(settings);
    });
    return () => {
      current = false;
    };
  }, [settings]);
  // Once one theme has been shown, a venue change swaps colours without a spinner.
  return { ready: readyFor !== null };
}
