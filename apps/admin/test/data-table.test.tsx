import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, type PageRequest } from '../src/components/data-table';

type Player = { id: number; name: string };
const column = createColumnHelper<Player>();
const PLAYERS: Player[] = [
  { id: 1, name: 'Karim' },
  { id: 2, name: 'Anika' },
  { id: 3, name: 'Babul' },
];

function renderTable(fetchPage: (r: PageRequest) => Promise<{ rows: Player[]; nextCursor: string | null }>) {
  const element = (
    <DataTable<Player>
      label="Players"
      queryKey={['players']}
      columns={[
        column.accessor('id', { header: 'ID', enableSorting: true }),
        column.accessor('name', { header: 'Name', enableSorting: true }),
      ]}
      fetchPage={(r) => fetchPage(r)}
      filters={[{ id: 'status', label: 'Status', type: 'select', options: [{ value: 'locked', label: 'Locked' }] }]}
      getRowId={(p) => String(p.id)}
      emptyTitle="No players"
    />
  );
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the server-paged table', () => {
  it('asks the server for its sort, keeps it in the address and starts again at the first page', async () => {
    const fetchPage = vi.fn(async (r: PageRequest) => {
      const rows = [...PLAYERS];
      if (r.sort)
        rows.sort((a, b) => (a[r.sort?.id as 'name'] < b[r.sort?.id as 'name'] ? -1 : 1) * (r.sort?.desc ? -1 : 1));
      return { rows, nextCursor: null };
    });
    const router = renderTable(fetchPage);
    const table = await screen.findByRole('table');
    await within(table).findByText('Karim');
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: /Name/ }));
    await expect
      .poll(() =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent),
      )
      .toEqual(['2Anika', '3Babul', '1Karim']);
    expect(within(table).getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    expect(router.state.location.search).toBe('?sort=name');
    await user.click(within(table).getByRole('button', { name: /Name/ }));
    await expect.poll(() => router.state.location.search).toBe('?sort=-name');
    expect(fetchPage.mock.calls.at(-1)?.[0]).toMatchObject({ cursor: null, sort: { id: 'name', desc: true } });
  });

  it('filters on the server and says when nothing matches', async () => {
    const fetchPage = vi.fn(async (r: PageRequest) => ({
      rows: r.filters.status ? [] : PLAYERS,
      nextCursor: null,
    }));
    renderTable(fetchPage);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Status'), 'locked');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No players')).toBeTruthy();
    expect(fetchPage.mock.calls.at(-1)?.[0].filters).toEqual({ status: 'locked' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Karim')).toBeTruthy();
  });
});
