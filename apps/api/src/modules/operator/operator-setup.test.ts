import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { auditEvents, termsAcceptances, terms as termsTable } from '../../db/schema';
import { createUser } from '../../test/factories/basket-fixtures';
import { startTestApp, type TestApp } from '../../test/harness';
import { createClient, createTerm, createVenue } from './operator.service';

const settings = { OPERATOR_CACHE_MS: '30000' };

describe('the console Operator area', () => {
  let t: TestApp;
  /** A second app (another replica) on the same database, with its own caches. */
  let replica: Awaited<ReturnType<typeof buildApp>>;
  let admin: Record<string, string>;
  let manager: Record<string, string>;
  let frontDesk: Record<string, string>;
  let customer: Record<string, string>;
  let venueId: number;
  let otherVenueId: number;
  let clientId: number;

  beforeAll(async () => {
    t = await startTestApp(settings);
    const client = await createClient(t.db, {
      slug: 'console-op',
      name: 'Console Operator',
      appName: 'Console Leisure',
      supportEmail: 'help@console.example',
      footerHtml: '<p>Operator footer</p>',
    });
    if (!client) throw new Error('no client');
    clientId = client.id;
    const place = { address1: '1 Street', town: 'Leeds', postcode: 'LS1 1AA', lat: 53.8, lng: -1.5 };
    venueId = (await createVenue(t.db, client.id, { slug: 'east', name: 'East', ...place })).id;
    otherVenueId = (await createVenue(t.db, client.id, { slug: 'west', name: 'West', ...place })).id;
    admin = (await createUser(t.db, client.id, { staff: true })).headers;
    manager = (await createUser(t.db, client.id, { staff: 'venue-manager', venueIds: [venueId] })).headers;
    frontDesk = (await createUser(t.db, client.id, { staff: 'front-desk' })).headers;
    customer = (await createUser(t.db, client.id)).headers;
    replica = await buildApp({ config: testConfig(settings), database: t.database });
    await replica.ready();
  });
  afterAll(async () => {
    await replica.close();
    await t.close();
  });

  const call = (
    method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers = admin,
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  describe('settings', () => {
    it('answers the settings to an administrator and refuses others', async () => {
      const res = await call('GET', '/api/admin/operator');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: 'Console Operator',
        footer_html: '<p>Operator footer</p>',
      });
      expect((await call('GET', '/api/admin/operator', frontDesk)).statusCode).toBe(403);
      expect((await call('GET', '/api/admin/operator', customer)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/operator' })).statusCode).toBe(401);
    });

    it('changes the gates, audits before and after, and every replica shows it on its next load', async () => {
      // Both replicas keep the operator's row first.
      expect((await replica.inject({ method: 'GET', url: '/api/client' })).json().data.credits_enabled).toBe(
        true,
      );
      const res = await call('PATCH', '/api/admin/operator', admin, {
        credits_enabled: false,
        app_name: 'New Leisure',
        eligibility_days_allowance: 30,
        footer_html: '<p>New footer</p>',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ credits_enabled: false, app_name: 'New Leisure' });
      const seen = (await replica.inject({ method: 'GET', url: '/api/client' })).json().data;
      expect(seen).toMatchObject({
        credits_enabled: false,
        app_name: 'New Leisure',
        eligibility_days_allowance: 30,
      });
      const footer = await replica.inject({ method: 'GET', url: '/api/activities/footer' });
      expect(footer.json().data).toBe('<p>New footer</p>');
      const [entry] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'operator.update'));
      expect(entry?.before).toMatchObject({ credits_enabled: true, app_name: 'Console Leisure' });
      expect(entry?.after).toMatchObject({ credits_enabled: false, app_name: 'New Leisure' });
    });

    it('refuses bad values with 422 at their fields and changes nothing', async () => {
      const res = await call('PATCH', '/api/admin/operator', admin, {
        support_email: 'nope',
        eligibility_days_allowance: 1e12,
        kiosk_home_url: 'javascript:alert(1)',
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual(
        ['eligibility_days_allowance', 'kiosk_home_url', 'support_email'].sort(),
      );
      const control = await call('PATCH', '/api/admin/operator', admin, { name: 'a\u0000b' });
      expect(control.statusCode).toBe(422);
      expect((await call('GET', '/api/admin/operator')).json().data.support_email).toBe(
        'help@console.example',
      );
      expect((await call('PATCH', '/api/admin/operator', admin, { unknown: 1 })).statusCode).toBe(422);
    });

    it('refuses a venue manager an operator-wide change', async () => {
      const res = await call('PATCH', '/api/admin/operator', manager, { credits_enabled: true });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('venue footers', () => {
    it("lets a venue's manager change its footer, not another's", async () => {
      const res = await call('PUT', `/api/admin/venues/${venueId}/footer`, manager, {
        footer_html: '<p>East</p>',
      });
      expect(res.statusCode).toBe(200);
      const seen = await replica.inject({ method: 'GET', url: '/api/activities/footer?venue=east' });
      expect(seen.json().data).toBe('<p>East</p>');
      const other = await call('PUT', `/api/admin/venues/${otherVenueId}/footer`, manager, {
        footer_html: 'x',
      });
      expect(other.statusCode).toBe(403);
      expect(
        (await call('PUT', '/api/admin/venues/99999/footer', admin, { footer_html: 'x' })).statusCode,
      ).toBe(404);
      expect((await call('GET', '/api/admin/venues/abc/footer', admin)).statusCode).toBe(422);
    });
  });

  describe('theme: draft, preview, publish', () => {
    it('keeps a draft from customers until it is published, then every replica serves it', async () => {
      const before = await replica.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(before.json().data.theme_app_primary_colour).toBeUndefined();
      const draft = await call('PUT', '/api/admin/operator/theme/draft', admin, {
        theme_app_primary_colour: '#112233',
        theme_app_heading_font_style: 'lato',
        theme_app_secondary_button_style: 'outline',
      });
      expect(draft.statusCode).toBe(200);
      expect(draft.json().data.draft).toMatchObject({ theme_app_primary_colour: '#112233' });
      const preview = await call('GET', '/api/admin/operator/theme/preview');
      expect(preview.json().data).toMatchObject({ theme_app_primary_colour: '#112233' });
      const still = await replica.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(still.json().data.theme_app_primary_colour).toBeUndefined();
      const published = await call('POST', '/api/admin/operator/theme/publish');
      expect(published.statusCode).toBe(200);
      expect(published.json().data).toMatchObject({
        draft: null,
        published: { theme_app_primary_colour: '#112233' },
      });
      const after = await replica.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(after.json().data).toMatchObject({
        theme_app_primary_colour: '#112233',
        theme_app_heading_font_style: 'lato',
      });
    });

    it('refuses bad colours and fonts at their fields', async () => {
      const res = await call('PUT', '/api/admin/operator/theme/draft', admin, {
        theme_app_primary_colour: '#12345',
        theme_app_body_font_style: 'comic_sans',
      });
      expect(res.statusCode).toBe(422);
      expect(Object.keys(res.json().errors).sort()).toEqual([
        'theme_app_body_font_style',
        'theme_app_primary_colour',
      ]);
      expect((await call('POST', '/api/admin/operator/theme/publish')).statusCode).toBe(422);
    });

    it("lets a venue's manager override its theme (null inherits), not the operator's", async () => {
      expect((await call('PUT', '/api/admin/operator/theme/draft', manager, {})).statusCode).toBe(403);
      const saved = await call('PUT', `/api/admin/venues/${venueId}/theme/draft`, manager, {
        header_primary_colour: '255 0 0',
      });
      expect(saved.statusCode).toBe(200);
      expect(
        (await call('PUT', `/api/admin/venues/${otherVenueId}/theme/draft`, manager, {})).statusCode,
      ).toBe(403);
      expect((await call('POST', `/api/admin/venues/${venueId}/theme/publish`, manager)).statusCode).toBe(
        200,
      );
      const venueTheme = await replica.inject({ method: 'GET', url: '/api/frontend/theme?venue=east' });
      expect(venueTheme.json().data).toMatchObject({
        header_primary_colour: '255 0 0',
        theme_app_primary_colour: '#112233',
      });
    });
  });

  describe('terms', () => {
    it('lists, creates, edits, versions and deactivates terms; customers see the change at once', async () => {
      const created = await call('POST', '/api/admin/terms', admin, {
        context: 'registration',
        title: 'Account terms',
        html: '<p>v1</p>',
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id as number;
      const list = await call('GET', '/api/admin/terms?q=account&per_page=5');
      expect(list.json().meta).toMatchObject({ page: 1, per_page: 5, total: 1 });
      // Not yet accepted: edited in place.
      const edited = await call('PATCH', `/api/admin/terms/${id}`, admin, { html: '<p>v2</p>' });
      expect(edited.json().data).toMatchObject({ id, html: '<p>v2</p>' });
      expect((await replica.inject({ method: 'GET', url: '/api/terms' })).json().data).toEqual([
        { id, title: 'Account terms', html: '<p>v2</p>' },
      ]);
      // Accepted: a new version, the old one kept inactive.
      const { user } = await createUser(t.db, clientId);
      await t.db.insert(termsAcceptances).values({ userId: user.id, termId: id, context: 'registration' });
      const versioned = await call('PATCH', `/api/admin/terms/${id}`, admin, { html: '<p>v3</p>' });
      const newId = versioned.json().data.id as number;
      expect(newId).not.toBe(id);
      const [old] = await t.db.select().from(termsTable).where(eq(termsTable.id, id));
      expect(old).toMatchObject({ active: false, html: '<p>v2</p>' });
      expect((await replica.inject({ method: 'GET', url: '/api/terms' })).json().data).toEqual([
        { id: newId, title: 'Account terms', html: '<p>v3</p>' },
      ]);
      const off = await call('PATCH', `/api/admin/terms/${newId}`, admin, { active: false });
      expect(off.json().data.active).toBe(false);
      expect((await replica.inject({ method: 'GET', url: '/api/terms' })).json().data).toEqual([]);
    });

    it('refuses bad input and unknown ids', async () => {
      expect(
        (await call('POST', '/api/admin/terms', admin, { context: 'nope', title: '', html: '' })).statusCode,
      ).toBe(422);
      expect((await call('GET', '/api/admin/terms/99999999999')).statusCode).toBe(422);
      expect((await call('GET', '/api/admin/terms/424242')).statusCode).toBe(404);
      expect(
        (await call('POST', '/api/admin/terms', manager, { context: 'checkout', title: 'x', html: 'y' }))
          .statusCode,
      ).toBe(403);
      await createTerm(t.db, clientId, { context: 'checkout', title: 'Sale', html: '<p>s</p>' });
      expect((await call('GET', '/api/admin/terms?context=checkout')).json().meta.total).toBe(1);
    });
  });
});
