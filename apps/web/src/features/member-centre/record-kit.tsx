import type { RecordTotals } from '@khela/contract/records';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { formatMoney, formatNumber } from '../../lib/format';
import { DATE_PRESETS, type DatePreset, rangeOf } from './pages';
import './member-centre.css';

/** Today / previous 7 days / previous 30 days, as a row of toggle buttons. */
export function PresetBar({ value, onChange }: { value: DatePreset; onChange(p: DatePreset): void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="rec-presets">
      <legend className="visually-hidden">{t('memberCentre.dateRange')}</legend>
      {DATE_PRESETS.map((p) => (
        <button key={p} type="button" className="rec-chip" aria-pressed={p === value} onClick={() => onChange(p)}>
          {t(`memberCentre.presets.${p}`)}
        </button>
      ))}
    </fieldset>
  );
}

/** A filter as a labelled select. */
export function FilterSelect<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(v: T): void;
}) {
  return (
    <label className="rec-filter">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** An amount through Intl in the active language; signed ones coloured (green in, red out). */
export function Money({ amount, decimals, signed }: { amount: string; decimals: number; signed?: boolean }) {
  const { i18n } = useTranslation();
  const n = Number(amount);
  const tone = !signed || n === 0 ? '' : n > 0 ? ' rec-pos' : ' rec-neg';
  const text = formatMoney(i18n.language, amount, decimals);
  return <span className={`rec-money${tone}`}>{signed && n > 0 ? `+${text}` : text}</span>;
}

/** Loading, failure (with retry) and empty states around a record's content. */
export function RecordState({
  loading,
  error,
  empty,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  onRetry(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error)
    return (
      <div className="rec-state" role="alert">
        <p>{t(error instanceof ApiError ? error.messageKey : 'errors.NETWORK')}</p>
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('memberCentre.retry')}
        </button>
      </div>
    );
  if (loading)
    return (
      <p className="rec-state" role="status">
        {t('memberCentre.loading')}
      </p>
    );
  if (empty) return <p className="rec-state">{t('memberCentre.empty')}</p>;
  return <>{children}</>;
}

/** Summary figures above a record (label → value). */
export function Summary({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <dl className="rec-summary">
      {items.map((i) => (
        <div key={i.label}>
          <dt>{i.label}</dt>
          <dd>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** 'Play money' note for trial accounts' records. */
export function PlayMoneyNote({ show }: { show: boolean | undefined }) {
  const { t } = useTranslation();
  return show ? <p className="rec-play">{t('memberCentre.playMoneyNote')}</p> : null;
}

/**
 * A record page's date range and its preset bar. Picking a preset fixes the range then (so
 * paging does not slide it) and calls `onPick` (pages go back to page 1).
 */
export function useRecordRange(onPick?: () => void) {
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [range, setRange] = useState(() => rangeOf('last7'));
  const bar = (
    <PresetBar
      value={preset}
      onChange={(p) => {
        setPreset(p);
        setRange(rangeOf(p));
        onPick?.();
      }}
    />
  );
  return { range, bar };
}

/** Rounds, stake, win and net of a set of game rounds (betting record and P&L). */
export function RoundTotals({ totals, decimals }: { totals: RecordTotals; decimals: number }) {
  const { t, i18n } = useTranslation();
  return (
    <Summary
      items={[
        { label: t('memberCentre.rounds'), value: formatNumber(i18n.language, totals.rounds) },
        { label: t('memberCentre.stake'), value: <Money amount={totals.stake} decimals={decimals} /> },
        { label: t('memberCentre.win'), value: <Money amount={totals.win} decimals={decimals} /> },
        { label: t('memberCentre.net'), value: <Money amount={totals.net} decimals={decimals} signed /> },
      ]}
    />
  );
}

/** The stake, win and net cells of a row of rounds (betting record and P&L tables). */
export function StakeWinNetCells({
  row,
  decimals,
}: {
  row: { stake: string; win: string; net: string };
  decimals: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      <td data-label={t('memberCentre.stake')} className="num">
        <Money amount={row.stake} decimals={decimals} />
      </td>
      <td data-label={t('memberCentre.win')} className="num">
        <Money amount={row.win} decimals={decimals} />
      </td>
      <td data-label={t('memberCentre.net')} className="num">
        <Money amount={row.net} decimals={decimals} signed />
      </td>
    </>
  );
}
