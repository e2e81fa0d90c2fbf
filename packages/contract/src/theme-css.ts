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
import type { FontKey, Theme } from './operator';

/**
 * The theme as CSS (shell-session-basket.md 3 and 5): the spec's defaults, the font stacks and the
 * custom properties set on :root. Pure functions shared by the web app (which applies them) and
 * the API server (which writes them into each sub-site's HTML, so the first paint has the
 * operator's colours before any script runs).
 */

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

/** Reads one setting of a theme by its wire key, from whichever shape the caller holds it in. */
export type ThemeSettingReader = <Key extends keyof Theme>(key: Key) => Theme[Key] | undefined;

/**
 * Fills the defaults from a theme read setting by setting; an invalid colour falls back to its
 * default. The API reads its wire object; the web app its camelCase copy of the same answer.
 */
export function resolveThemeBy(read: ThemeSettingReader): ResolvedTheme {
  return {
    logo: read('theme_app_logo') || null,
    primary: normaliseColour(read('theme_app_primary_colour'), defaultTheme.primary),
    secondary1: normaliseColour(read('theme_app_secondary_colour_1'), defaultTheme.secondary1),
    secondary2: normaliseColour(read('theme_app_secondary_colour_2'), defaultTheme.secondary2),
    darkBg: normaliseColour(read('theme_app_dark_bg_colour'), defaultTheme.darkBg),
    headerBg: normaliseColour(read('theme_app_header_bg_colour'), defaultTheme.headerBg),
    headerPrimary: normaliseColour(read('header_primary_colour'), defaultTheme.headerPrimary),
    headingFont: read('theme_app_heading_font_style') ?? defaultTheme.headingFont,
    bodyFont: read('theme_app_body_font_style') ?? defaultTheme.bodyFont,
    secondaryButtonStyle: read('theme_app_secondary_button_style') ?? defaultTheme.secondaryButtonStyle,
  };
}

/** Fills the defaults from a theme in wire keys. */
export function resolveWireTheme(settings: Theme): ResolvedTheme {
  return resolveThemeBy((key) => settings[key]);
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
