import { latinDigits } from '@khela/contract/digits';
import { CATALOG_GAME_STATUSES, type CatalogGameRow } from '@khela/contract/staff-catalog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type PageRequest } from '../../components/data-table';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { GAMES_KEY, gameBody, listGames, listVendors, saveGame, VENDORS_KEY } from './api';
import { GameCreate } from './game-create';
import { GameEditor } from './game-editor';
import { RowSwitch } from './switch';
import { nameIn } from './vendors-screen';

const column = createColumnHelper<CatalogGameRow>();

/** GET /bo/catalog/games, one page: the cursor is the page number. */
export async function fetchGamesPage(r: PageRequest, signal: AbortSignal) {
  const page = r.cursor ? Number(r.cursor) : 1;
  const vendorId = r.filters.vendorId ? Number(latinDigits(r.filters.vendorId)) : undefined;
  const status = (CATALOG_GAME_STATUSES as readonly string[]).includes(r.filters.status ?? '')
    ? (r.filters.status as (typeof CATALOG_GAME_STATUSES)[number])
    : undefined;
  const answer = await listGames(
    {
      page,
      pageSize: r.pageSize,
      ...(vendorId ? { vendorId } : {}),
      ...(status ? { status } : {}),
      ...(r.filters.q ? { q: r.filters.q } : {}),
    },
    signal,
  );
  return { rows: answer.list, nextCursor: page * r.pageSize < answer.total ? String(page + 1) : null };
}

export function GamesScreen({ canWrite }: { canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<CatalogGameRow | null>(null);
  const [adding, setAdding] = useState(false);
  const vendors = useQuery({ queryKey: VENDORS_KEY, queryFn: listVendors });
  const flip = useMutation({
    mutationFn: ({ g, key }: { g: CatalogGameRow; key: 'enabled' | 'isHot' }) =>
      saveGame(g.id, { ...gameBody(g), [key]: !g[key] }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GAMES_KEY }),
  });

  if (editing)
    return (
      <GameEditor
        key={`${editing.id}:${editing.version}`}
        game={editing}
        canWrite={canWrite}
        onDone={() => {
          queryClient.invalidateQueries({ queryKey: GAMES_KEY });
          setEditing(null);
        }}
        onReload={() => {
          queryClient.invalidateQueries({ queryKey: GAMES_KEY });
          setEditing(null);
        }}
      />
    );

  if (adding && vendors.data)
    return (
      <GameCreate
        vendors={vendors.data.filter((v) => v.category !== 'INHOUSE')}
        onDone={() => {
          queryClient.invalidateQueries({ queryKey: GAMES_KEY });
          queryClient.invalidateQueries({ queryKey: VENDORS_KEY });
          setAdding(false);
        }}
      />
    );

  const sw = (g: CatalogGameRow, key: 'enabled' | 'isHot', name: string) => (
    <RowSwitch
      on={g[key]}
      label={t(`catalog.switch.game.${key}`, { name })}
      onText={t(`catalog.state.game.${key}.on`)}
      offText={t(`catalog.state.game.${key}.off`)}
      disabled={!canWrite || flip.isPending}
      onToggle={() => flip.mutate({ g, key })}
    />
  );
  const columns = [
    column.accessor('sort', {
      header: t('catalog.order'),
      cell: (c) => <span className="mono">{f.digits(c.getValue())}</span>,
    }),
    column.accessor('code', {
      header: t('catalog.game'),
      cell: (c) => (
        <span className="cd-title">
          {nameIn(c.row.original.names, i18n.language, c.getValue())} <code className="cat-code">{c.getValue()}</code>
        </span>
      ),
    }),
    column.accessor('vassalage', {
      header: t('catalog.vendor'),
      cell: (c) => <code className="cat-code">{c.getValue()}</code>,
    }),
    column.accessor('enabled', {
      header: t('catalog.onOff'),
      cell: (c) => sw(c.row.original, 'enabled', nameIn(c.row.original.names, i18n.language, c.row.original.code)),
    }),
    column.accessor('isHot', {
      header: t('catalog.hot'),
      cell: (c) => sw(c.row.original, 'isHot', nameIn(c.row.original.names, i18n.language, c.row.original.code)),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('content.actions')}</span>,
      cell: (c) => (
        <button type="button" className="button button-small" onClick={() => setEditing(c.row.original)}>
          {canWrite ? t('content.edit') : t('content.view')}
          <span className="visually-hidden"> {c.row.original.code}</span>
        </button>
      ),
    }),
  ];
  return (
    <section className="cd-list" aria-label={t('catalog.games')}>
      <p className="page-text">{t('catalog.gamesAbout')}</p>
      {canWrite && (vendors.data ?? []).some((v) => v.category !== 'INHOUSE') && (
        <div className="cat-toolbar">
          <button type="button" className="button button-primary" onClick={() => setAdding(true)}>
            {t('catalog.add.game')}
          </button>
        </div>
      )}
      {flip.error && (
        <p className="form-error" role="alert">
          {errorText(t, flip.error)}
        </p>
      )}
      <DataTable<CatalogGameRow>
        label={t('catalog.games')}
        queryKey={GAMES_KEY}
        columns={columns}
        fetchPage={fetchGamesPage}
        getRowId={(g) => String(g.id)}
        filters={[
          {
            id: 'vendorId',
            label: t('catalog.vendor'),
            type: 'select',
            options: [
              { value: '', label: t('catalog.allVendors') },
              ...(vendors.data ?? []).map((v) => ({
                value: String(v.id),
                label: `${nameIn(v.names, i18n.language, v.name)} (${v.vassalage})`,
              })),
            ],
          },
          {
            id: 'status',
            label: t('catalog.status'),
            type: 'select',
            options: CATALOG_GAME_STATUSES.map((s) => ({
              value: s === 'all' ? '' : s,
              label: t(`catalog.statuses.${s}`),
            })),
          },
          { id: 'q', label: t('catalog.search'), placeholder: t('catalog.searchHint') },
        ]}
        pageSizes={[25, 50, 100]}
        defaultPageSize={50}
        emptyTitle={t('catalog.noGames')}
        emptyText={t('catalog.noGamesText')}
      />
    </section>
  );
}
