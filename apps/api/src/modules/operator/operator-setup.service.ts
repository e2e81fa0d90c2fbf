import type {
  AdminTerm,
  AdminTheme,
  CreateTermRequest,
  OperatorSettings,
  SaveThemeDraftRequest,
  UpdateOperatorSettingsRequest,
  UpdateTermRequest,
  ThemeSettings as WireThemeSettings,
} from '@leisure/contract/admin/operator';
import type { Theme } from '@leisure/contract/operator';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import {
  type ClientRow,
  insertTerm,
  type TermRow,
  type TermsContext,
  type ThemeRow,
} from './operator.repository';
import {
  bumpSettingsVersion,
  findTermOfClient,
  insertThemeRow,
  listTermsPage,
  lockClient,
  lockThemeRow,
  lockVenueOfClient,
  updateClientRow,
  updateTermRow,
  updateThemeRow,
  updateVenueFooterRow,
} from './operator-setup.repository';
import type { StaffChange } from './staff-change';
import {
  mergeTheme,
  type ThemeSettings,
  themeFromWire,
  themeSettingsOf,
  themeToWire,
  validateThemeSettings,
} from './theme.service';

/**
 * The console's Operator area (issue 47): the operator's settings and gates, footers, the theme's
 * draft and publish, and the terms. Every change is checked against the staff user's scope, made in
 * one transaction with its audit entry, and moves the operator's settings version, so every replica's
 * operator caches are emptied before its next page (operator.service.ts `syncOperatorReads`).
 */

/** Who changes, and how their change is audited: the one description of staff-change.ts. */
export type SetupActor = StaffChange;

/** Whether anyone accepted these terms; the auth module answers it (app.ts). */
export type TermsAcceptedPort = (db: Database, termId: number) => Promise<boolean>;

function requireOperatorWide(actor: SetupActor): void {
  actor.requireOperatorWide();
}

function requireVenue(actor: SetupActor, venueId: number): void {
  actor.requireVenue(venueId);
}

// ---- Settings ---------------------------------------------------------------------------------------

export function presentSettings(client: ClientRow): OperatorSettings {
  return {
    id: client.id,
    name: client.name,
    app_name: client.appName,
    support_email: client.supportEmail,
    online_joining_enabled: client.onlineJoiningEnabled,
    online_joining_map_enabled: client.onlineJoiningMapEnabled,
    online_guest_passes_enabled: client.onlineGuestPassesEnabled,
    credits_enabled: client.creditsEnabled,
    activities_v2_enabled: client.activitiesV2Enabled,
    display_venue_selection_button: client.displayVenueSelectionButton,
    profile_photos_enabled: client.profilePhotosEnabled,
    eligibility_days_allowance: client.eligibilityDaysAllowance,
    kiosk_home_url: client.kioskHomeUrl,
    footer_html: client.footerHtml,
  };
}

export async function readOperatorSettings(db: Database, clientId: number): Promise<OperatorSettings> {
  const fresh = await lockClient(db, clientId, false);
  if (!fresh) throw AppError.notFound();
  return presentSettings(fresh);
}

/** `PATCH api/admin/operator`: the keys given change; the operator's footer is kept as given (sanitised where shown). */
export async function updateOperatorSettings(
  db: Database,
  clientId: number,
  actor: SetupActor,
  patch: UpdateOperatorSettingsRequest,
): Promise<OperatorSettings> {
  requireOperatorWide(actor);
  return db.transaction(async (tx) => {
    const before = await lockClient(tx, clientId);
    if (!before) throw AppError.notFound();
    const values: Parameters<typeof updateClientRow>[2] = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.app_name !== undefined) values.appName = patch.app_name;
    if (patch.support_email !== undefined) values.supportEmail = patch.support_email;
    if (patch.online_joining_enabled !== undefined)
      values.onlineJoiningEnabled = patch.online_joining_enabled;
    if (patch.online_joining_map_enabled !== undefined) {
      values.onlineJoiningMapEnabled = patch.online_joining_map_enabled;
    }
    if (patch.online_guest_passes_enabled !== undefined) {
      values.onlineGuestPassesEnabled = patch.online_guest_passes_enabled;
    }
    if (patch.credits_enabled !== undefined) values.creditsEnabled = patch.credits_enabled;
    if (patch.activities_v2_enabled !== undefined) values.activitiesV2Enabled = patch.activities_v2_enabled;
    if (patch.display_venue_selection_button !== undefined) {
      values.displayVenueSelectionButton = patch.display_venue_selection_button;
    }
    if (patch.profile_photos_enabled !== undefined)
      values.profilePhotosEnabled = patch.profile_photos_enabled;
    if (patch.eligibility_days_allowance !== undefined) {
      values.eligibilityDaysAllowance = patch.eligibility_days_allowance;
    }
    if (patch.kiosk_home_url !== undefined) values.kioskHomeUrl = patch.kiosk_home_url;
    if (patch.footer_html !== undefined) values.footerHtml = patch.footer_html;
    if (Object.keys(values).length === 0) return presentSettings(before);
    const after = await updateClientRow(tx, clientId, values);
    await bumpSettingsVersion(tx, clientId);
    await actor.audit(tx, {
      action: 'operator.update',
      entityType: 'operator',
      entityId: clientId,
      before: presentSettings(before),
      after: presentSettings(after),
    });
    return presentSettings(after);
  });
}

// ---- Footers ------------------------------------------------------------------------------------------

export async function readVenueFooter(
  db: Database,
  clientId: number,
  venueId: number,
): Promise<{ venue_id: number; footer_html: string }> {
  const venue = await lockVenueOfClient(db, clientId, venueId, false);
  if (!venue) throw AppError.notFound();
  return { venue_id: venue.id, footer_html: venue.footerHtml };
}

/** `PUT api/admin/venues/:id/footer`: a venue manager of that venue, or an administrator. */
export async function updateVenueFooter(
  db: Database,
  clientId: number,
  actor: SetupActor,
  venueId: number,
  footerHtml: string,
): Promise<{ venue_id: number; footer_html: string }> {
  return db.transaction(async (tx) => {
    const before = await lockVenueOfClient(tx, clientId, venueId);
    if (!before) throw AppError.notFound();
    requireVenue(actor, venueId);
    const after = await updateVenueFooterRow(tx, venueId, footerHtml);
    await bumpSettingsVersion(tx, clientId);
    await actor.audit(tx, {
      action: 'venue-footer.update',
      entityType: 'venue',
      entityId: venueId,
      venueId,
      before: { footer_html: before.footerHtml },
      after: { footer_html: after.footerHtml },
    });
    return { venue_id: venueId, footer_html: after.footerHtml };
  });
}

// ---- Theme: draft and publish ---------------------------------------------------------------------------

function presentTheme(venueId: number | null, row: ThemeRow | undefined): AdminTheme {
  const published = themeToWire(themeSettingsOf(row) ?? {});
  const draft = row?.draft ? themeToWire(row.draft as ThemeSettings) : null;
  return { id: row?.id ?? null, venue_id: venueId, published, draft };
}

/** Checks the scope and the venue for a theme change: the operator's needs no venue scope. */
async function themeTarget(tx: Database, clientId: number, actor: SetupActor, venueId: number | null) {
  if (venueId === null) {
    requireOperatorWide(actor);
    return;
  }
  const venue = await lockVenueOfClient(tx, clientId, venueId);
  if (!venue) throw AppError.notFound();
  requireVenue(actor, venueId);
}

export async function readAdminTheme(
  db: Database,
  clientId: number,
  venueId: number | null,
): Promise<AdminTheme> {
  if (venueId !== null && !(await lockVenueOfClient(db, clientId, venueId, false))) throw AppError.notFound();
  return presentTheme(venueId, await lockThemeRow(db, clientId, venueId, false));
}

/** Saves the draft of the operator's theme (venueId null) or of a venue's override; nothing goes live. */
export async function saveThemeDraft(
  db: Database,
  clientId: number,
  actor: SetupActor,
  venueId: number | null,
  draft: SaveThemeDraftRequest,
): Promise<AdminTheme> {
  const settings = themeFromWire(draft);
  validateThemeSettings(settings);
  return db.transaction(async (tx) => {
    await themeTarget(tx, clientId, actor, venueId);
    const before = await lockThemeRow(tx, clientId, venueId);
    const stored = settings as Record<string, string | null>;
    const after = before
      ? await updateThemeRow(tx, before.id, { draft: stored })
      : await insertThemeRow(tx, { clientId, venueId, draft: stored });
    await actor.audit(tx, {
      action: 'theme.save-draft',
      entityType: 'theme',
      entityId: after.id,
      venueId,
      before: before?.draft ?? null,
      after: stored,
    });
    return presentTheme(venueId, after);
  });
}

/** Makes the draft the live theme (customers see it on their next page load, on every replica). */
export async function publishTheme(
  db: Database,
  clientId: number,
  actor: SetupActor,
  venueId: number | null,
): Promise<AdminTheme> {
  return db.transaction(async (tx) => {
    await themeTarget(tx, clientId, actor, venueId);
    const before = await lockThemeRow(tx, clientId, venueId);
    if (!before?.draft) throw AppError.validation({ draft: ['There is no draft to publish.'] });
    const draft = before.draft as ThemeSettings;
    validateThemeSettings(draft);
    const after = await updateThemeRow(tx, before.id, { ...fullSettings(draft), draft: null });
    await bumpSettingsVersion(tx, clientId);
    await actor.audit(tx, {
      action: 'theme.publish',
      entityType: 'theme',
      entityId: after.id,
      venueId,
      before: presentTheme(venueId, before).published,
      after: presentTheme(venueId, after).published,
    });
    return presentTheme(venueId, after);
  });
}

/** Every theme key, absent ones null: a published draft replaces the whole theme. */
function fullSettings(settings: ThemeSettings): Required<ThemeSettings> {
  return { ...themeFromWire(themeToWire({})), ...settings } as Required<ThemeSettings>;
}

/** Drops a pending draft. */
export async function discardThemeDraft(
  db: Database,
  clientId: number,
  actor: SetupActor,
  venueId: number | null,
): Promise<AdminTheme> {
  return db.transaction(async (tx) => {
    await themeTarget(tx, clientId, actor, venueId);
    const before = await lockThemeRow(tx, clientId, venueId);
    if (!before?.draft) return presentTheme(venueId, before);
    const after = await updateThemeRow(tx, before.id, { draft: null });
    await actor.audit(tx, {
      action: 'theme.discard-draft',
      entityType: 'theme',
      entityId: after.id,
      venueId,
      before: before.draft,
      after: null,
    });
    return presentTheme(venueId, after);
  });
}

/**
 * The theme customers would see with the drafts published (the venue's draft or live values over the
 * operator's draft or live ones), in the wire keys of `GET api/frontend/theme`: the console's preview.
 */
export async function previewTheme(db: Database, clientId: number, venueId: number | null): Promise<Theme> {
  if (venueId !== null && !(await lockVenueOfClient(db, clientId, venueId, false))) throw AppError.notFound();
  const operator = await lockThemeRow(db, clientId, null, false);
  const venue = venueId === null ? undefined : await lockThemeRow(db, clientId, venueId, false);
  const effective = (row: ThemeRow | undefined) =>
    row?.draft ? (row.draft as ThemeSettings) : themeSettingsOf(row);
  return mergeTheme(effective(operator), effective(venue));
}

// ---- Terms --------------------------------------------------------------------------------------------

function presentTerm(row: TermRow): AdminTerm {
  return {
    id: row.id,
    context: row.context as AdminTerm['context'],
    title: row.title,
    html: row.html,
    position: row.position,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listAdminTerms(
  db: Database,
  clientId: number,
  query: { q?: string | undefined; context?: TermsContext | undefined; page: number; per_page: number },
): Promise<{ data: AdminTerm[]; meta: { page: number; per_page: number; total: number } }> {
  const { rows, total } = await listTermsPage(db, clientId, {
    q: query.q || undefined,
    context: query.context,
    page: query.page,
    perPage: query.per_page,
  });
  return { data: rows.map(presentTerm), meta: { page: query.page, per_page: query.per_page, total } };
}

export async function readAdminTerm(db: Database, clientId: number, termId: number): Promise<AdminTerm> {
  const row = await findTermOfClient(db, clientId, termId);
  if (!row) throw AppError.notFound();
  return presentTerm(row);
}

export async function addTerms(
  db: Database,
  clientId: number,
  actor: SetupActor,
  input: CreateTermRequest,
): Promise<AdminTerm> {
  requireOperatorWide(actor);
  return db.transaction(async (tx) => {
    const row = await insertTerm(tx, {
      clientId,
      context: input.context,
      title: input.title,
      html: input.html,
      position: input.position ?? 0,
    });
    await bumpSettingsVersion(tx, clientId);
    await actor.audit(tx, {
      action: 'terms.create',
      entityType: 'terms',
      entityId: row.id,
      after: presentTerm(row),
    });
    return presentTerm(row);
  });
}

/**
 * Changes terms. A new title or text of terms someone accepted is a new version: the old row is
 * deactivated (the acceptances keep naming what was accepted) and a new one takes its place.
 */
export async function changeTerms(
  db: Database,
  clientId: number,
  actor: SetupActor,
  termId: number,
  patch: UpdateTermRequest,
  wereAccepted: TermsAcceptedPort,
): Promise<AdminTerm> {
  requireOperatorWide(actor);
  return db.transaction(async (tx) => {
    const before = await findTermOfClient(tx, clientId, termId, { lock: true });
    if (!before) throw AppError.notFound();
    const textChanged =
      (patch.title !== undefined && patch.title !== before.title) ||
      (patch.html !== undefined && patch.html !== before.html);
    let after: TermRow;
    if (textChanged && (await wereAccepted(tx, termId))) {
      await updateTermRow(tx, termId, { active: false });
      after = await insertTerm(tx, {
        clientId,
        context: before.context,
        title: patch.title ?? before.title,
        html: patch.html ?? before.html,
        position: patch.position ?? before.position,
        active: patch.active ?? before.active,
      });
      await actor.audit(tx, {
        action: 'terms.new-version',
        entityType: 'terms',
        entityId: after.id,
        before: presentTerm(before),
        after: presentTerm(after),
      });
    } else {
      const values: Parameters<typeof updateTermRow>[2] = {};
      if (patch.title !== undefined) values.title = patch.title;
      if (patch.html !== undefined) values.html = patch.html;
      if (patch.position !== undefined) values.position = patch.position;
      if (patch.active !== undefined) values.active = patch.active;
      if (Object.keys(values).length === 0) return presentTerm(before);
      after = await updateTermRow(tx, termId, values);
      await actor.audit(tx, {
        action: patch.active === false && before.active ? 'terms.deactivate' : 'terms.update',
        entityType: 'terms',
        entityId: termId,
        before: presentTerm(before),
        after: presentTerm(after),
      });
    }
    await bumpSettingsVersion(tx, clientId);
    return presentTerm(after);
  });
}

export type { WireThemeSettings };
