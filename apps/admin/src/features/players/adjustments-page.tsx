import { call } from '@khela/client';
import { adjustmentsCall, approveAdjustmentCall, rejectAdjustmentCall } from '@khela/contract/endpoints';
import { ADJUSTMENT_STATUSES, type Adjustment, ApproveBody, ReasonBody } from '@khela/contract/staff-players';
import type { z } from '@khela/contract/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type PageRequest } from '../../components/data-table';
import { applyServerErrors, Field, FormError, fieldAria, useContractForm } from '../../components/form';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { Dialog, type Rights, useMoney } from './shared';

type Row = z.infer<typeof Adjustment>;
type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
const column = createColumnHelper<Row>();
const QUEUE_KEY = ['bo', 'adjustments'] as const;

/** The brand's adjustments of one status, newest first; the next page starts below the last id. */
function fetcherOf(status: AdjustmentStatus) {
  return async (r: PageRequest, signal: AbortSignal) => {
    const rows = await call(
      adjustmentsCall,
      { status, before: r.cursor ? Number(r.cursor) : undefined, pageSize: r.pageSize },
      { signal },
    );
    const last = rows.at(-1);
    return { rows, nextCursor: rows.length === r.pageSize && last ? String(last.id) : null };
  };
}

/**
 * Adjustments above the brand's threshold wait here for a second staff member (four-eyes). The
 * server refuses the requester's own approval; the screen shows its words rather than guessing.
 */
export function AdjustmentsQueue({ rights }: { rights: Rights }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const asked = params.get('status') as AdjustmentStatus;
  const status: AdjustmentStatus = ADJUSTMENT_STATUSES.includes(asked) ? asked : 'pending';
  const [deciding, setDeciding] = useState<{ row: Row; how: 'approve' | 'reject' } | null>(null);
  const mine = (r: Row) => r.requestedBy === rights.me.id;
  const columns = [
    column.accessor('id', {
      header: t('players.id'),
      cell: (c) => <span className="mono">{f.digits(c.getValue())}</span>,
    }),
    column.accessor('requestedAt', {
      header: t('players.queue.requestedAt'),
      cell: (c) => <span className="mono">{f.at(c.getValue())}</span>,
    }),
    column.accessor('account', {
      header: t('players.queue.player'),
      cell: (c) => (
        <Link to={`/players/${c.row.original.memberId}`}>
          {c.getValue()} <span className="mono muted">({f.digits(c.row.original.memberId)})</span>
        </Link>
      ),
    }),
    column.accessor('amount', {
      header: t('players.ledger.amount'),
      cell: (c) => (
        <span className={`mono amount ${c.getValue().amount.startsWith('-') ? 'amount-out' : 'amount-in'}`}>
          {money(c.getValue().amount, c.getValue(), true)}
        </span>
      ),
    }),
    column.accessor('category', {
      header: t('players.adjust.category'),
      cell: (c) => t(`players.adjust.categories.${c.getValue()}`),
    }),
    column.accessor('reason', { header: t('players.reason') }),
    column.accessor('requestedBy', {
      header: t('players.queue.requestedBy'),
      cell: (c) =>
        mine(c.row.original) ? (
          <span className="badge badge-quiet">{t('players.queue.you')}</span>
        ) : (
          <span className="mono">{t('players.queue.staff', { id: f.digits(c.getValue()) })}</span>
        ),
    }),
    ...(status === 'pending'
      ? [
          column.display({
            id: 'actions',
            header: () => <span className="visually-hidden">{t('players.actions')}</span>,
            cell: (c) =>
              rights.adjust ? (
                <span className="row">
                  <button
                    type="button"
                    className="button button-small button-primary"
                    onClick={() => setDeciding({ row: c.row.original, how: 'approve' })}
                  >
                    {t('players.queue.approve')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => setDeciding({ row: c.row.original, how: 'reject' })}
                  >
                    {mine(c.row.original) ? t('players.queue.withdraw') : t('players.queue.reject')}
                  </button>
                </span>
              ) : null,
          }),
        ]
      : [
          column.accessor('decidedAt', {
            header: t('players.queue.decidedAt'),
            cell: (c) => <span className="mono">{c.getValue() ? f.at(c.getValue() as string) : '—'}</span>,
          }),
          column.accessor('balanceAfter', {
            header: t('players.ledger.balanceAfter'),
            cell: (c) => (
              <span className="mono">
                {c.getValue() === null ? '—' : money(c.getValue() as string, c.row.original.amount)}
              </span>
            ),
          }),
        ]),
  ];
  return (
    <div className="stack">
      <nav className="tabs tabs-small" aria-label={t('players.queue.statuses')}>
        {ADJUSTMENT_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={s === status ? 'tab active' : 'tab'}
            aria-pressed={s === status}
            onClick={() => setParams(s === 'pending' ? {} : { status: s })}
          >
            {t(`players.queue.status.${s}`)}
          </button>
        ))}
      </nav>
      <DataTable<Row>
        label={t('players.queue.title')}
        queryKey={[...QUEUE_KEY, status]}
        columns={columns}
        fetchPage={fetcherOf(status)}
        getRowId={(r) => String(r.id)}
        pageSizes={[25, 50, 100]}
        defaultPageSize={25}
        emptyTitle={t(`players.queue.empty.${status}`)}
      />
      {deciding && <DecideDialog {...deciding} onClose={() => setDeciding(null)} />}
    </div>
  );
}

function DecideDialog({ row, how, onClose }: { row: Row; how: 'approve' | 'reject'; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const queryClient = useQueryClient();
  // A rejection says why; an approval may carry a note.
  const form = useContractForm(how === 'reject' ? ReasonBody : ApproveBody, { defaultValues: { reason: '' } });
  const decide = useMutation({
    mutationFn: (v: { reason?: string }) =>
      how === 'approve'
        ? call(approveAdjustmentCall, { params: { id: row.id }, body: { reason: v.reason?.trim() || undefined } })
        : call(rejectAdjustmentCall, { params: { id: row.id }, body: { reason: v.reason ?? '' } }),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: QUEUE_KEY });
      queryClient.invalidateQueries({ queryKey: ['bo', 'players', row.memberId] });
      onClose();
    },
    onError: (e) => applyServerErrors(form, e),
  });
  const errors = form.formState.errors;
  const amount = money(row.amount.amount, row.amount, true);
  return (
    <Dialog
      title={how === 'approve' ? t('players.queue.approveTitle') : t('players.queue.rejectTitle')}
      onClose={onClose}
    >
      <form className="stack" noValidate onSubmit={form.handleSubmit((v) => decide.mutate(v))}>
        <dl className="review">
          <div>
            <dt>{t('players.queue.player')}</dt>
            <dd>{row.account}</dd>
          </div>
          <div>
            <dt>{t('players.ledger.amount')}</dt>
            <dd className="review-amount">{amount}</dd>
          </div>
          <div>
            <dt>{t('players.adjust.category')}</dt>
            <dd>{t(`players.adjust.categories.${row.category}`)}</dd>
          </div>
          <div>
            <dt>{t('players.reason')}</dt>
            <dd>{row.reason}</dd>
          </div>
        </dl>
        <p className={how === 'approve' ? 'notice notice-warning' : 'notice notice-info'}>
          {how === 'approve'
            ? t('players.queue.approveText', { amount, account: row.account })
            : t('players.queue.rejectText')}
        </p>
        <Field
          id="decide-reason"
          label={how === 'approve' ? t('players.queue.note') : t('players.reason')}
          error={errors.reason?.message}
        >
          <textarea
            rows={2}
            {...fieldAria('decide-reason', errors.reason)}
            {...form.register('reason', {
              // An approval's note is optional: nothing typed is no note.
              setValueAs: (v: unknown) => (how === 'approve' && typeof v === 'string' && !v.trim() ? undefined : v),
            })}
          />
        </Field>
        <FormError message={errors.root?.server?.message} />
        {decide.isError && !errors.root && <p className="form-error">{errorText(t, decide.error)}</p>}
        <div className="row dialog-actions">
          <button type="button" className="button button-quiet" onClick={onClose}>
            {t('players.cancel')}
          </button>
          <button
            type="submit"
            className={how === 'approve' ? 'button button-primary' : 'button button-danger'}
            disabled={decide.isPending}
          >
            {how === 'approve' ? t('players.queue.approveConfirm') : t('players.queue.rejectConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
