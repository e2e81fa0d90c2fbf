import { zAdminListQuery } from '@leisure/contract/admin/lists';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { TextField } from '../../../shared/ui/text-field';
import { installMockApi } from '../../../test/mock-api';
import { adminApi } from './admin-api';
import { AuditHistory, diffOf } from './audit-history';
import { ConfirmDialog } from './confirm-dialog';
import { fieldErrors, SaveBar, useAdminForm, useSaveForm } from './form';
import { ListPage } from './list-page';
import { PageHeader } from './page-header';
import { renderAdmin } from './testing';

const server = installMockApi();

interface Thing {
  id: number;
  display_name: string;
}

const things: Thing[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  display_name: `Thing ${index + 1}`,
}));

function thingsHandler(seen: string[] = []) {
  return http.get('*/api/admin/things', ({ request }) => {
    const url = new URL(request.url);
    seen.push(url.search);
    const query = zAdminListQuery.parse(Object.fromEntries(url.searchParams));
    const matching = things.filter((thing) => !query.q || thing.display_name.includes(query.q));
    const start = (query.page - 1) * query.per_page;
    return HttpResponse.json({
      data: matching.slice(start, start + query.per_page),
      meta: { page: query.page, per_page: query.per_page, total: matching.length },
    });
  });
}

function ThingsScreen() {
  return (
    <>
      <PageHeader title="Things" />
      <ListPage<Thing>
        path="things"
        caption="Things"
        perPage={10}
        rowKey={(row) => row.id}
        columns={[{ header: 'Name', rowHeader: true, cell: (row) => row.display_name }]}
      />
    </>
  );
}

describe('ListPage', () => {
  it('pages and searches on the server, keeping snake_case keys and the query in the URL', async () => {
    const seen: string[] = [];
    server.use(thingsHandler(seen));
    const { router } = renderAdmin([{ path: '/things', element: <ThingsScreen /> }], {
      path: '/admin/things',
    });
    expect(await screen.findByRole('rowheader', { name: 'Thing 1' })).toBeInTheDocument();
    expect(document.title).toBe('Things – Console');
    expect(screen.getByText('Page 1 of 3, 30 results')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('rowheader', { name: 'Thing 11' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'Thing 2');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Page 1 of 2, 11 results')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=Thing+2');
    expect(seen.at(-1)).toContain('q=Thing+2');
    expect(seen.at(-1)).toContain('per_page=10');
  });

  it('says when nothing matches', async () => {
    server.use(thingsHandler());
    renderAdmin([{ path: '/things', element: <ThingsScreen /> }], { path: '/admin/things?q=zzz' });
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeInTheDocument();
  });
});

const zThing = z.object({ display_name: z.string().trim().min(1, 'Required') });

function ThingForm() {
  const form = useAdminForm(zThing, { display_name: '' });
  const save = useSaveForm(form, (values) => adminApi.post('things', values));
  return (
    <form onSubmit={save.onSubmit} noValidate>
      <TextField
        label="Display name"
        {...form.register('display_name')}
        errors={fieldErrors(form, 'display_name')}
      />
      <SaveBar status={save.status} message={save.message} busy={save.busy} />
    </form>
  );
}

describe('console forms', () => {
  it('shows the schema rule, then a 422 of the server at its field with the focus on it', async () => {
    let body: unknown;
    server.use(
      http.post('*/api/admin/things', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(
          { message: 'The given data was invalid.', errors: { display_name: ['That name is taken.'] } },
          { status: 422 },
        );
      }),
    );
    renderAdmin([{ path: '/', element: <ThingForm /> }]);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), 'Pool');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('That name is taken.')).toBeInTheDocument();
    expect(body).toEqual({ display_name: 'Pool' });
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the errors below.');
  });

  it('says when it saved', async () => {
    server.use(http.post('*/api/admin/things', () => HttpResponse.json({ id: 1 }, { status: 201 })));
    renderAdmin([{ path: '/', element: <ThingForm /> }]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Display name' }), 'Pool');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved.');
  });
});

function Confirming() {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Disable
      </button>
      {done ? <p>Done</p> : null}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Disable Sam?"
        description="Sam will no longer be able to sign in."
        confirmLabel="Disable user"
        onConfirm={() => {
          setDone(true);
          setOpen(false);
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('asks, and focus returns to the opener whether cancelled or confirmed', async () => {
    renderAdmin([{ path: '/', element: <Confirming /> }]);
    const opener = screen.getByRole('button', { name: 'Disable' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Disable Sam?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(opener).toHaveFocus());
    expect(screen.queryByText('Done')).not.toBeInTheDocument();

    await userEvent.click(opener);
    await userEvent.click(await screen.findByRole('button', { name: 'Disable user' }));
    expect(screen.getByText('Done')).toBeInTheDocument();
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('AuditHistory', () => {
  it("lists a record's changes newest first, expands to the changed fields, and shows older", async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/admin/audit-events', ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.search);
        const older = url.searchParams.get('before_id') === '2';
        const event = (id: number, before: unknown, after: unknown) => ({
          id,
          at: '2026-12-01T10:00:00Z',
          actor: { id: 1, email: 'admin@example.com' },
          action: id === 1 ? 'venue.create' : 'venue.update',
          entity_type: 'venue',
          entity_id: '7',
          venue_id: 7,
          before,
          after,
          route: 'PATCH /api/admin/venues/:id',
        });
        return HttpResponse.json(
          older
            ? { data: [event(1, null, { name: 'Pool' })], next_before_id: null }
            : {
                data: [event(2, { name: 'Pool', city: 'Leeds' }, { name: 'Big pool', city: 'Leeds' })],
                next_before_id: 2,
              },
        );
      }),
    );
    renderAdmin([{ path: '/', element: <AuditHistory entityType="venue" entityId={7} /> }]);
    expect(await screen.findByRole('heading', { name: 'History' })).toBeInTheDocument();
    await userEvent.click(await screen.findByText(/Changed/));
    expect(screen.getByRole('rowheader', { name: 'name' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Big pool' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'city' })).not.toBeInTheDocument();
    expect(seen[0]).toContain('entity_type=venue');
    expect(seen[0]).toContain('entity_id=7');

    await userEvent.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await screen.findByText(/Created/)).toBeInTheDocument();
    expect(seen[1]).toContain('before_id=2');
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });

  it('diffs records key by key', () => {
    expect(diffOf({ a: 1, b: 2 }, { a: 1, b: 3, c: 'x' })).toEqual([
      { key: 'b', before: '2', after: '3' },
      { key: 'c', before: '—', after: 'x' },
    ]);
    expect(diffOf(null, { a: null })).toEqual([{ key: 'a', before: '—', after: 'empty' }]);
  });
});
