import { useEffect, useState } from 'react';
import { useServerRendered } from '../app/server-rendered';
import { loadFonts } from './fonts';
import { applyTheme, resolveTheme, type ThemeSettings } from './theme';

/**
 * Applies the theme to the document and loads its fonts; `ready` turns true once both are done
 * (shell-session-basket.md 4: the spinner shows until the theme is loaded and fonts are ready).
 * A server-rendered page is ready at once: its HTML carries the theme's colours and @font-face
 * rules (swap), so its text shows while the fonts arrive, as it did before the script ran.
 */
export function useAppliedTheme(settings: ThemeSettings | undefined): { ready: boolean } {
  const serverRendered = useServerRendered();
  const [readyFor, setReadyFor] = useState<ThemeSettings | null>(() =>
    serverRendered && settings ? settings : null,
  );
  // The theme the server rendered is in the page's CSS already: set again on :root, it only made
  // the browser restyle the whole page while it hydrated (issue 16).
  const [rendered] = useState(() => (serverRendered ? settings : undefined));
  useEffect(() => {
    if (!settings) return;
    let current = true;
    const theme = resolveTheme(settings);
    if (settings !== rendered) applyTheme(theme);
    void loadFonts([theme.headingFont, theme.bodyFont]).then(() => {
      if (current) setReadyFor(settings);
    });
    return () => {
      current = false;
    };
  }, [settings, rendered]);
  // Once one theme has been shown, a venue change swaps colours without a spinner.
  return { ready: readyFor !== null };
}
