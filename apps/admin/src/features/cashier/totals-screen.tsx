import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useTotals } from './api';
import { useMoney } from './shared';

/** 'YYYY-MM-DD' in the back office's zone (Asia/Dhaka keeps UTC+6 all year), `days` from today. */
export function dhakaDay(days = 0): string {
  return new Date(Date.now() + 6 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Credited deposits and paid withdrawals per day and method, with fees, and a bar of each day's share. */
export function TotalsScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const [from, setFrom] = useState(dhakaDay(-6));
  const [to, setTo] = useState(dhakaDay());
  const q = useTotals(from, to);
  const largest = Math.max(1, ...(q.data?.list ?? []).map((r) => Number(r.amount.amount)));
  return (
    <section aria-label={t('cashier.totals.title')}>
      <div className="row cashier-filters">
        <div className="field">
          <label htmlFor="totals-from">{t('cashier.totals.from')}</label>
          <input id="totals-from" type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="totals-to">{t('cashier.totals.to')}</label>
          <input id="totals-to" type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
        </div>
        <p className="page-text">{t('cashier.totals.zone')}</p>
      </div>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />
      ) : q.data.list.length === 0 ? (
        <EmptyState title={t('cashier.totals.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="cd-table" aria-label={t('cashier.totals.title')}>
            <thead>
              <tr>
                <th scope="col">{t('cashier.totals.day')}</th>
                <th scope="col">{t('cashier.request.method')}</th>
                <th scope="col">{t('cashier.request.type')}</th>
                <th scope="col">{t('cashier.totals.count')}</th>
                <th scope="col">{t('cashier.request.amount')}</th>
                <th scope="col">{t('cashier.totals.fees')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('cashier.totals.bar')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {[...q.data.list].reverse().map((r) => (
                <tr key={`${r.day}-${r.methodId}-${r.direction}`}>
                  <th scope="row" className="mono">
                    {f.digits(r.day)}
                  </th>
                  <td>{r.methodName || '—'}</td>
                  <td>{t(`cashier.types.${r.direction}`)}</td>
                  <td className="mono">{f.count(r.count)}</td>
                  <td className="mono">{money(r.amount)}</td>
                  <td className="mono">{money(r.fees)}</td>
                  <td className="cashier-bar-cell" aria-hidden="true">
                    <meter
                      className={`cashier-bar cashier-bar-${r.direction}`}
                      min={0}
                      max={largest}
                      value={Number(r.amount.amount)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
