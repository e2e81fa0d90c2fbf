import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { Button } from '../../../shared/ui/button';
import { useAdminList } from './admin-api';

/** One column of a list: its header and what a row shows in it. */
export interface ListColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's name (a link to the record): marked as the row header for screen readers. */
  rowHeader?: boolean;
}

export interface ListPageProps<T> {
  /** The admin path of the list route ('venues' -> GET /api/admin/venues). */
  path: string;
  /** The table's accessible name ('Venues'). */
  caption: string;
  columns: ListColumn<T>[];
  rowKey: (row: T) => string | number;
  /** The search box's label; 'Search' by default. */
  searchLabel?: string;
  /** Shown when nothing matches (or there is nothing yet). */
  emptyText?: string;
  /** Rows per page (the API's per_page); 25 by default. */
  perPage?: number;
  /** Extra query values (filters) sent with q/page/per_page. */
  filters?: Record<string, string | number | boolean | undefined>;
}

/** The list's place from the URL (?q=&page=), so a reload, a link or Back shows the same page. */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const pageNumber = Number(params.get('page'));
  const page = Number.isInteger(pageNumber) && pageNumber >= 1 ? pageNumber : 1;
  const update = (next: { q?: string; page?: number }) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        const nextQ = next.q ?? q;
        const nextPage = next.page ?? page;
        if (nextQ) copy.set('q', nextQ);
        else copy.delete('q');
        if (nextPage > 1) copy.set('page', String(nextPage));
        else copy.delete('page');
        return copy;
      },
      { replace: false },
    );
  };
  return { q, page, update };
}

/**
 * A list of records paged and searched on the server: a search box, a table, "Previous"/"Next" and
 * where the page is ("Page 2 of 4, 87 results"), with loading, empty and failed states. The search
 * and page are in the URL. Put it under a PageHeader.
 */
export function ListPage<T>({
  path,
  caption,
  columns,
  rowKey,
  searchLabel = 'Search',
  emptyText = 'Nothing found.',
  perPage = 25,
  filters,
}: ListPageProps<T>) {
  const { q, page, update } = useListParams();
  const [draft, setDraft] = useState(q);
  const searchId = useId();
  const list = useAdminList<T>(path, { q: q || undefined, page, per_page: perPage, ...filters });

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim(), page: 1 });
  };

  const meta = list.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.total / meta.per_page)) : 1;

  return (
    <section className="admin-list" aria-label={caption}>
      <search>
        <form className="admin-list-search" onSubmit={onSearch}>
          <label htmlFor={searchId}>{searchLabel}</label>
          <input
            id={searchId}
            type="search"
            value={draft}
            maxLength={200}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
      </search>

      {list.isPending ? (
        <p role="status" className="admin-list-loading">
          Loading…
        </p>
      ) : list.isError ? (
        <div role="alert" className="form-error">
          <p>
            {list.error instanceof ApiError
              ? list.error.message
              : 'Something has gone wrong, please try again.'}
          </p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.data.length === 0 ? (
        <p role="status" className="admin-list-empty">
          {q ? `Nothing matches “${q}”.` : emptyText}
        </p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" aria-busy={list.isFetching || undefined}>
            <caption className="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col">
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((row) => (
                <tr key={rowKey(row)}>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.header} scope="row">
                        {column.cell(row)}
                      </th>
                    ) : (
                      <td key={column.header}>{column.cell(row)}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {meta && meta.total > 0 ? (
        <nav className="admin-pagination" aria-label={`${caption} pages`}>
          <Button variant="secondary" disabled={page <= 1} onClick={() => update({ page: page - 1 })}>
            Previous page
          </Button>
          <p aria-live="polite">
            Page {Math.min(page, pages)} of {pages}, {meta.total} {meta.total === 1 ? 'result' : 'results'}
          </p>
          <Button variant="secondary" disabled={page >= pages} onClick={() => update({ page: page + 1 })}>
            Next page
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
