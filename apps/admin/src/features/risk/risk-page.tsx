import { ApiError } from '@khela/client';
import type { HeldWinView } from '@khela/contract/staff-risk';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type PageRequest } from '../../components/data-table';
import { PageHeader } from '../../components/page';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { allows, useMe } from '../../lib/staff';
import { fetchHeldWins, RISK_KEY, type RiskAction, useAwaitingApproval, useRiskDecision } from './api';
import './risk.css';

const column = createColumnHelper<HeldWinView>();
const STATUSES = ['held', 'released', 'voided'] as const;

type Status = (typeof STATUSES)[number];

/** One page of the wins in `status`: waiting ones oldest first, decided ones newest first. */
const pagesOf = (status: Status) => async (r: PageRequest, signal: AbortSignal) => {
  const page = await fetchHeldWins(
    { status, pageSize: r.pageSize, ...(r.cursor ? { after: Number(r.cursor) } : {}) },
    signal,
  );
  return { rows: page.list, nextCursor: page.next === null ? null : String(page.next) };
};

/** Symbols of the currencies Khela's brands use; another shows its code. */
const SYMBOLS: Record<string, string> = { BDT: '৳' };

/** A held win's money through the one formatter: "২০,০০০.০০৳" in Bengali, "৳20,000.00" in English. */
function useMoney() {
  const f = useFormat();
  return (m: { amount: string; currency: string }) => {
    const decimals = m.amount.split('.')[1]?.length ?? 0;
    const symbol = SYMBOLS[m.currency];
    return symbol ? f.money(m.amount, { decimals, symbol }) : `${f.money(m.amount, { decimals })} ${m.currency}`;
  };
}

/**
 * The Risk desk (decisions 0025, 0038): provider wins held over the brand's caps, released to the
 * player or voided to the house with a reason and a confirmation; above the brand's threshold a
 * second staff member approves what the first asked.
 */
export function RiskPage() {
  const { t } = useTranslation();
  const me = useMe();
  const canWrite = allows(me.data, 'risk.write');
  const [asking, setAsking] = useState<{ action: RiskAction; win: HeldWinView } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const open = (action: RiskAction, win: HeldWinView) => {
    setDone(null);
    setAsking({ action, win });
  };
  return (
    <>
      <PageHeader title={t('risk.title')} text={t('risk.intro')} />
      {done && (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      )}
      <Awaiting canWrite={canWrite} myId={me.data?.id} onAct={open} />
      <section className="risk-section">
        <h2>{t('risk.heldTitle')}</h2>
        <HeldWins canWrite={canWrite} myId={me.data?.id} onAct={open} />
      </section>
      {asking && (
        <Decision
          action={asking.action}
          win={asking.win}
          onClose={() => setAsking(null)}
          onDone={(text) => {
            setAsking(null);
            setDone(text);
          }}
        />
      )}
    </>
  );
}

type ActProps = { canWrite: boolean; myId: number | undefined; onAct: (a: RiskAction, w: HeldWinView) => void };

function Actions({ win, canWrite, myId, onAct }: ActProps & { win: HeldWinView }) {
  const { t } = useTranslation();
  if (!canWrite || win.status !== 'held') return null;
  const name = win.account;
  if (win.pending) {
    const mine = win.pending.requestedBy === myId;
    return (
      <div className="row risk-actions">
        {!mine && (
          <button
            type="button"
            className="button button-small button-primary"
            aria-label={t('risk.approveOf', { player: name })}
            onClick={() => onAct('approve', win)}
          >
            {t('risk.approve')}
          </button>
        )}
        <button
          type="button"
          className="button button-small"
          aria-label={t(mine ? 'risk.withdrawOf' : 'risk.declineOf', { player: name })}
          onClick={() => onAct('decline', win)}
        >
          {mine ? t('risk.withdraw') : t('risk.decline')}
        </button>
      </div>
    );
  }
  return (
    <div className="row risk-actions">
      <button
        type="button"
        className="button button-small button-primary"
        aria-label={t('risk.releaseOf', { player: name })}
        onClick={() => onAct('release', win)}
      >
        {t('risk.release')}
      </button>
      <button
        type="button"
        className="button button-small button-danger"
        aria-label={t('risk.voidOf', { player: name })}
        onClick={() => onAct('void', win)}
      >
        {t('risk.void')}
      </button>
    </div>
  );
}

function StatusCell({ win }: { win: HeldWinView }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (win.pending)
    return (
      <span className="risk-pending">
        {t(`risk.awaits.${win.pending.decision}`)}
        <small>{t('risk.askedBy', { who: win.pending.requestedByName, at: f.at(win.pending.requestedAt) })}</small>
      </span>
    );
  return (
    <span className={`risk-status risk-status-${win.status}`}>
      {t(`risk.statuses.${win.status}`)}
      {win.needsSecondStaff && win.status === 'held' && <small>{t('risk.fourEyes')}</small>}
    </span>
  );
}

/** The held amount, and under it the cap it went over. */
function AmountCell({ win }: { win: HeldWinView }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <span className="risk-game" title={t('risk.stakeWas', { stake: money(win.stakeTotal) })}>
      <span className="risk-amount">{money(win.amount)}</span>
      <small>{t(`risk.holdReasons.${win.holdReason}`)}</small>
    </span>
  );
}

/** Vendor and game on one line, the round under them: the columns stay few enough for a tablet. */
function GameCell({ win }: { win: HeldWinView }) {
  const { t } = useTranslation();
  return (
    <span className="risk-game">
      <span>
        <span className="mono">{win.vendor}</span> · <span className="mono">{win.gameCode}</span>
      </span>
      <small className="mono risk-round" title={win.roundId}>
        {t('risk.roundId', { id: win.roundId })}
      </small>
    </span>
  );
}

function useColumns(p: ActProps) {
  const { t } = useTranslation();
  const f = useFormat();
  return [
    column.accessor('account', {
      header: t('risk.player'),
      cell: (c) => (
        <span className="risk-player">
          {c.getValue()}
          <small className="mono">#{f.digits(c.row.original.memberId)}</small>
        </span>
      ),
    }),
    column.accessor('gameCode', {
      header: t('risk.game'),
      cell: (c) => <GameCell win={c.row.original} />,
    }),
    column.accessor('amount', {
      header: t('risk.amount'),
      cell: (c) => <AmountCell win={c.row.original} />,
    }),
    column.accessor('heldAt', {
      header: t('risk.heldAt'),
      cell: (c) => <span className="mono risk-when">{f.at(c.getValue())}</span>,
    }),
    column.accessor('status', { header: t('risk.status'), cell: (c) => <StatusCell win={c.row.original} /> }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">{t('risk.actions')}</span>,
      cell: (c) => <Actions win={c.row.original} {...p} />,
    }),
  ];
}

function Awaiting(p: ActProps) {
  const { t } = useTranslation();
  const query = useAwaitingApproval();
  const columns = useColumns(p);
  const money = useMoney();
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState message={errorText(t, query.error)} onRetry={() => query.refetch()} />;
  const list = query.data.list;
  return (
    <section className="risk-section" aria-labelledby="risk-awaiting-title">
      <h2 id="risk-awaiting-title">{t('risk.awaitingTitle')}</h2>
      <p className="page-text">{t('risk.awaitingText', { threshold: money(query.data.threshold) })}</p>
      {list.length === 0 ? (
        <EmptyState title={t('risk.awaitingEmpty')} />
      ) : (
        <div className="table-scroll">
          <table aria-label={t('risk.awaitingTitle')}>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed.
                  <th key={i} scope="col">
                    {typeof c.header === 'string' ? (
                      c.header
                    ) : (
                      <span className="visually-hidden">{t('risk.actions')}</span>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((w) => (
                <AwaitingRow key={w.id} win={w} {...p} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function AwaitingRow({ win, ...p }: ActProps & { win: HeldWinView }) {
  const f = useFormat();
  return (
    <tr>
      <td>
        <span className="risk-player">
          {win.account}
          <small className="mono">#{f.digits(win.memberId)}</small>
        </span>
      </td>
      <td>
        <GameCell win={win} />
      </td>
      <td>
        <AmountCell win={win} />
      </td>
      <td>
        <span className="mono risk-when">{f.at(win.heldAt)}</span>
      </td>
      <td>
        <StatusCell win={win} />
        {win.pending && <p className="risk-asked-reason">“{win.pending.reason}”</p>}
      </td>
      <td className="cell-action">
        <Actions win={win} {...p} />
      </td>
    </tr>
  );
}

function HeldWins(p: ActProps) {
  const { t } = useTranslation();
  const columns = useColumns(p);
  const [status, setStatus] = useState<Status>('held');
  return (
    <>
      <fieldset className="row risk-tabs">
        <legend className="visually-hidden">{t('risk.show')}</legend>
        {STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`button button-small${s === status ? ' button-primary' : ''}`}
            aria-pressed={s === status}
            onClick={() => setStatus(s)}
          >
            {t(`risk.tabs.${s}`)}
          </button>
        ))}
      </fieldset>
      <HeldTable key={status} status={status} columns={columns} />
    </>
  );
}

function HeldTable({ status, columns }: { status: Status; columns: ReturnType<typeof useColumns> }) {
  const { t } = useTranslation();
  return (
    <DataTable<HeldWinView>
      label={t('risk.heldTitle')}
      queryKey={[...RISK_KEY, 'list', status]}
      columns={columns}
      fetchPage={pagesOf(status)}
      getRowId={(r) => String(r.id)}
      pageSizes={[25, 50, 100]}
      defaultPageSize={50}
      emptyTitle={t('risk.empty')}
      emptyText={t('risk.emptyText')}
      hasDetails={(r) => r.note !== null || r.decidedAt !== null}
      renderDetails={(r) => <Decided win={r} />}
    />
  );
}

function Decided({ win }: { win: HeldWinView }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <dl className="risk-decided">
      <dt>{t('risk.decidedAt')}</dt>
      <dd className="mono">{win.decidedAt ? f.at(win.decidedAt) : '—'}</dd>
      <dt>{t('risk.decidedBy')}</dt>
      <dd className="mono">{win.decidedBy ?? '—'}</dd>
      <dt>{t('risk.note')}</dt>
      <dd>{win.note ?? '—'}</dd>
      <dt>{t('risk.txId')}</dt>
      <dd className="mono">{win.txId}</dd>
    </dl>
  );
}

/** The confirmation of one decision: what will happen, and why (required but for an approval). */
function Decision({
  action,
  win,
  onClose,
  onDone,
}: {
  action: RiskAction;
  win: HeldWinView;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const decide = useRiskDecision();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const needsReason = action !== 'approve';
  const what = action === 'approve' || action === 'decline' ? (win.pending?.decision ?? 'release') : action;
  const submit = () => {
    const text = reason.trim();
    if (needsReason && text === '') {
      setError(t('validation.required'));
      return;
    }
    decide.mutate(
      { action, win, reason: text },
      {
        onSuccess: (r) => onDone(t(`risk.outcomes.${r.outcome}`, { player: win.account, amount: money(win.amount) })),
        onError: (e) =>
          setError(e instanceof ApiError && e.fieldErrors?.reason ? t('validation.invalid') : errorText(t, e)),
      },
    );
  };
  return (
    <ConfirmDialog
      title={t(`risk.confirm.${action}`)}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('risk.cancel')}
          </button>
          <button
            type="button"
            className={`button ${action === 'void' ? 'button-danger' : 'button-primary'}`}
            disabled={decide.isPending}
            onClick={submit}
          >
            {t(`risk.confirmButton.${action}`)}
          </button>
        </>
      }
    >
      <p>{t(`risk.confirmText.${what}`, { player: win.account, amount: money(win.amount), vendor: win.vendor })}</p>
      {win.needsSecondStaff && (action === 'release' || action === 'void') && (
        <p className="notice notice-info">{t('risk.fourEyesText')}</p>
      )}
      {win.pending && (action === 'approve' || action === 'decline') && (
        <p className="notice">
          {t('risk.askedBy', { who: win.pending.requestedByName, at: '' })} “{win.pending.reason}”
        </p>
      )}
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor="risk-reason">{needsReason ? t('risk.reasonLabel') : t('risk.reasonOptional')}</label>
        <textarea
          id="risk-reason"
          rows={3}
          maxLength={200}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'risk-reason-error' : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            setError(null);
          }}
        />
        {error && (
          <p className="field-error" id="risk-reason-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
