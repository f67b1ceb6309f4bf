import type { StaffRequest } from '@khela/contract/staff-cashier';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { type QueueType, useQueue } from './api';
import { RequestDrawer } from './request-drawer';
import { ageText, StateBadge, useMoney } from './shared';

const PAGE_SIZE = 50;

/**
 * One queue, oldest first: how many wait and for how long at the top, a page of requests (the
 * server's keyset cursor opens the next), and the chosen request beside it.
 */
export function QueueScreen({
  type,
  openId,
  canApprove,
  myName,
}: {
  type: QueueType;
  openId: string | null;
  canApprove: boolean;
  myName: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  // The cursors of the pages before this one: Back pops one.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const q = useQueue(type, after, PAGE_SIZE);
  const base = type === 'deposit' ? '/cashier/deposits' : '/cashier/withdrawals';
  const title = t(type === 'deposit' ? 'cashier.queue.depositsTitle' : 'cashier.queue.withdrawalsTitle');
  return (
    <div className={`cashier-queue${openId ? ' cashier-queue-open' : ''}`}>
      <section className="cashier-list" aria-label={title}>
        {q.isPending ? (
          <Loading />
        ) : q.isError ? (
          <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />
        ) : (
          <>
            <div className="figure-grid cashier-figures">
              <div className="figure">
                <span className="figure-label">{t('cashier.queue.waiting')}</span>
                <strong className="figure-value">{f.count(q.data.total)}</strong>
              </div>
              <div className="figure">
                <span className="figure-label">{t('cashier.queue.oldest')}</span>
                <strong className="figure-value">{ageText(t, f, q.data.oldestAgeSeconds)}</strong>
              </div>
            </div>
            <p className="row cashier-updated">
              <span>{t('cashier.queue.updated', { time: f.at(q.dataUpdatedAt).slice(11, 16) })}</span>
              <button
                type="button"
                className="button button-small button-quiet"
                disabled={q.isFetching}
                onClick={() => void q.refetch()}
              >
                {t('cashier.queue.refresh')}
              </button>
            </p>
            {q.data.list.length === 0 ? (
              <EmptyState title={t('cashier.queue.empty')} text={t('cashier.queue.emptyText')} />
            ) : (
              <div className="table-scroll">
                <table className="cd-table" aria-label={title}>
                  <thead>
                    <tr>
                      <th scope="col">{t('cashier.request.id')}</th>
                      <th scope="col">{t('cashier.request.player')}</th>
                      <th scope="col">{t('cashier.request.method')}</th>
                      <th scope="col">{t('cashier.request.amount')}</th>
                      <th scope="col">{t('cashier.request.state')}</th>
                      <th scope="col">{t('cashier.request.age')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {q.data.list.map((r) => (
                      <Row key={r.id} r={r} base={base} current={r.id === openId} money={money} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <div className="row cashier-pager">
              <button
                type="button"
                className="button button-small"
                disabled={cursors.length < 2}
                onClick={() => setCursors((c) => c.slice(0, -1))}
              >
                {t('cashier.queue.previous')}
              </button>
              <button
                type="button"
                className="button button-small"
                disabled={q.data.next === null}
                onClick={() => setCursors((c) => [...c, q.data.next])}
              >
                {t('cashier.queue.next')}
              </button>
            </div>
          </>
        )}
      </section>
      {openId && <RequestDrawer id={openId} closeTo={base} canApprove={canApprove} myName={myName} />}
    </div>
  );
}

function Row({
  r,
  base,
  current,
  money,
}: {
  r: StaffRequest;
  base: string;
  current: boolean;
  money: ReturnType<typeof useMoney>;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <tr className={current ? 'row-current' : undefined}>
      <td>
        <Link
          to={`${base}/${r.id}`}
          className="mono"
          aria-label={t('cashier.queue.open', { id: r.id, player: r.account })}
        >
          #{f.digits(r.id)}
        </Link>
      </td>
      <td>
        {r.account}
        <small className="mono cashier-sub">#{f.digits(r.memberId)}</small>
      </td>
      <td>{r.methodName || '—'}</td>
      <td className="mono">{money(r.amount)}</td>
      <td>
        <StateBadge state={r.state} />
        {r.firstApprovedBy && r.state === 'under_review' && (
          <small className="cashier-sub cashier-waiting">{t('cashier.request.waitingSecond')}</small>
        )}
      </td>
      <td className="mono" title={f.at(r.createdAt)}>
        {ageText(t, f, r.ageSeconds)}
      </td>
    </tr>
  );
}
