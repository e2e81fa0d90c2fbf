import { createHash } from 'node:crypto';
import type { ThemeSettings as WireThemeSettings } from '@leisure/contract/admin/operator';
import { type FontKey, fontKeys, type Theme, zThemeResponse } from '@leisure/contract/operator';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, type FieldErrors } from '../../errors';
import type { Brand } from '../mail/templates';
import { findThemeRows, findVenueBySlugOrId, type ThemeRow, upsertThemeRow } from './operator.repository';
import { getCurrentClient, syncOperatorReads } from './operator.service';
import { perSettingsKept, ReadCache } from './read-cache';

export type SecondaryButtonStyle = 'solid' | 'outline';

/** A theme as the operator configures it; null or absent means "not set" (the client's default). */
export interface ThemeSettings {
  appLogo?: string | null;
  primaryColour?: string | null;
  secondaryColour1?: string | null;
  secondaryColour2?: string | null;
  darkBgColour?: string | null;
  headerBgColour?: string | null;
  headerPrimaryColour?: string | null;
  headingFontStyle?: FontKey | null;
  bodyFontStyle?: FontKey | null;
  secondaryButtonStyle?: SecondaryButtonStyle | null;
}

type ThemeKey = keyof ThemeSettings;

/** Stored setting -> wire key of `GET api/frontend/theme`. */
const wireKeys = {
  appLogo: 'theme_app_logo',
  primaryColour: 'theme_app_primary_colour',
  secondaryColour1: 'theme_app_secondary_colour_1',
  secondaryColour2: 'theme_app_secondary_colour_2',
  darkBgColour: 'theme_app_dark_bg_colour',
  headerBgColour: 'theme_app_header_bg_colour',
  headerPrimaryColour: 'header_primary_colour',
  headingFontStyle: 'theme_app_heading_font_style',
  bodyFontStyle: 'theme_app_body_font_style',
  secondaryButtonStyle: 'theme_app_secondary_button_style',
} as const satisfies Record<ThemeKey, keyof Theme>;

const themeKeys = Object.keys(wireKeys) as ThemeKey[];
const colourKeys = [
  'primaryColour',
  'secondaryColour1',
  'secondaryColour2',
  'darkBgColour',
  'headerBgColour',
  'headerPrimaryColour',
] as const satisfies readonly ThemeKey[];

/** The spec's colour rule (shell-session-basket.md 5): 3- or 6-digit hex, or 'R G B' with 0..255 each. */
function isValidColour(value: string): boolean {
  if (/^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return true;
  const rgb = /^(\d{1,3}) (\d{1,3}) (\d{1,3})$/.exec(value);
  return rgb?.slice(1).every((part) => Number(part) <= 255) ?? false;
}

export function validateThemeSettings(settings: ThemeSettings): void {
  const errors: FieldErrors = {};
  for (const key of colourKeys) {
    const value = settings[key];
    if (value != null && !isValidColour(value)) {
      errors[wireKeys[key]] = ['Must be a 3- or 6-digit hex colour or an "R G B" triple.'];
    }
  }
  for (const key of ['headingFontStyle', 'bodyFontStyle'] as const) {
    const value = settings[key];
    if (value != null && !fontKeys.includes(value)) {
      errors[wireKeys[key]] = [`Must be one of ${fontKeys.join(', ')}.`];
    }
  }
  const button = settings.secondaryButtonStyle;
  if (button != null && button !== 'solid' && button !== 'outline') {
    errors[wireKeys.secondaryButtonStyle] = ['Must be solid or outline.'];
  }
  if (Object.keys(errors).length > 0) throw AppError.validation(errors);
}

/**
 * Saves the operator's theme (`venueId` null) or one venue's override; only the keys given are
 * written, and null clears a venue's override of that key.
 */
export async function saveTheme(
  db: Database,
  clientId: number,
  venueId: number | null,
  settings: ThemeSettings,
): Promise<ThemeRow> {
  validateThemeSettings(settings);
  return upsertThemeRow(db, { clientId, venueId, ...settings });
}

/** The venue's non-null values over the operator's, with unset values dropped, in wire keys. */
export function mergeTheme(operator: ThemeSettings | undefined, venue: ThemeSettings | undefined): Theme {
  const theme: Record<string, string> = {};
  for (const key of themeKeys) {
    const value = venue?.[key] ?? operator?.[key];
    if (value != null) theme[wireKeys[key]] = value;
  }
  return theme as Theme;
}

/** The theme for a venue (by slug) or, without one, the operator's; 404 for an unknown venue. */
async function resolveTheme(db: Database, config: Config, venueSlug: string | undefined): Promise<Theme> {
  return themeOfClient(db, await getCurrentClient(db, config), venueSlug);
}

/** The theme of a client already read (its venue's, merged over the operator's, when a venue is named). */
async function themeOfClient(
  db: Database,
  client: { id: number },
  venueSlug: string | undefined,
): Promise<Theme> {
  let venueId: number | undefined;
  if (venueSlug !== undefined) {
    const venue = await findVenueBySlugOrId(db, client.id, venueSlug);
    if (!venue) throw AppError.notFound();
    venueId = venue.id;
  }
  const rows = await findThemeRows(db, client.id, venueId);
  return mergeTheme(themeSettingsOf(rows.operator), themeSettingsOf(rows.venue));
}

export function themeSettingsOf(row: ThemeRow | undefined): ThemeSettings | undefined {
  if (!row) return undefined;
  const { id: _id, clientId: _clientId, venueId: _venueId, draft: _draft, ...settings } = row;
  return settings as ThemeSettings;
}

/** Every setting in wire keys, unset ones null (the console's view of one theme row). */
export function themeToWire(settings: ThemeSettings): WireThemeSettings {
  const wire: Record<string, string | null> = {};
  for (const key of themeKeys) wire[wireKeys[key]] = settings[key] ?? null;
  return wire as WireThemeSettings;
}

/** Wire keys (the console's) to stored settings; keys not given are left out. */
export function themeFromWire(
  wire: Partial<Record<(typeof wireKeys)[ThemeKey], string | null>>,
): ThemeSettings {
  const settings: Record<string, string | null> = {};
  for (const key of themeKeys) {
    const value = wire[wireKeys[key]];
    if (value !== undefined) settings[key] = value;
  }
  return settings as ThemeSettings;
}

/** A theme answer ready to send: validated once, serialised once, with its entity tag. */
export interface ThemeAnswer {
  data: Theme;
  body: string;
  etag: string;
}

const themeCacheTtlMs = 30_000;

export interface ThemeReader {
  readTheme(venueSlug: string | undefined): Promise<ThemeAnswer>;
  /** Forget cached answers (after an operator changes the theme in this process). */
  clear(): void;
}

/**
 * `GET api/frontend/theme` is on the hot path of every page load: answers are kept for a short
 * time per venue, already validated against the contract and serialised, so a cached request
 * does no database work, no validation and no JSON encoding (docs/decisions/003-theme-cache.md).
 */
export function createThemeReader(
  db: Database,
  config: Config,
  options: { ttlMs?: number; now?: () => number } = {},
): ThemeReader {
  const cache = new ReadCache<ThemeAnswer>({
    ttlMs: options.ttlMs ?? themeCacheTtlMs,
    maxEntries: 1000,
    ...(options.now ? { now: options.now } : {}),
  });
  const load = async (venueSlug: string | undefined): Promise<ThemeAnswer> => {
    const { data } = zThemeResponse.parse({ data: await resolveTheme(db, config, venueSlug) });
    const body = JSON.stringify({ data });
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    return { data, body, etag };
  };
  let version: number | undefined;
  return {
    // The operator's settings version (one indexed read) keys the answers: a theme published on any
    // replica is seen by this one on the next call (issue 47).
    readTheme: async (venueSlug) => {
      const current = await syncOperatorReads(db, config);
      if (current !== version) {
        cache.clear();
        version = current;
      }
      return cache.get(venueSlug ?? '', () => load(venueSlug));
    },
    clear: () => cache.clear(),
  };
}

/** True when an If-None-Match header names this entity tag (weak or strong, or `*`). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

const keptBrand = perSettingsKept<Brand>(1);

/** The operator's name, brand colour and support address, for emails (kept as the operator's row is). */
export async function getBrand(db: Database, config: Config): Promise<Brand> {
  const load = async (): Promise<Brand> => {
    const client = await getCurrentClient(db, config);
    const theme = await themeOfClient(db, client, undefined);
    return {
      appName: client.appName,
      primaryColour: theme.theme_app_primary_colour ?? '#8C59F8',
      supportEmail: client.supportEmail,
    };
  };
  return keptBrand(config, '', load);
}
