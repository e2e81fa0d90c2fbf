import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness';
import { createClient, createTerm, createVenue, type NewVenue } from './operator.service';
import { createThemeReader, saveTheme } from './theme.service';

const notFoundBody = { message: 'Unable to complete request, item not found.' };

function venue(slug: string, overrides: Partial<NewVenue> = {}): NewVenue {
  return {
    slug,
    name: `Venue ${slug}`,
    address1: '1 Test Street',
    town: 'Leeds',
    postcode: 'LS1 1AA',
    lat: 53.8,
    lng: -1.55,
    footerHtml: `<p>Footer of ${slug}</p>`,
    ...overrides,
  };
}

describe('operator calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ KIOSK_IDLE_MS: '5000', PUBLIC_ACCOUNT_URL: 'https://myaccount.example.com' });
  });
  afterAll(async () => t.close());

  describe('before any operator exists', () => {
    it('GET /api/client answers 404, so the web shows its not-found page', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/client' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody);
    });

    it('GET /api/frontend/theme answers 404 and caches nothing', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/frontend/theme' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFoundBody);
    });
  });

  describe('with an operator, venues and terms', () => {
    let clientId: number;
    beforeAll(async () => {
      const client = await createClient(t.db, {
        slug: 'test-operator',
        name: 'Test Operator Ltd',
        appName: 'Test Leisure',
        supportEmail: 'help@test.example',
        onlineJoiningMapEnabled: true,
        activitiesV2Enabled: true,
        eligibilityDaysAllowance: 21,
        kioskHomeUrl: 'https://kiosk.example.com/home',
        footerHtml: '<p>Operator footer</p>',
      });
      if (!client) throw new Error('client not created');
      clientId = client.id;
      await saveTheme(t.db, clientId, null, {
        appLogo: null,
        primaryColour: '#112233',
        secondaryColour1: '#445566',
        darkBgColour: '#000000',
        headingFontStyle: 'garage_gothic',
        bodyFontStyle: 'roboto',
        secondaryButtonStyle: 'solid',
      });
      const teal = await createVenue(t.db, clientId, venue('teal-venue'));
      await saveTheme(t.db, clientId, teal.id, {
        primaryColour: '#0B7A75',
        secondaryColour1: null,
        secondaryButtonStyle: 'outline',
        bodyFontStyle: 'lato',
      });
      await createVenue(t.db, clientId, venue('plain-venue', { footerHtml: '<p>Plain <b>footer</b></p>' }));

      await createTerm(t.db, clientId, {
        context: 'registration',
        title: 'Privacy Policy',
        html: '<p>P</p>',
        position: 2,
      });
      await createTerm(t.db, clientId, {
        context: 'registration',
        title: 'Old terms',
        html: '<p>O</p>',
        position: 0,
        active: false,
      });
      await createTerm(t.db, clientId, {
        context: 'registration',
        title: 'Terms and Conditions',
        html: '<p>T</p>',
        position: 1,
      });
      await createTerm(t.db, clientId, {
        context: 'checkout',
        title: 'Terms of Sale',
        html: '<p>S</p>',
        position: 1,
      });
    });

    describe('GET /api/frontend/theme', () => {
      it("answers the operator's theme without a venue, leaving out unset values", async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/frontend/theme' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json()).toEqual({
          data: {
            theme_app_primary_colour: '#112233',
            theme_app_secondary_colour_1: '#445566',
            theme_app_dark_bg_colour: '#000000',
            theme_app_heading_font_style: 'garage_gothic',
            theme_app_body_font_style: 'roboto',
            theme_app_secondary_button_style: 'solid',
          },
        });
      });

      it("lays a venue's set values over the operator's", async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=teal-venue' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          data: {
            theme_app_primary_colour: '#0B7A75',
            // null in the venue's row: the operator's value shows through
            theme_app_secondary_colour_1: '#445566',
            theme_app_dark_bg_colour: '#000000',
            theme_app_heading_font_style: 'garage_gothic',
            theme_app_body_font_style: 'lato',
            theme_app_secondary_button_style: 'outline',
          },
        });
      });

      it("answers the operator's theme for a venue without an override", async () => {
        const [plain, operator] = await Promise.all([
          t.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=plain-venue' }),
          t.app.inject({ method: 'GET', url: '/api/frontend/theme' }),
        ]);
        expect(plain.statusCode).toBe(200);
        expect(plain.json()).toEqual(operator.json());
      });

      it('answers 404 with the spec message for an unknown venue', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=atlantis' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      });

      it('answers 422 for a venue value that cannot be a slug', async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/frontend/theme?venue=${'x'.repeat(101)}`,
        });
        expect(res.statusCode).toBe(422);
        expect(Object.keys(res.json().errors)).toEqual(['venue']);
      });

      it('sends cache headers and answers 304 to a current If-None-Match', async () => {
        const first = await t.app.inject({ method: 'GET', url: '/api/frontend/theme?venue=teal-venue' });
        const etag = String(first.headers.etag);
        expect(etag).toMatch(/^"[\w-]+"$/);
        expect(first.headers['cache-control']).toBe('public, max-age=60');

        const again = await t.app.inject({
          method: 'GET',
          url: '/api/frontend/theme?venue=teal-venue',
          headers: { 'if-none-match': `W/"stale", ${etag}` },
        });
        expect(again.statusCode).toBe(304);
        expect(again.body).toBe('');
        expect(again.headers.etag).toBe(etag);

        const otherVenue = await t.app.inject({
          method: 'GET',
          url: '/api/frontend/theme?venue=plain-venue',
          headers: { 'if-none-match': etag },
        });
        expect(otherVenue.statusCode).toBe(200);
        expect(otherVenue.headers.etag).not.toBe(etag);
      });
    });

    describe('GET /api/client', () => {
      it('answers the settings, the kiosk idle time and the sub-site URLs: set ones, else same-origin paths (never the host asked)', async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/client',
          headers: { host: '192.168.1.20:3000' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          data: {
            id: clientId,
            name: 'Test Operator Ltd',
            app_name: 'Test Leisure',
            currency: 'GBP',
            online_joining_enabled: true,
            online_joining_map_enabled: true,
            online_guest_passes_enabled: true,
            credits_enabled: true,
            activities_v2_enabled: true,
            display_venue_selection_button: true,
            eligibility_days_allowance: 21,
            kiosk_home_url: 'https://kiosk.example.com/home',
            kiosk_idle_ms: 5000,
            test_payments: false,
            urls: {
              bookings: '',
              account: 'https://myaccount.example.com',
              joining: '/join',
            },
          },
        });
      });
    });

    describe('GET /api/activities/footer', () => {
      it("answers the operator's footer without a venue", async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/activities/footer' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: '<p>Operator footer</p>' });
      });

      it("answers the venue's footer HTML as stored", async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/activities/footer?venue=plain-venue' });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ data: '<p>Plain <b>footer</b></p>' });
      });

      it('answers 404 for an unknown venue', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/activities/footer?venue=atlantis' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(notFoundBody);
      });
    });

    describe('GET /api/terms', () => {
      it('answers the active registration terms in position order without a cart', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/terms' });
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.data.map((term: { title: string }) => term.title)).toEqual([
          'Terms and Conditions',
          'Privacy Policy',
        ]);
        expect(body.data[0]).toEqual({
          id: expect.any(Number),
          title: 'Terms and Conditions',
          html: '<p>T</p>',
        });
      });

      it('answers 404 for a cart id that is no basket (the checkout terms are tested in cart.test.ts)', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/terms?cart_id=42' });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Unable to complete request, item not found.' });
      });

      it('answers 422 naming cart_id when it is not a number', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/terms?cart_id=abc' });
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({
          message: expect.any(String),
          errors: { cart_id: [expect.any(String)] },
        });
      });
    });

    describe('the theme cache', () => {
      it('keeps an answer for its time-to-live, then reads the database again', async () => {
        const cached = await createVenue(t.db, clientId, venue('cached-venue'));
        let now = 1_000_000;
        const reader = createThemeReader(t.db, t.config, { ttlMs: 30_000, now: () => now });
        const first = await reader.readTheme('cached-venue');
        expect(first.data.theme_app_primary_colour).toBe('#112233');
        expect(JSON.parse(first.body)).toEqual({ data: first.data });

        await saveTheme(t.db, clientId, cached.id, { primaryColour: '#ABCDEF' });
        now += 29_000;
        expect(await reader.readTheme('cached-venue')).toBe(first);

        now += 1_001;
        const fresh = await reader.readTheme('cached-venue');
        expect(fresh.data.theme_app_primary_colour).toBe('#ABCDEF');
        expect(fresh.etag).not.toBe(first.etag);
      });
    });

    describe('GET /api/docs', () => {
      it('describes these calls with tags, summaries and their snake_case answers', async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
        expect(res.statusCode).toBe(200);
        const paths = res.json().paths;
        for (const path of ['/api/frontend/theme', '/api/client', '/api/activities/footer', '/api/terms']) {
          const get = paths[path]?.get;
          expect(get, path).toBeDefined();
          expect(get.tags).toEqual(['operator']);
          expect(get.summary).toEqual(expect.any(String));
          expect(get.responses['404'].content['application/json'].schema.required).toEqual(['message']);
        }
        const theme = paths['/api/frontend/theme'].get;
        const themeData = theme.responses['200'].content['application/json'].schema.properties.data;
        expect(Object.keys(themeData.properties)).toContain('theme_app_primary_colour');
        expect(themeData.properties.theme_app_secondary_button_style.enum).toEqual(['solid', 'outline']);
        expect(theme.responses['304']).toBeDefined();
        const client = paths['/api/client'].get.responses['200'].content['application/json'].schema;
        expect(client.properties.data.required).toEqual(
          expect.arrayContaining(['online_joining_enabled', 'kiosk_idle_ms', 'urls']),
        );
        expect(paths['/api/terms'].get.parameters).toEqual([
          expect.objectContaining({ in: 'query', name: 'cart_id', required: false }),
          // The online joining flow's kinds of terms (issue 4).
          expect.objectContaining({
            in: 'query',
            name: 'type',
            required: false,
            schema: expect.objectContaining({ enum: ['direct_debit', 'health_commitment', 'membership'] }),
          }),
        ]);
      });
    });

    describe('factories', () => {
      it('refuse a venue latitude outside -90..90', async () => {
        await expect(createVenue(t.db, clientId, venue('north-of-north', { lat: 91 }))).rejects.toMatchObject(
          {
            status: 422,
            errors: { lat: [expect.any(String)] },
          },
        );
      });

      it('refuse a theme colour that is neither hex nor "R G B"', async () => {
        await expect(saveTheme(t.db, clientId, null, { primaryColour: 'purple' })).rejects.toMatchObject({
          status: 422,
          errors: { theme_app_primary_colour: [expect.any(String)] },
        });
      });
    });
  });
});
