import type { FontKey, Theme } from '@leisure/contract/operator';
import type { Camel } from '../api/camel';
import {
  contrastRatio,
  ensureContrast,
  minimumTextContrast,
  normaliseColour,
  parseColour,
  type Rgb,
  readableTextOn,
  shade,
  tintScale,
  toHex,
  white,
} from './colours';

/** The theme as the API answers it, camelCase; unset values are absent. */
export type ThemeSettings = Camel<Theme>;

export type SecondaryButtonStyle = 'solid' | 'outline';

export interface ResolvedTheme {
  logo: string | null;
  primary: string;
  secondary1: string;
  secondary2: string;
  darkBg: string;
  headerBg: string;
  headerPrimary: string;
  headingFont: FontKey;
  bodyFont: FontKey;
  secondaryButtonStyle: SecondaryButtonStyle;
}

/** The spec's defaults (shell-session-basket.md 3). */
export const defaultTheme: ResolvedTheme = {
  logo: null,
  primary: '#8c59f8',
  secondary1: '#3e2dac',
  secondary2: '#3e2dac',
  darkBg: '#262731',
  headerBg: '#262731',
  headerPrimary: '#ffffff',
  headingFont: 'garage_gothic',
  bodyFont: 'roboto',
  secondaryButtonStyle: 'solid',
};

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

/** CSS font stacks per font key; garage_gothic is served as Oswald (docs/decisions/004-fonts.md). */
export const fontStacks: Record<FontKey, string> = {
  garage_gothic: "'Oswald', 'Arial Narrow', sans-serif",
  lato: "'Lato', Arial, sans-serif",
  open_sans: "'Open Sans', Arial, sans-serif",
  roboto: "'Roboto', Arial, sans-serif",
};

function rgb(hex: string): Rgb {
  const parsed = parseColour(hex);
  if (!parsed) throw new RangeError(`${hex} is not a colour`);
  return parsed;
}

/**
 * The custom properties set on :root. Every text colour is chosen by contrast against the
 * background it sits on, so operator colours never produce unreadable text.
 */
export function themeCssVariables(theme: ResolvedTheme): Record<string, string> {
  const primary = rgb(theme.primary);
  const secondary = rgb(theme.secondary1);
  const darkBg = rgb(theme.darkBg);
  const headerBg = rgb(theme.headerBg);
  const headerPrimary = rgb(theme.headerPrimary);
  const scale = tintScale(primary);
  const vars: Record<string, string> = {};
  for (const [step, value] of Object.entries(scale)) vars[`--colour-primary-${step}`] = value;
  const headerText =
    contrastRatio(headerPrimary, headerBg) >= minimumTextContrast ? headerPrimary : readableTextOn(headerBg);
  return {
    ...vars,
    '--colour-primary': theme.primary,
    '--colour-on-primary': toHex(readableTextOn(primary)),
    '--colour-on-primary-600': toHex(readableTextOn(shade(primary, 0.8))),
    // Primary as text (links) on the white page.
    '--colour-primary-text': toHex(ensureContrast(primary, white)),
    '--colour-secondary-1': theme.secondary1,
    '--colour-secondary-2': theme.secondary2,
    '--colour-on-secondary': toHex(readableTextOn(secondary)),
    '--colour-secondary-text': toHex(ensureContrast(secondary, white)),
    '--colour-dark-bg': theme.darkBg,
    '--colour-on-dark-bg': toHex(readableTextOn(darkBg)),
    '--colour-header-bg': theme.headerBg,
    '--colour-header-primary': toHex(headerText),
    '--font-heading': fontStacks[theme.headingFont],
    '--font-body': fontStacks[theme.bodyFont],
    '--secondary-button-style': theme.secondaryButtonStyle,
  };
}

/** Sets the theme on the document: custom properties on :root and the secondary button style class. */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables(theme))) root.style.setProperty(name, value);
  root.classList.toggle('secondary-outline', theme.secondaryButtonStyle === 'outline');
  root.classList.toggle('secondary-solid', theme.secondaryButtonStyle === 'solid');
}
