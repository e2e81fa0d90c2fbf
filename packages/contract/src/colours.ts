/**
 * Colour rules of the theme (shell-session-basket.md 5): parsing and validation, the tint scale
 * and the contrast choices that keep text readable on operator colours (WCAG 2.1 AA).
 * Pure functions: no DOM, no React.
 */

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const hexPattern = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;
const triplePattern = /^(\d{1,3}) (\d{1,3}) (\d{1,3})$/;

/** A 3- or 6-digit hex (with or without '#') or an 'R G B' triple with each value 0 to 255. */
export function parseColour(value: string | null | undefined): Rgb | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const hex = hexPattern.exec(text)?.[1];
  if (hex) {
    const full =
      hex.length === 3
        ? hex
            .split('')
            .map((digit) => digit + digit)
            .join('')
        : hex;
    return {
      r: Number.parseInt(full.slice(0, 2), 16),
      g: Number.parseInt(full.slice(2, 4), 16),
      b: Number.parseInt(full.slice(4, 6), 16),
    };
  }
  const triple = triplePattern.exec(text);
  if (!triple) return null;
  const [r, g, b] = triple.slice(1).map(Number) as [number, number, number];
  if (r > 255 || g > 255 || b > 255) return null;
  return { r, g, b };
}

export function isValidColour(value: string | null | undefined): boolean {
  return parseColour(value) !== null;
}

function channelHex(channel: number): string {
  return Math.round(Math.min(255, Math.max(0, channel)))
    .toString(16)
    .padStart(2, '0');
}

/** Lower-case '#rrggbb'. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${channelHex(r)}${channelHex(g)}${channelHex(b)}`;
}

/** The colour as '#rrggbb', or the fallback when it is not a valid colour. */
export function normaliseColour(value: string | null | undefined, fallback: string): string {
  const parsed = parseColour(value) ?? parseColour(fallback);
  if (!parsed) throw new RangeError(`Neither ${String(value)} nor the fallback ${fallback} is a colour`);
  return toHex(parsed);
}

function assertFactor(factor: number): void {
  if (!(factor >= 0 && factor <= 1)) throw new RangeError(`A tint factor is 0 to 1, not ${factor}`);
}

/** `factor` of the colour over white: 1 is the colour itself, 0 is white. */
export function tint(colour: Rgb, factor: number): Rgb {
  assertFactor(factor);
  const mix = (channel: number) => 255 - (255 - channel) * factor;
  return { r: mix(colour.r), g: mix(colour.g), b: mix(colour.b) };
}

/** The colour darkened to `factor` of its brightness: 1 is the colour itself, 0 is black. */
export function shade(colour: Rgb, factor: number): Rgb {
  assertFactor(factor);
  return { r: colour.r * factor, g: colour.g * factor, b: colour.b * factor };
}

/** Shades 500 to 50 are 100, 80, 40, 20, 10 and 5 percent tints; 600 is darkened to 80 percent. */
export const tintSteps = [
  [50, 0.05],
  [100, 0.1],
  [200, 0.2],
  [300, 0.4],
  [400, 0.8],
  [500, 1],
] as const;

export type Shade = (typeof tintSteps)[number][0] | 600;

export function tintScale(colour: Rgb): Record<Shade, string> {
  const scale = Object.fromEntries(tintSteps.map(([step, factor]) => [step, toHex(tint(colour, factor))]));
  return { ...scale, 600: toHex(shade(colour, 0.8)) } as Record<Shade, string>;
}

/** WCAG 2.1 relative luminance. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => {
    const c = Math.round(channel) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

export const black: Rgb = { r: 0, g: 0, b: 0 };
export const white: Rgb = { r: 255, g: 255, b: 255 };

/** Normal-size text at level AA. */
export const minimumTextContrast = 4.5;

/** Black or white, whichever reads better on the background. */
export function readableTextOn(background: Rgb): Rgb {
  return contrastRatio(white, background) >= contrastRatio(black, background) ? white : black;
}

/**
 * The colour itself when it reads on the background at `ratio`; otherwise the colour darkened
 * (on light backgrounds) or lightened (on dark ones) step by step until it does, so links and
 * outline buttons keep the operator's hue where they can.
 */
export function ensureContrast(colour: Rgb, background: Rgb, ratio = minimumTextContrast): Rgb {
  if (contrastRatio(colour, background) >= ratio) return colour;
  const towardsBlack = readableTextOn(background) === black;
  for (let step = 0.95; step > 0; step -= 0.05) {
    const candidate = towardsBlack ? shade(colour, step) : tint(colour, step);
    if (contrastRatio(candidate, background) >= ratio) return candidate;
  }
  return readableTextOn(background);
}
