import { call } from '@khela/client';
import { playerSearchCall } from '@khela/contract/endpoints';
import type { PlayerRow } from '@khela/contract/staff-players';
import type { z } from '@khela/contract/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type PageRequest } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import { StatusBadge } from './shared';

type Row = z.infer<typeof PlayerRow>;
const column = createColumnHelper<Row>();

/**
 * GET /bo/players, one page. One box for every way to find a player: the server reads it as a
 * mobile number, an email, an id or a username prefix. Nothing typed, nothing asked.
 */
export async function fetchPlayersPage(r: PageRequest, signal: AbortSignal) {
  const q = r.filters.q;
  if (!q) return { rows: [], nextCursor: null };
  const page = await call(
    playerSearchCall,
    { q, by: 'auto', after: r.cursor ?? undefined, pageSize: r.pageSize },
    { signal },
  );
  return { rows: page.list, nextCursor: page.next };
}

/** The Players search (BACK-OFFICE.md "Players"): the desk's way in to a profile. */
export function PlayerSearch() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params] = useSearchParams();
  const searched = Boolean(params.get('q')?.trim());
  const columns = [
    column.accessor('id', {
      header: t('players.id'),
      cell: (c) => (
        <Link className="mono" to={`/players/${c.getValue()}`}>
          {f.digits(c.getValue())}
        </Link>
      ),
    }),
    column.accessor('account', {
      header: t('players.account'),
      cell: (c) => <Link to={`/players/${c.row.original.id}`}>{c.getValue()}</Link>,
    }),
    column.accessor('mobile', {
      header: t('players.mobile'),
      cell: (c) => <span className="mono">{c.getValue() ? f.digits(c.getValue() as string) : '—'}</span>,
    }),
    column.accessor('email', { header: t('players.email'), cell: (c) => c.getValue() ?? '—' }),
    column.accessor('status', {
      header: t('players.statusLabel'),
      cell: (c) => (
        <>
          <StatusBadge status={c.getValue()} />
          {c.row.original.isAgent > 0 && <span className="badge badge-quiet">{t('players.agent')}</span>}
        </>
      ),
    }),
    column.accessor('createdAt', {
      header: t('players.createdAt'),
      cell: (c) => <span className="mono">{f.at(c.getValue())}</span>,
    }),
  ];
  return (
    <div className="player-search">
      <DataTable<Row>
        label={t('players.searchTitle')}
        queryKey={['bo', 'players', 'search']}
        columns={columns}
        fetchPage={fetchPlayersPage}
        getRowId={(r) => String(r.id)}
        filters={[{ id: 'q', label: t('players.searchLabel'), placeholder: t('players.searchPlaceholder') }]}
        pageSizes={[25, 50, 100]}
        defaultPageSize={25}
        emptyTitle={searched ? t('players.noMatch') : t('players.searchFirst')}
        emptyText={searched ? t('players.noMatchText') : t('players.searchFirstText')}
      />
    </div>
  );
}
