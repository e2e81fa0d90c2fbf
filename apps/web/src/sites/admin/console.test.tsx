import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockAdmin, resetAdminMock } from '../../mocks/admin-handlers';
import { installMockApi } from '../../test/mock-api';
import { axeViolations } from './kit/axe';
import { renderAdmin } from './kit/testing';
import { consoleRoutes } from './routes';
import { navigationFor } from './shell/navigation';

installMockApi();
beforeEach(() => resetAdminMock('administrator'));

const nav = () => screen.getByRole('navigation', { name: 'Console' });

describe('the console layout', () => {
  it('shows the operator, who is signed in and as what, the areas their role gives, and is axe-clean', async () => {
    renderAdmin(consoleRoutes(), { path: '/admin/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Console' })).toBeInTheDocument();
    expect(document.title).toBe('Console – Console');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('banner')).toHaveTextContent('Alex Admin');
    expect(screen.getByRole('banner')).toHaveTextContent('Administrator');
    expect(await screen.findByRole('link', { name: 'Riverside Leisure console' })).toBeInTheDocument();
    const links = within(nav())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(links).toEqual([
      'Home',
      'Operator',
      'Venues',
      'Activities',
      'Timetables',
      'Memberships',
      'Promotions',
      'Staff',
      'Audit log',
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it('gives a front-desk user only what their permissions allow, and says no to an address outside them', async () => {
    resetAdminMock('front-desk');
    renderAdmin(consoleRoutes(), { path: '/admin/staff' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No access' })).toBeInTheDocument();
    expect(
      within(nav())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Home']);
  });

  it('lists a venue manager’s areas', () => {
    const entries = navigationFor(['venues.manage', 'activities.manage', 'prices.manage', 'audit.read']);
    expect(entries.map((entry) => entry.label)).toEqual(['Venues', 'Activities', 'Timetables', 'Audit log']);
  });

  it('has a page for an unknown address', async () => {
    renderAdmin(consoleRoutes(), { path: '/admin/nowhere' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('the Staff area', () => {
  it('lists staff users paged and searched on the server', async () => {
    const { router } = renderAdmin(consoleRoutes(), { path: '/admin/staff' });
    expect(await screen.findByRole('rowheader', { name: 'Alex Admin' })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2, 30 results')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search staff users' }), 'vera');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Page 1 of 1, 1 result')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Vera Manager' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=vera');
    expect(await axeViolations()).toEqual([]);
  });

  it('invites a venue manager for their venues; the server’s refusal shows at its field', async () => {
    const { router } = renderAdmin(consoleRoutes(), { path: '/admin/staff/invite' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invite a staff user' })).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'vera.manager@example.com');
    await userEvent.type(screen.getByRole('textbox', { name: /First name/ }), 'Vera');
    await userEvent.type(screen.getByRole('textbox', { name: /Last name/ }), 'Two');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Venue manager' })).toBeInTheDocument());
    expect(screen.queryByRole('group', { name: /Venues/ })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'venue-manager');
    const venues = await screen.findByRole('group', { name: /Venues/ });
    await userEvent.click(
      await within(venues).findByRole('checkbox', { name: 'Riverside Leisure Centre Leeds' }),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('A staff user with this email already exists.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveFocus();

    await userEvent.clear(screen.getByRole('textbox', { name: /Email/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Email/ }), 'vera.two@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Vera Two' })).toBeInTheDocument();
    expect(screen.getByText('Invitation sent to vera.two@example.com.')).toBeInTheDocument();
    const invited = mockAdmin.staff.find((user) => user.email === 'vera.two@example.com');
    expect(invited).toMatchObject({ role: 'venue-manager', venue_ids: [1], status: 'invited' });
    expect(router.state.location.pathname).toBe(`/admin/staff/${invited?.id}`);
  });

  it('changes a user’s role, disables them with confirmation, and shows the history', async () => {
    renderAdmin(consoleRoutes(), { path: '/admin/staff/2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vera Manager' })).toBeInTheDocument();
    expect(await screen.findByText('No changes recorded.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Front desk' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /Role/ }), 'front-desk');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect(mockAdmin.staff.find((user) => user.id === 2)).toMatchObject({
      role: 'front-desk',
      venue_ids: [],
    });

    const disable = screen.getByRole('button', { name: 'Disable user' });
    await userEvent.click(disable);
    const dialog = await screen.findByRole('dialog', { name: 'Disable Vera Manager?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(disable).toHaveFocus());
    expect(mockAdmin.staff.find((user) => user.id === 2)?.status).toBe('active');

    await userEvent.click(disable);
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Disable Vera Manager?' })).getByRole('button', {
        name: 'Disable user',
      }),
    );
    expect(await screen.findByText('Vera Manager is disabled.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Enable user' })).toBeInTheDocument();
    expect(mockAdmin.staff.find((user) => user.id === 2)?.status).toBe('disabled');

    const history = screen.getByRole('region', { name: 'History' });
    await waitFor(() => expect(within(history).getAllByRole('listitem')).toHaveLength(2));
    expect(screen.getByRole('link', { name: 'Open in the audit log' })).toHaveAttribute(
      'href',
      '/admin/audit?entity_type=staff_user&entity_id=2',
    );
    expect(await axeViolations()).toEqual([]);
  });

  it('resets a user’s two-step verification with confirmation', async () => {
    renderAdmin(consoleRoutes(), { path: '/admin/staff/1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Reset two-step verification' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step verification for Alex Admin?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset two-step verification' }));
    expect(
      await screen.findByText('Alex Admin sets up two-step verification at their next sign-in.'),
    ).toBeInTheDocument();
    expect(mockAdmin.staff.find((user) => user.id === 1)?.mfa_enrolled).toBe(false);
  });
});

describe('the audit log', () => {
  it('filters by record type and search, newest first, each entry opening to its changed fields', async () => {
    const base = {
      actor: { id: 1, email: 'alex.admin@example.com' },
      venue_id: null,
      route: null,
      at: '2026-12-08T10:00:00Z',
    };
    mockAdmin.audit = Array.from({ length: 25 }, (_, index) => ({
      ...base,
      id: 25 - index,
      action: 'venue.update',
      entity_type: 'venue',
      entity_id: String(25 - index),
      before: { name: `Old ${25 - index}`, town: 'Leeds' },
      after: { name: `New ${25 - index}`, town: 'Leeds' },
    }));
    mockAdmin.audit.unshift({
      ...base,
      id: 26,
      action: 'staff_user.disable',
      entity_type: 'staff_user',
      entity_id: '2',
      before: { status: 'active' },
      after: { status: 'disabled' },
    });
    const { router } = renderAdmin(consoleRoutes(), { path: '/admin/audit' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    const changes = () => within(screen.getByRole('list', { name: 'Changes' })).getAllByRole('listitem');
    await waitFor(() => expect(changes()).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    await waitFor(() => expect(changes()).toHaveLength(26));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Record type' }), 'staff_user');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(changes()).toHaveLength(1));
    expect(router.state.location.search).toBe('?entity_type=staff_user');
    await userEvent.click(screen.getByText(/staff_user 2/));
    expect(screen.getByRole('rowheader', { name: 'status' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'disabled' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });
});
