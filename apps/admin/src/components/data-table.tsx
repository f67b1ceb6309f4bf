import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColumnDef, flexRender, getCoreRowModel, type SortingState, useReactTable } from '@tanstack/react-table';
import { Fragment, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../lib/errors';
import { useFormat } from '../lib/format';
import { EmptyState, ErrorState, Loading } from './states';

/**
 * The back office's server-paged table (BACK-OFFICE.md: "Lists are server-paged, filterable and
 * sortable"). The server does the work — a page, its sort, its filters — and the table keeps
 * them in the address, so a filtered list is a link a colleague can open. Pages move by cursor
 * (the server's `before` id or an offset, whatever `fetchPage` makes of it): the table keeps the
 * cursors it has seen to go back.
 */

/** What the table asks the server for. `cursor` is null for the first page. */
export type PageRequest = {
  cursor: string | null;
  pageSize: number;
  /** Column id and direction; empty when the server's own order applies. */
  sort: { id: string; desc: boolean } | null;
  /** Filter id → value as typed (trimmed); only filters with a value. */
  filters: Record<string, string>;
};

/** One page: its rows and the cursor of the next page (null on the last). */
export type PageResult<Row> = { rows: Row[]; nextCursor: string | null };

export type FilterDef = {
  id: string;
  label: string;
  type?: 'text' | 'number' | 'select';
  options?: { value: string; label: string }[];
  placeholder?: string;
};

type Props<Row> = {
  /** The table's accessible name. */
  label: string;
  /** The query key's stem; page, sort and filters are added. */
  queryKey: readonly unknown[];
  // biome-ignore lint/suspicious/noExplicitAny: TanStack's column values are typed per column.
  columns: ColumnDef<Row, any>[];
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<PageResult<Row>>;
  filters?: FilterDef[];
  pageSizes?: number[];
  defaultPageSize?: number;
  emptyTitle: string;
  emptyText?: string;
  getRowId: (row: Row) => string;
  /** A row's details, opened under it (e.g. an audit entry's record before and after). */
  renderDetails?: (row: Row) => ReactNode;
  /** Whether a row has details to open (default: every row). */
  hasDetails?: (row: Row) => boolean;
};

const SORT_PARAM = 'sort';
const SIZE_PARAM = 'pageSize';

function sortOf(value: string | null): SortingState {
  if (!value) return [];
  return [{ id: value.replace(/^-/, ''), desc: value.startsWith('-') }];
}

export function DataTable<Row>({
  label,
  queryKey,
  columns,
  fetchPage,
  filters = [],
  pageSizes = [25, 50, 100],
  defaultPageSize = 50,
  emptyTitle,
  emptyText,
  getRowId,
  renderDetails,
  hasDetails = () => true,
}: Props<Row>) {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const sorting = sortOf(params.get(SORT_PARAM));
  const sizeParam = Number(params.get(SIZE_PARAM));
  const pageSize = pageSizes.includes(sizeParam) ? sizeParam : defaultPageSize;
  const applied = useMemo(() => {
    const out: Record<string, string> = {};
    for (const def of filters) {
      const v = params.get(def.id)?.trim();
      if (v) out[def.id] = v;
    }
    return out;
  }, [filters, params]);

  // Cursors of the pages opened so far: cursors[i] opens page i + 1. A new sort, filter or page
  // size starts again at the first page.
  const identity = JSON.stringify([applied, sorting, pageSize]);
  const [paging, setPaging] = useState<{ identity: string; cursors: (string | null)[] }>({
    identity,
    cursors: [null],
  });
  const cursors = paging.identity === identity ? paging.cursors : [null];
  const setCursors = (next: (c: (string | null)[]) => (string | null)[]) =>
    setPaging({ identity, cursors: next(cursors) });
  const page = cursors.length - 1;
  const cursor = cursors[page] ?? null;

  const request: PageRequest = { cursor, pageSize, sort: sorting[0] ?? null, filters: applied };
  const query = useQuery({
    queryKey: [...queryKey, request],
    queryFn: ({ signal }) => fetchPage(request, signal),
    placeholderData: keepPreviousData,
  });

  const table = useReactTable({
    data: query.data?.rows ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: true,
    defaultColumn: { enableSorting: false },
    state: { sorting },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const s = next[0];
      setParams((p) => {
        const out = new URLSearchParams(p);
        if (s) out.set(SORT_PARAM, `${s.desc ? '-' : ''}${s.id}`);
        else out.delete(SORT_PARAM);
        return out;
      });
    },
  });

  const [open, setOpen] = useState<string | null>(null);
  const rows = table.getRowModel().rows;
  const first = page * pageSize + 1;
  const colSpan = columns.length + (renderDetails ? 1 : 0);

  return (
    <section className="data-table" aria-label={label}>
      {filters.length > 0 && <Filters defs={filters} applied={applied} setParams={setParams} />}
      <div className="table-scroll">
        <table aria-busy={query.isFetching}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const content = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="sort" onClick={header.column.getToggleSortingHandler()}>
                          {content}
                          <span aria-hidden="true" className="sort-mark">
                            {sorted === 'asc' ? '▲' : sorted === 'desc' ? '▼' : '↕'}
                          </span>
                        </button>
                      ) : (
                        content
                      )}
                    </th>
                  );
                })}
                {renderDetails && (
                  <th scope="col">
                    <span className="visually-hidden">{t('table.details')}</span>
                  </th>
                )}
              </tr>
            ))}
          </thead>
          <tbody>
            {query.isPending ? (
              <tr>
                <td colSpan={colSpan}>
                  <Loading />
                </td>
              </tr>
            ) : query.isError && !query.data ? (
              <tr>
                <td colSpan={colSpan}>
                  <ErrorState message={errorText(t, query.error)} onRetry={() => query.refetch()} />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={colSpan}>
                  <EmptyState title={emptyTitle} text={emptyText} />
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <Fragment key={row.id}>
                  <tr>
                    {row.getVisibleCells().map((cell) => (
                      <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                    ))}
                    {renderDetails && (
                      <td className="cell-action">
                        {hasDetails(row.original) && (
                          <button
                            type="button"
                            className="button button-small button-quiet"
                            aria-expanded={open === row.id}
                            onClick={() => setOpen(open === row.id ? null : row.id)}
                          >
                            {open === row.id ? t('table.hideDetails') : t('table.showDetails')}
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                  {renderDetails && open === row.id && (
                    <tr className="row-details">
                      <td colSpan={colSpan}>{renderDetails(row.original)}</td>
                    </tr>
                  )}
                </Fragment>
              ))
            )}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label={t('table.pages')}>
        <span className="pager-range" aria-live="polite">
          {rows.length > 0
            ? t('table.range', { first: f.count(first), last: f.count(first + rows.length - 1) })
            : t('table.page', { page: f.count(page + 1) })}
        </span>
        <label className="pager-size">
          {t('table.pageSize')}
          <select
            value={pageSize}
            onChange={(e) =>
              setParams((p) => {
                const out = new URLSearchParams(p);
                out.set(SIZE_PARAM, e.target.value);
                return out;
              })
            }
          >
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {f.count(n)}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="button button-quiet"
          disabled={page === 0}
          onClick={() => setCursors((c) => c.slice(0, -1))}
        >
          {t('table.previous')}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={!query.data?.nextCursor || query.isPlaceholderData}
          onClick={() => {
            const next = query.data?.nextCursor;
            if (next) setCursors((c) => [...c, next]);
          }}
        >
          {t('table.next')}
        </button>
      </nav>
    </section>
  );
}

function Filters({
  defs,
  applied,
  setParams,
}: {
  defs: FilterDef[];
  applied: Record<string, string>;
  setParams: ReturnType<typeof useSearchParams>[1];
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<string, string>>(applied);
  const appliedKey = JSON.stringify(applied);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields follow the address (back, a link).
  useEffect(() => setDraft(applied), [appliedKey]);
  const apply = (values: Record<string, string>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const def of defs) {
        const v = values[def.id]?.trim();
        if (v) out.set(def.id, v);
        else out.delete(def.id);
      }
      return out;
    });
  return (
    <form
      className="filters"
      aria-label={t('table.filters')}
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
    >
      {defs.map((def) => (
        <div key={def.id} className="filter">
          <label htmlFor={`filter-${def.id}`}>{def.label}</label>
          {def.type === 'select' ? (
            <select
              id={`filter-${def.id}`}
              value={draft[def.id] ?? ''}
              onChange={(e) => setDraft({ ...draft, [def.id]: e.target.value })}
            >
              <option value="">{t('table.any')}</option>
              {def.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`filter-${def.id}`}
              type="text"
              inputMode={def.type === 'number' ? 'numeric' : undefined}
              value={draft[def.id] ?? ''}
              placeholder={def.placeholder}
              onChange={(e) => setDraft({ ...draft, [def.id]: e.target.value })}
            />
          )}
        </div>
      ))}
      <div className="filter-actions">
        <button type="submit" className="button">
          {t('table.apply')}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={Object.keys(applied).length === 0 && Object.values(draft).every((v) => !v)}
          onClick={() => {
            setDraft({});
            apply({});
          }}
        >
          {t('table.clear')}
        </button>
      </div>
    </form>
  );
}
