import { call } from '@khela/client';
import { dashboardCall } from '@khela/contract/endpoints';
import type { Dashboard } from '@khela/contract/staff-dashboard';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page';
import { ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';

// The charting library loads with the dashboard only, never with the login or the other screens.
const DailyChart = lazy(() => import('./daily-chart').then((m) => ({ default: m.DailyChart })));

/** The live counts change by the minute; the days are recounted every ten (decision 0034). */
const REFRESH_MS = 60_000;

/** Today and the last 30 days of the staff member's brand, as figures, charts and a table. */
export function DashboardPage() {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useQuery({
    queryKey: ['bo', 'dashboard'],
    queryFn: ({ signal }) => call(dashboardCall, {}, { signal }),
    refetchInterval: REFRESH_MS,
  });
  const d = q.data;
  const money = (amount: string) => (d ? f.money(amount, { decimals: d.decimals, symbol: d.currencySymbol }) : '');
  const today = d?.days.at(-1);

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        text={d?.countedAt ? t('dashboard.countedAt', { at: f.at(d.countedAt) }) : t('dashboard.intro')}
      />
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />
      ) : d && today ? (
        <>
          <section className="figure-grid" aria-label={t('dashboard.today')}>
            <Figure label={t('dashboard.stakes')} value={money(today.stakes)} />
            <Figure label={t('dashboard.wins')} value={money(today.wins)} />
            <Figure
              label={t('dashboard.ggr')}
              value={money(today.ggr)}
              tone={today.ggr.startsWith('-') ? 'loss' : 'gain'}
            />
            <Figure label={t('dashboard.bets')} value={f.count(today.bets)} />
            <Figure label={t('dashboard.newPlayers')} value={f.count(today.newPlayers)} />
            <Figure label={t('dashboard.activePlayers')} value={f.count(today.activePlayers)} />
            <Figure label={t('dashboard.online')} value={f.count(d.live.onlinePlayers)} live />
            <Figure label={t('dashboard.openRounds')} value={f.count(d.live.openRounds)} live />
          </section>
          <CashierToday dashboard={d} money={money} />
          <Suspense fallback={<Loading />}>
            <DailyChart dashboard={d} />
          </Suspense>
          <DaysTable dashboard={d} money={money} />
        </>
      ) : null}
    </>
  );
}

function Figure({
  label,
  value,
  tone,
  live,
}: {
  label: string;
  value: string;
  tone?: 'gain' | 'loss';
  live?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className={`figure${tone ? ` figure-${tone}` : ''}`}>
      <span className="figure-label">
        {label}
        {live && <span className="figure-live">{t('dashboard.now')}</span>}
      </span>
      <strong className="figure-value">{value}</strong>
    </div>
  );
}

/** The 30 days as numbers, newest first: what the charts draw, for reading and copying. */
function DaysTable({ dashboard, money }: { dashboard: Dashboard; money: (a: string) => string }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <div className="table-scroll">
      <table className="days-table" aria-label={t('dashboard.byDay')}>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.day')}</th>
            <th scope="col">{t('dashboard.stakes')}</th>
            <th scope="col">{t('dashboard.wins')}</th>
            <th scope="col">{t('dashboard.ggr')}</th>
            <th scope="col">{t('dashboard.bets')}</th>
            <th scope="col">{t('dashboard.newPlayers')}</th>
            <th scope="col">{t('dashboard.activePlayers')}</th>
          </tr>
        </thead>
        <tbody>
          {[...dashboard.days].reverse().map((day) => (
            <tr key={day.day}>
              <th scope="row">{f.digits(day.day)}</th>
              <td>{money(day.stakes)}</td>
              <td>{money(day.wins)}</td>
              <td>{money(day.ggr)}</td>
              <td>{f.count(day.bets)}</td>
              <td>{f.count(day.newPlayers)}</td>
              <td>{f.count(day.activePlayers)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How long the oldest request has waited, in the largest two units. */
function useAge() {
  const { t } = useTranslation();
  const f = useFormat();
  return (seconds: number | null) => {
    if (seconds === null) return t('dashboard.cashier.none');
    const d = Math.floor(seconds / 86_400);
    const h = Math.floor((seconds % 86_400) / 3600);
    const m = Math.floor((seconds % 3600) / 60);
    const age =
      d > 0
        ? t('dashboard.cashier.age.dh', { d: f.digits(d), h: f.digits(h) })
        : h > 0
          ? t('dashboard.cashier.age.hm', { h: f.digits(h), m: f.digits(m) })
          : t('dashboard.cashier.age.m', { m: f.digits(m) });
    return t('dashboard.cashier.oldest', { age });
  };
}

/** Today's money in and out, its fees, and what waits at the finance desk (CASHIER.md). */
function CashierToday({ dashboard, money }: { dashboard: Dashboard; money: (a: string) => string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const age = useAge();
  const c = dashboard.cashier;
  return (
    <section className="figure-grid" aria-label={t('dashboard.cashier.title')}>
      <div className="figure">
        <span className="figure-label">{t('dashboard.cashier.deposits')}</span>
        <strong className="figure-value">{money(c.deposits)}</strong>
        <small>{t('dashboard.cashier.count', { n: f.count(c.depositCount) })}</small>
      </div>
      <div className="figure">
        <span className="figure-label">{t('dashboard.cashier.withdrawals')}</span>
        <strong className="figure-value">{money(c.withdrawals)}</strong>
        <small>{t('dashboard.cashier.count', { n: f.count(c.withdrawalCount) })}</small>
      </div>
      <div className="figure">
        <span className="figure-label">{t('dashboard.cashier.fees')}</span>
        <strong className="figure-value">{money(c.fees)}</strong>
      </div>
      <div className="figure">
        <span className="figure-label">
          {t('dashboard.cashier.depositQueue')}
          <span className="figure-live">{t('dashboard.now')}</span>
        </span>
        <strong className="figure-value">{f.count(c.queues.deposits.total)}</strong>
        <small>{age(c.queues.deposits.oldestAgeSeconds)}</small>
      </div>
      <div className="figure">
        <span className="figure-label">
          {t('dashboard.cashier.withdrawQueue')}
          <span className="figure-live">{t('dashboard.now')}</span>
        </span>
        <strong className="figure-value">{f.count(c.queues.withdrawals.total)}</strong>
        <small>{age(c.queues.withdrawals.oldestAgeSeconds)}</small>
      </div>
    </section>
  );
}
