import { call } from '@khela/client';
import { playerCashierCall } from '@khela/contract/endpoints';
import type { StaffRequest } from '@khela/contract/staff-cashier';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type PageRequest } from '../../components/data-table';
import { useFormat } from '../../lib/format';
import { reasonText } from '../../lib/reject-reason';
import { type Profile, useMoney } from './shared';

const column = createColumnHelper<StaffRequest>();

/** The player's deposits and withdrawals, newest first, each opening at the finance desk. */
export function CashierTab({ p }: { p: Profile }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const columns = [
    column.accessor('id', {
      header: t('players.cashier.id'),
      cell: (c) => (
        <Link
          className="mono"
          to={`/cashier/${c.row.original.type === 'deposit' ? 'deposits' : 'withdrawals'}/${c.getValue()}`}
        >
          #{f.digits(c.getValue())}
        </Link>
      ),
    }),
    column.accessor('createdAt', {
      header: t('players.at'),
      cell: (c) => <span className="mono">{f.at(c.getValue())}</span>,
    }),
    column.accessor('type', {
      header: t('players.cashier.type'),
      cell: (c) => t(`players.cashier.types.${c.getValue()}`),
    }),
    column.accessor('methodName', { header: t('players.cashier.method'), cell: (c) => c.getValue() || '—' }),
    column.accessor('amount', {
      header: t('players.cashier.amount'),
      cell: (c) => <span className="mono">{money(c.getValue().amount, c.getValue())}</span>,
    }),
    column.accessor('fee', {
      header: t('players.cashier.fee'),
      cell: (c) => <span className="mono">{money(c.getValue().amount, c.getValue())}</span>,
    }),
    column.accessor('state', {
      header: t('players.cashier.state'),
      cell: (c) => <span className="badge">{t(`players.cashier.states.${c.getValue()}`)}</span>,
    }),
    column.accessor('reason', {
      header: t('players.cashier.reason'),
      cell: (c) => {
        const reason = c.getValue();
        return reason ? reasonText(t, reason) : '—';
      },
    }),
  ];
  const fetchPage = async (r: PageRequest, signal: AbortSignal) => {
    const page = await call(
      playerCashierCall,
      { params: { id: p.id }, query: { before: r.cursor ?? undefined, pageSize: r.pageSize } } as never,
      { signal, headers: { language: i18n.language } },
    );
    return { rows: page.list, nextCursor: page.next };
  };
  return (
    <DataTable<StaffRequest>
      label={t('players.tab.cashier')}
      queryKey={['bo', 'players', p.id, 'cashier', i18n.language]}
      columns={columns}
      fetchPage={fetchPage}
      getRowId={(r) => r.id}
      pageSizes={[25, 50, 100, 200]}
      defaultPageSize={25}
      emptyTitle={t('players.cashier.empty')}
    />
  );
}
