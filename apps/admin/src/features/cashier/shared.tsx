import type { StaffMoney } from '@khela/contract/staff-players';
import type { z } from '@khela/contract/zod';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';

export type Money = z.infer<typeof StaffMoney>;

/** Money as the desk writes it: "৳1,500.00" in English, "১,৫০০.০০৳" in Bengali. */
export function useMoney() {
  const f = useFormat();
  return (m: Pick<Money, 'amount' | 'decimals' | 'symbol'>) =>
    f.money(m.amount, { decimals: m.decimals, symbol: m.symbol });
}

/** How long a request has waited, in the largest two units: "2 h 5 min", "3 d 4 h". */
export function ageText(t: TFunction, f: ReturnType<typeof useFormat>, seconds: number | null): string {
  if (seconds === null) return '—';
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  if (d > 0) return t('cashier.age.dh', { d: f.digits(d), h: f.digits(h) });
  if (h > 0) return t('cashier.age.hm', { h: f.digits(h), m: f.digits(m) });
  return t('cashier.age.m', { m: f.digits(m) });
}

/** A request's state as a coloured badge in the staff member's language. */
export function StateBadge({ state }: { state: string }) {
  const { t } = useTranslation();
  return <span className={`badge cashier-state cashier-state-${state}`}>{t(`cashier.states.${state}`)}</span>;
}
