import type { Dashboard } from '@khela/contract/staff-dashboard';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useFormat } from '../../lib/format';

const HEIGHT = 260;

/** The colours of the theme's tokens, read when the chart is drawn (light or dark). */
function token(name: string, fallback: string) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/**
 * Stakes, wins and GGR by day (money), and new and active players by day (counts), as two uPlot
 * line charts: uPlot draws on a canvas at a small size (~20 KB gzip), which is why it was chosen.
 * Without a canvas (a test's DOM) nothing is drawn; the table below has the same figures.
 */
export function DailyChart({ dashboard }: { dashboard: Dashboard }) {
  const { t } = useTranslation();
  const f = useFormat();
  const moneyRef = useRef<HTMLDivElement>(null);
  const playersRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!moneyRef.current || !playersRef.current || !document.createElement('canvas').getContext?.('2d')) return;
    const x = dashboard.days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const text = token('--muted', '#888');
    const grid = token('--border', '#333');
    const axis = (values: (v: number) => string): uPlot.Axis => ({
      stroke: text,
      grid: { stroke: grid, width: 1 },
      ticks: { stroke: grid },
      values: (_u, ticks) => ticks.map(values),
    });
    const dayAxis = axis((s) => f.digits(new Date(s * 1000).toISOString().slice(5, 10)));
    const width = moneyRef.current.clientWidth || 800;
    // The legend's values under the cursor, in the staff member's digits and grouping ('—' for none).
    const line = (label: string, stroke: string, format: (v: number) => string): uPlot.Series => ({
      label,
      stroke,
      width: 2,
      points: { show: false },
      value: (_u, v) => (v == null ? '—' : format(v)),
    });
    const amount = (v: number) => f.number(v);
    const count = (v: number) => f.count(Math.round(v));
    // The legend's first cell names the day under the cursor, in the staff member's digits.
    const daySeries: uPlot.Series = {
      label: t('dashboard.day'),
      value: (_u, v) => (v == null ? '—' : f.digits(new Date(v * 1000).toISOString().slice(0, 10))),
    };
    const money = new uPlot(
      {
        width,
        height: HEIGHT,
        scales: { x: { time: false } },
        axes: [dayAxis, { ...axis(amount), size: 70 }],
        series: [
          daySeries,
          line(t('dashboard.stakes'), '#3b82f6', amount),
          line(t('dashboard.wins'), '#f59e0b', amount),
          line(t('dashboard.ggr'), '#10b981', amount),
        ],
      },
      [x, ...(['stakes', 'wins', 'ggr'] as const).map((k) => dashboard.days.map((d) => Number(d[k])))],
      moneyRef.current,
    );
    const players = new uPlot(
      {
        width,
        height: HEIGHT,
        scales: { x: { time: false } },
        axes: [dayAxis, { ...axis(count), size: 60 }],
        series: [
          daySeries,
          line(t('dashboard.newPlayers'), '#8b5cf6', count),
          line(t('dashboard.activePlayers'), '#ec4899', count),
        ],
      },
      [x, dashboard.days.map((d) => d.newPlayers), dashboard.days.map((d) => d.activePlayers)],
      playersRef.current,
    );
    const resize = () => {
      const w = moneyRef.current?.clientWidth ?? width;
      money.setSize({ width: w, height: HEIGHT });
      players.setSize({ width: w, height: HEIGHT });
    };
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      money.destroy();
      players.destroy();
    };
  }, [dashboard, f, t]);

  return (
    <div className="chart-grid">
      <figure className="chart">
        <figcaption>{t('dashboard.moneyChart', { currency: dashboard.currency })}</figcaption>
        <div ref={moneyRef} />
      </figure>
      <figure className="chart">
        <figcaption>{t('dashboard.playersChart')}</figcaption>
        <div ref={playersRef} />
      </figure>
    </div>
  );
}
