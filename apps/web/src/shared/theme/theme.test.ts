import { contrastRatio, parseColour, type Rgb } from '@leisure/contract/colours';
import { describe, expect, it } from 'vitest';
import { applyTheme, defaultTheme, resolveTheme, themeCssVariables } from './theme';

const rgb = (hex: string | undefined): Rgb => {
  const parsed = parseColour(hex ?? '');
  if (!parsed) throw new Error(`${hex} is not a colour`);
  return parsed;
};

describe('theme', () => {
  it("fills the spec's defaults when the server leaves values out", () => {
    expect(resolveTheme({})).toEqual(defaultTheme);
    expect(defaultTheme).toMatchObject({
      primary: '#8c59f8',
      secondary1: '#3e2dac',
      darkBg: '#262731',
      headerBg: '#262731',
      headingFont: 'garage_gothic',
      bodyFont: 'roboto',
      secondaryButtonStyle: 'solid',
    });
  });

  it('takes valid settings and replaces invalid colours by their defaults', () => {
    const theme = resolveTheme({
      themeAppPrimaryColour: '11 92 173',
      themeAppSecondaryColour1: 'oops',
      // A key with a digit: the camelCase copy of `theme_app_secondary_colour_2` is read.
      themeAppSecondaryColour2: '#336699',
      themeAppBodyFontStyle: 'lato',
      themeAppSecondaryButtonStyle: 'outline',
      themeAppLogo: 'https://cdn.example/logo.svg',
    });
    expect(theme.primary).toBe('#0b5cad');
    expect(theme.secondary1).toBe(defaultTheme.secondary1);
    expect(theme.secondary2).toBe('#336699');
    expect(theme.bodyFont).toBe('lato');
    expect(theme.secondaryButtonStyle).toBe('outline');
    expect(theme.logo).toBe('https://cdn.example/logo.svg');
  });

  it('sets the tint scale and readable text colours as custom properties', () => {
    const vars = themeCssVariables(resolveTheme({ themeAppPrimaryColour: '#0B5CAD' }));
    expect(vars['--colour-primary-500']).toBe('#0b5cad');
    expect(vars['--colour-primary-600']).toBe('#094a8a');
    expect(vars['--colour-on-primary']).toBe('#ffffff');
    expect(vars['--font-heading']).toContain('Oswald');
    const pairs: [string, string][] = [
      ['--colour-on-primary', '--colour-primary'],
      ['--colour-on-secondary', '--colour-secondary-1'],
      ['--colour-on-dark-bg', '--colour-dark-bg'],
      ['--colour-header-primary', '--colour-header-bg'],
    ];
    for (const [text, background] of pairs) {
      expect(contrastRatio(rgb(vars[text]), rgb(vars[background])), text).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(rgb(vars['--colour-primary-text']), rgb('#ffffff'))).toBeGreaterThanOrEqual(4.5);
  });

  it('replaces a header text colour that would not read on the header background', () => {
    const vars = themeCssVariables(
      resolveTheme({ themeAppHeaderBgColour: '#ffffff', headerPrimaryColour: '#eeeeee' }),
    );
    expect(vars['--colour-header-primary']).toBe('#000000');
  });

  it('applies the properties and the secondary button style to the root element', () => {
    const root = document.createElement('html');
    applyTheme(resolveTheme({ themeAppSecondaryButtonStyle: 'outline' }), root);
    expect(root.style.getPropertyValue('--colour-primary-500')).toBe('#8c59f8');
    expect(root.classList.contains('secondary-outline')).toBe(true);
    applyTheme(resolveTheme({}), root);
    expect(root.classList.contains('secondary-outline')).toBe(false);
    expect(root.classList.contains('secondary-solid')).toBe(true);
  });
});
