import { call } from '@khela/client';
import { playerLedgerCall, playerRoundsCall } from '@khela/contract/endpoints';
import type { LedgerRow, RoundRow } from '@khela/contract/staff-players';
import type { z } from '@khela/contract/zod';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { DataTable, type PageRequest } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import { type Profile, useMoney } from './shared';

type Ledger = z.infer<typeof LedgerRow>;
type Round = z.infer<typeof RoundRow>;
const ledgerColumn = createColumnHelper<Ledger>();
const roundColumn = createColumnHelper<Round>();

const historyQuery = (r: PageRequest) => ({ before: r.cursor ?? undefined, pageSize: r.pageSize });

/** The wallet's movements, newest first, a page at a time (the server's `next` opens the older one). */
function useLedgerColumns(p: Profile) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  return [
    ledgerColumn.accessor('txId', {
      header: t('players.ledger.tx'),
      cell: (c) => <span className="mono">{f.digits(c.getValue())}</span>,
    }),
    ledgerColumn.accessor('at', {
      header: t('players.at'),
      cell: (c) => <span className="mono">{f.at(c.getValue())}</span>,
    }),
    ledgerColumn.accessor('kind', {
      header: t('players.ledger.kind'),
      cell: (c) => (
        <span title={c.getValue()}>{t(`players.ledger.kinds.${c.getValue()}`, { defaultValue: c.getValue() })}</span>
      ),
    }),
    ledgerColumn.accessor('amount', {
      header: t('players.ledger.amount'),
      cell: (c) => (
        <span className={`mono amount ${c.getValue().startsWith('-') ? 'amount-out' : 'amount-in'}`}>
          {money(c.getValue(), p.balance, true)}
        </span>
      ),
    }),
    ledgerColumn.accessor('balanceAfter', {
      header: t('players.ledger.balanceAfter'),
      cell: (c) => (
        <span className="mono">{c.getValue() === null ? '—' : money(c.getValue() as string, p.balance)}</span>
      ),
    }),
    ledgerColumn.accessor('category', {
      header: t('players.ledger.category'),
      cell: (c) => {
        const category = c.getValue();
        return category ? t(`players.adjust.categories.${category}`) : '—';
      },
    }),
    ledgerColumn.accessor('memo', { header: t('players.ledger.memo'), cell: (c) => c.getValue() || '—' }),
    ledgerColumn.accessor('roundId', {
      header: t('players.ledger.round'),
      cell: (c) => (
        <span className="mono clip" title={c.getValue() ?? undefined}>
          {c.getValue() ?? '—'}
        </span>
      ),
    }),
  ];
}

export function LedgerTab({ p }: { p: Profile }) {
  const { t } = useTranslation();
  const columns = useLedgerColumns(p);
  const fetchPage = async (r: PageRequest, signal: AbortSignal) => {
    const page = await call(playerLedgerCall, { params: { id: p.id }, query: historyQuery(r) }, { signal });
    return { rows: page.list, nextCursor: page.next };
  };
  return (
    <DataTable<Ledger>
      label={t('players.tab.ledger')}
      queryKey={['bo', 'players', p.id, 'ledger']}
      columns={columns}
      fetchPage={fetchPage}
      getRowId={(r) => r.txId + r.key}
      pageSizes={[25, 50, 100, 200]}
      defaultPageSize={25}
      emptyTitle={t('players.ledger.empty')}
    />
  );
}

/** Rounds in-house and of providers; an in-house one links to the player site's fairness check. */
export function RoundsTab({ p }: { p: Profile }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const amount = (v: string) => money(v, p.balance);
  const columns = [
    roundColumn.accessor('openedAt', {
      header: t('players.at'),
      cell: (c) => <span className="mono">{f.at(c.getValue())}</span>,
    }),
    roundColumn.accessor('gameCode', {
      header: t('players.rounds.game'),
      cell: (c) => (
        <>
          {c.getValue()} <span className="muted">· {c.row.original.vendor}</span>
        </>
      ),
    }),
    roundColumn.accessor('roundId', {
      header: t('players.rounds.round'),
      cell: (c) => (
        <span className="mono clip" title={c.getValue()}>
          {c.getValue()}
        </span>
      ),
    }),
    roundColumn.accessor('stake', {
      header: t('players.rounds.stake'),
      cell: (c) => <span className="mono">{amount(c.getValue())}</span>,
    }),
    roundColumn.accessor('win', {
      header: t('players.rounds.win'),
      cell: (c) => <span className="mono">{amount(c.getValue())}</span>,
    }),
    roundColumn.accessor('status', {
      header: t('players.statusLabel'),
      cell: (c) => <span className={`badge round-${c.getValue()}`}>{t(`players.rounds.status.${c.getValue()}`)}</span>,
    }),
    roundColumn.accessor('replayUrl', {
      header: t('players.rounds.fairness'),
      cell: (c) =>
        c.getValue() ? (
          // The player site's own page, on the same origin: it checks the round in the browser.
          <a href={c.getValue() as string} target="_blank" rel="noreferrer">
            {t('players.rounds.replay')}
          </a>
        ) : (
          '—'
        ),
    }),
  ];
  const fetchPage = async (r: PageRequest, signal: AbortSignal) => {
    const page = await call(playerRoundsCall, { params: { id: p.id }, query: historyQuery(r) }, { signal });
    return { rows: page.list, nextCursor: page.next };
  };
  return (
    <DataTable<Round>
      label={t('players.tab.rounds')}
      queryKey={['bo', 'players', p.id, 'rounds']}
      columns={columns}
      fetchPage={fetchPage}
      getRowId={(r) => r.id}
      pageSizes={[25, 50, 100, 200]}
      defaultPageSize={25}
      emptyTitle={t('players.rounds.empty')}
    />
  );
}
