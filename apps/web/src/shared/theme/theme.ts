import type { Theme } from '@leisure/contract/operator';
import {
  defaultTheme,
  type ResolvedTheme,
  resolveThemeBy,
  type SecondaryButtonStyle,
  themeCssVariables,
} from '@leisure/contract/theme-css';
import type { Camel } from '../api/camel';
import { toCamelKey } from '../api/keys';

export type { ResolvedTheme, SecondaryButtonStyle };
export { defaultTheme, themeCssVariables };

/** The theme as the API answers it, camelCase; unset values are absent. */
export type ThemeSettings = Camel<Theme>;

/** Fills the defaults; an invalid colour falls back to its default (the contract's one rule). */
export function resolveTheme(settings: ThemeSettings): ResolvedTheme {
  const camel = settings as Record<string, unknown>;
  return resolveThemeBy((key) => camel[toCamelKey(key)] as Theme[typeof key] | undefined);
}

/** Sets the theme on the document: custom properties on :root and the secondary button style class. */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  for (const [name, value] of Object.entries(themeCssVariables(theme))) root.style.setProperty(name, value);
  root.classList.toggle('secondary-outline', theme.secondaryButtonStyle === 'outline');
  root.classList.toggle('secondary-solid', theme.secondaryButtonStyle === 'solid');
}
