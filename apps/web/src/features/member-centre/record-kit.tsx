import type { RecordTotals } from '@khela/contract/records';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { currencySymbol, useFormat } from '../../lib/format';
import { useSystemStatus } from '../../lib/system';
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

/** How a record's amounts are written: the currency's decimals and symbol (none for play money). */
export type MoneyUnit = { decimals: number; symbol: string };

/** The unit of a record page's answer (its decimals and whether it is play money). */
export function useMoneyUnit(page: { decimals: number; playMoney: boolean } | undefined): MoneyUnit {
  const brand = useSystemStatus().data?.brand;
  return {
    decimals: page?.decimals ?? brand?.currencyDecimals ?? 2,
    symbol: currencySymbol(page?.playMoney ?? false, brand?.currencySymbol),
  };
}

/** An amount in the active language; signed ones coloured (green in, red out) and marked +/−. */
export function Money({ amount, unit, signed }: { amount: string; unit: MoneyUnit; signed?: boolean }) {
  const fmt = useFormat();
  const n = Number(amount);
  const tone = !signed || n === 0 ? '' : n > 0 ? ' rec-pos' : ' rec-neg';
  return <span className={`rec-money${tone}`}>{fmt.money(amount, { ...unit, signed })}</span>;
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
export function RoundTotals({ totals, unit }: { totals: RecordTotals; unit: MoneyUnit }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <Summary
      items={[
        { label: t('memberCentre.rounds'), value: fmt.count(totals.rounds) },
        { label: t('memberCentre.stake'), value: <Money amount={totals.stake} unit={unit} /> },
        { label: t('memberCentre.win'), value: <Money amount={totals.win} unit={unit} /> },
        { label: t('memberCentre.net'), value: <Money amount={totals.net} unit={unit} signed /> },
      ]}
    />
  );
}

/** The stake, win and net cells of a row of rounds (betting record and P&L tables). */
export function StakeWinNetCells({ row, unit }: { row: { stake: string; win: string; net: string }; unit: MoneyUnit }) {
  const { t } = useTranslation();
  return (
    <>
      <td data-label={t('memberCentre.stake')} className="num">
        <Money amount={row.stake} unit={unit} />
      </td>
      <td data-label={t('memberCentre.win')} className="num">
        <Money amount={row.win} unit={unit} />
      </td>
      <td data-label={t('memberCentre.net')} className="num">
        <Money amount={row.net} unit={unit} signed />
      </td>
    </>
  );
}
