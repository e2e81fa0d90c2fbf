import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { installMockApi } from '../../../../test/mock-api';
import { axeViolations } from '../../kit/axe';
import { renderAdmin } from '../../kit/testing';
import { OperatorSettingsScreen } from './settings-screen';
import { TermScreen, TermsListScreen } from './terms-screens';
import { ThemeScreen } from './theme-screen';
import { WaiverScreen } from './waiver-screens';

const server = installMockApi();

const settings = {
  id: 1,
  name: 'Riverside Leisure',
  app_name: 'Riverside Leisure',
  support_email: 'help@riverside.example',
  online_joining_enabled: true,
  online_joining_map_enabled: false,
  online_guest_passes_enabled: true,
  credits_enabled: true,
  activities_v2_enabled: false,
  display_venue_selection_button: true,
  profile_photos_enabled: true,
  eligibility_days_allowance: 14,
  kiosk_home_url: null,
  footer_html: '<p>Footer</p>',
};

const emptyTheme = {
  theme_app_logo: null,
  theme_app_primary_colour: '#0B5CAD',
  theme_app_secondary_colour_1: null,
  theme_app_secondary_colour_2: null,
  theme_app_dark_bg_colour: null,
  theme_app_header_bg_colour: null,
  header_primary_colour: null,
  theme_app_heading_font_style: null,
  theme_app_body_font_style: null,
  theme_app_secondary_button_style: null,
};

describe('Operator settings', () => {
  it('shows the gates, sends only snake_case values, and puts a 422 at its field', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('*/api/admin/operator', () => HttpResponse.json({ data: settings })),
      http.patch('*/api/admin/operator', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { message: 'Invalid', errors: { support_email: ['Must be an email address.'] } },
          { status: 422 },
        );
      }),
    );
    const user = userEvent.setup();
    renderAdmin(
      [
        {
          path: '/operator',
          element: (
            <main>
              <OperatorSettingsScreen />
            </main>
          ),
        },
      ],
      { path: '/admin/operator' },
    );
    const credits = await screen.findByRole('checkbox', { name: 'Credits' });
    expect(credits).toBeChecked();
    await user.click(credits);
    await user.clear(screen.getByRole('textbox', { name: 'App name' }));
    await user.type(screen.getByRole('textbox', { name: 'App name' }), 'Riverside');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ credits_enabled: false, app_name: 'Riverside', kiosk_home_url: null });
    expect(await screen.findByText('Must be an email address.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Support email/ })).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Theme', () => {
  it('saves a draft, previews it, and publishes it', async () => {
    let theme = { id: 1, venue_id: null, published: emptyTheme, draft: null as null | typeof emptyTheme };
    const calls: string[] = [];
    server.use(
      http.get('*/api/activities/venues', () => HttpResponse.json({ data: [] })),
      http.get('*/api/admin/operator/theme', () => HttpResponse.json({ data: theme })),
      http.get('*/api/admin/operator/theme/preview', () =>
        HttpResponse.json({ data: { theme_app_primary_colour: '#0B5CAD' } }),
      ),
      http.put('*/api/admin/operator/theme/draft', async ({ request }) => {
        calls.push('draft');
        theme = { ...theme, draft: (await request.json()) as typeof emptyTheme };
        return HttpResponse.json({ data: theme });
      }),
      http.post('*/api/admin/operator/theme/publish', () => {
        calls.push('publish');
        theme = { ...theme, published: theme.draft ?? emptyTheme, draft: null };
        return HttpResponse.json({ data: theme });
      }),
    );
    const user = userEvent.setup();
    renderAdmin(
      [
        {
          path: '/operator/theme',
          element: (
            <main>
              <ThemeScreen />
            </main>
          ),
        },
      ],
      { path: '/admin/operator/theme' },
    );
    const primary = await screen.findByRole('textbox', { name: 'Primary colour' });
    expect(primary).toHaveValue('#0B5CAD');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    await user.clear(primary);
    await user.type(primary, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText(/Must be a 3- or 6-digit hex colour/)).toBeInTheDocument();
    await user.clear(primary);
    await user.type(primary, '#123456');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Secondary button style' }), 'outline');
    const bookings = screen.getByRole('listitem', { name: 'Bookings preview' });
    expect(bookings.style.getPropertyValue('--colour-primary')).toBe('#123456');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText(/Published: customers see it/)).toBeInTheDocument();
    expect(calls).toEqual(['draft', 'publish']);
    expect(theme.published).toMatchObject({
      theme_app_primary_colour: '#123456',
      theme_app_secondary_button_style: 'outline',
      theme_app_secondary_colour_1: null,
    });
    expect(await axeViolations()).toEqual([]);
  });
});

describe('Terms', () => {
  it('lists terms from the server and adds new ones', async () => {
    const term = {
      id: 7,
      context: 'checkout',
      title: 'Terms of sale',
      html: '<p>x</p>',
      position: 0,
      active: true,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    let created: unknown;
    server.use(
      http.get('*/api/admin/terms', () =>
        HttpResponse.json({ data: [term], meta: { page: 1, per_page: 25, total: 1 } }),
      ),
      http.post('*/api/admin/terms', async ({ request }) => {
        created = await request.json();
        return HttpResponse.json({ data: { ...term, id: 8 } }, { status: 201 });
      }),
      http.get('*/api/admin/terms/8', () => HttpResponse.json({ data: { ...term, id: 8 } })),
    );
    const user = userEvent.setup();
    renderAdmin(
      [
        { path: '/operator/terms', element: <TermsListScreen /> },
        { path: '/operator/terms/:id', element: <TermScreen /> },
      ],
      { path: '/admin/operator/terms' },
    );
    const table = await screen.findByRole('table', { name: 'Terms' });
    expect(within(table).getByRole('link', { name: 'Terms of sale' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Add terms' }));
    await screen.findByRole('heading', { name: 'Add terms' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Context' }), 'checkout');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'New sale terms');
    await user.type(screen.getByRole('textbox', { name: /Text \(HTML\)/ }), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Save terms' }));
    await screen.findByRole('heading', { name: 'Terms: Terms of sale' });
    expect(created).toEqual({ context: 'checkout', title: 'New sale terms', html: 'Hello', position: 0 });
  });
});

describe('Waivers', () => {
  it('adds a waiver with a choice question', async () => {
    let created: unknown;
    server.use(
      http.post('*/api/admin/waivers', async ({ request }) => {
        created = await request.json();
        return HttpResponse.json({ data: { id: 3, ...(created as object) } }, { status: 201 });
      }),
      http.get('*/api/admin/waivers/3', () =>
        HttpResponse.json({
          data: { id: 3, activity_id: null, ...(created as object), questions: [] },
        }),
      ),
    );
    const user = userEvent.setup();
    renderAdmin(
      [
        {
          path: '/operator/waivers/:id',
          element: (
            <main>
              <WaiverScreen />
            </main>
          ),
        },
      ],
      {
        path: '/admin/operator/waivers/new',
      },
    );
    await screen.findByRole('heading', { name: 'Add waiver' });
    await user.type(screen.getByRole('textbox', { name: 'Slug' }), 'gym');
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Gym induction');
    await user.type(screen.getByRole('textbox', { name: /Waiver text/ }), 'Be safe');
    await user.click(screen.getByRole('button', { name: 'Add question' }));
    await user.type(screen.getByRole('textbox', { name: 'Reference' }), 'injury');
    await user.type(screen.getByRole('textbox', { name: 'Question' }), 'Any injury?');
    expect(await axeViolations()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save waiver' }));
    await screen.findByRole('heading', { name: 'Waiver: Gym induction' });
    expect(created).toMatchObject({
      slug: 'gym',
      title: 'Gym induction',
      validity_days: null,
      questions: [
        {
          reference: 'injury',
          label: 'Any injury?',
          type: 'radio',
          required: true,
          answers: [
            { id: 'yes', answer: 'Yes' },
            { id: 'no', answer: 'No' },
          ],
        },
      ],
    });
  });
});
