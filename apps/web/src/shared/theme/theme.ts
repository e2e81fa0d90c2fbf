import { normaliseColour } from '@leisure/contract/colours';
import type { Theme } from '@leisure/contract/operator';
import {
  defaultTheme,
  fontStacks,
  type ResolvedTheme,
  type SecondaryButtonStyle,
  themeCssVariables,
} from '@leisure/contract/theme-css';
import type { Camel } from '../api/camel';

export type { ResolvedTheme, SecondaryButtonStyle };
export { defaultTheme, fontStacks, themeCssVariables };

/** The theme as the API answers it, camelCase; unset values are absent. */
export type ThemeSettings = Camel<Theme>;

/** Fills the defaults; an invalid colour falls back to its default. */
export function resolveTheme(settings: ThemeSettings): ResolvedTheme {
  return {
    logo: settings.themeAppLogo || null,
    primary: normaliseColour(settings.themeAppPrimaryColour, defaultTheme.primary),
    secondary1: normaliseColour(settings.themeAppSecondaryColour1, defaultTheme.secondary1),
    secondary2: normaliseColour(settings.themeAppSecondaryColour2, defaultTheme.secondary2),
    darkBg: normaliseColour(settings.themeAppDarkBgColour, defaultTheme.darkBg),
    headerBg: normaliseColour(settings.themeAppHeaderBgColour, defaultTheme.headerBg),
    headerPrimary: normaliseColour(settings.headerPrimaryColour, defaultTheme.headerPrimary),
    headingFont: settings.themeAppHeadingFontStyle ?? defaultTheme.headingFont,
    bodyFont: settings.themeAppBodyFontStyle ?? defaultTheme.bodyFont,
    secondaryButtonStyle: settings.themeAppSecondaryButtonStyle ?? defaultTheme.secondaryButtonStyle,
  };
}

/** Sets the theme on the document: custom properties on :root and the secondary button style class. */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables(theme))) root.style.setProperty(name, value);
  root.classList.toggle('secondary-outline', theme.secondaryButtonStyle === 'outline');
  root.classList.toggle('secondary-solid', theme.secondaryButtonStyle === 'solid');
}
