import { ApiError } from '@khela/client';
import type { CashierSettings } from '@khela/contract/staff-cashier';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useSaveSettings, useSettings } from './api';

const AMOUNTS = [
  'withdrawMin',
  'withdrawMax',
  'withdrawDailyAmount',
  'fourEyes',
  'transferMin',
  'transferMax',
] as const;
const COUNTS = [
  'depositExpiryMinutes',
  'withdrawDailyCount',
  'autoConfirmMinutes',
  'payoutRetries',
  'depositTurnoverPct',
  'uplineTurnoverPct',
] as const;
type Values = Record<(typeof AMOUNTS)[number] | (typeof COUNTS)[number], string> & {
  sandboxEnabled: boolean;
  playerTwoFactorOptIn: boolean;
};

const valuesOf = (s: CashierSettings): Values => ({
  ...(Object.fromEntries(AMOUNTS.map((k) => [k, s[k]])) as Record<(typeof AMOUNTS)[number], string>),
  ...(Object.fromEntries(COUNTS.map((k) => [k, String(s[k])])) as Record<(typeof COUNTS)[number], string>),
  sandboxEnabled: s.sandboxEnabled,
  playerTwoFactorOptIn: s.playerTwoFactorOptIn,
});

/** The brand's cashier settings, saved whole under the version read. */
export function SettingsScreen({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const q = useSettings();
  if (q.isPending) return <Loading />;
  if (q.isError) return <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />;
  return <SettingsForm key={q.data.version} s={q.data} canConfigure={canConfigure} />;
}

function SettingsForm({ s, canConfigure }: { s: CashierSettings; canConfigure: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const save = useSaveSettings();
  const [v, setV] = useState<Values>(valuesOf(s));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [reason, setReason] = useState('');
  const set = <K extends keyof Values>(k: K, value: Values[K]) => {
    setV((x) => ({ ...x, [k]: value }));
    setErrors(({ [k]: _, ...rest }) => rest);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const errs: Record<string, string> = {};
    for (const k of AMOUNTS) if (!/^\d{1,15}(\.\d{1,4})?$/.test(v[k].trim())) errs[k] = 'validation.invalid';
    for (const k of COUNTS) if (!/^\d{1,6}$/.test(v[k].trim())) errs[k] = 'validation.invalid';
    if (!errs.withdrawMax && Number(v.withdrawMax) < Number(v.withdrawMin))
      errs.withdrawMax = 'cashier.invalid.maxBelowMin';
    if (!errs.transferMax && Number(v.transferMax) < Number(v.transferMin))
      errs.transferMax = 'cashier.invalid.maxBelowMin';
    setErrors(errs);
    if (Object.keys(errs).length > 0) return;
    save.mutate(
      {
        ...Object.fromEntries(AMOUNTS.map((k) => [k, v[k].trim()])),
        ...Object.fromEntries(COUNTS.map((k) => [k, Number(v[k])])),
        sandboxEnabled: v.sandboxEnabled,
        playerTwoFactorOptIn: v.playerTwoFactorOptIn,
        version: s.version,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      },
      {
        onSuccess: () => setMessage({ tone: 'success', text: t('cashier.settings.saved') }),
        onError: (err) => {
          if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
          setMessage({ tone: 'error', text: errorText(t, err) });
        },
      },
    );
  };
  const field = (k: keyof Values, kind: 'amount' | 'count') => (
    <div className={`field${errors[k] ? ' field-invalid' : ''}`} key={k}>
      <label htmlFor={`s-${k}`}>
        {t(`cashier.settings.fields.${k}`)}
        {kind === 'amount' && <span className="cashier-sub"> ({s.currency})</span>}
      </label>
      <input
        id={`s-${k}`}
        inputMode={kind === 'amount' ? 'decimal' : 'numeric'}
        value={String(v[k])}
        disabled={!canConfigure}
        aria-invalid={errors[k] ? true : undefined}
        onChange={(e) => set(k, e.target.value as never)}
      />
      <p className="field-hint">{t(`cashier.settings.hints.${k}`)}</p>
      {errors[k] && <p className="field-error">{t(errors[k] as string)}</p>}
    </div>
  );
  return (
    <form className="cashier-form" onSubmit={submit} noValidate aria-label={t('cashier.settings.title')}>
      {s.updatedAt && (
        <p className="page-text">{t('cashier.settings.updated', { at: f.at(s.updatedAt), who: s.updatedBy ?? '—' })}</p>
      )}
      <fieldset>
        <legend>{t('cashier.settings.sandbox')}</legend>
        <label className="cashier-check">
          <input
            type="checkbox"
            checked={v.sandboxEnabled}
            disabled={!canConfigure}
            onChange={(e) => set('sandboxEnabled', e.target.checked)}
          />
          {t('cashier.settings.fields.sandboxEnabled')}
        </label>
        <p className={`notice ${v.sandboxEnabled ? 'notice-warning' : 'notice-info'}`}>
          {t('cashier.settings.sandboxWarning')}
        </p>
      </fieldset>
      <fieldset>
        <legend>{t('cashier.settings.withdrawals')}</legend>
        <div className="cashier-grid">
          {field('withdrawMin', 'amount')}
          {field('withdrawMax', 'amount')}
          {field('withdrawDailyCount', 'count')}
          {field('withdrawDailyAmount', 'amount')}
          {field('fourEyes', 'amount')}
          {field('payoutRetries', 'count')}
          {field('autoConfirmMinutes', 'count')}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('cashier.settings.deposits')}</legend>
        <div className="cashier-grid">
          {field('depositExpiryMinutes', 'count')}
          {field('depositTurnoverPct', 'count')}
          {field('uplineTurnoverPct', 'count')}
          {field('transferMin', 'amount')}
          {field('transferMax', 'amount')}
        </div>
        <label className="cashier-check">
          <input
            type="checkbox"
            checked={v.playerTwoFactorOptIn}
            disabled={!canConfigure}
            onChange={(e) => set('playerTwoFactorOptIn', e.target.checked)}
          />
          {t('cashier.settings.fields.playerTwoFactorOptIn')}
        </label>
      </fieldset>
      {canConfigure && (
        <>
          <div className="field">
            <label htmlFor="s-reason">{t('cashier.reasonOptional')}</label>
            <input id="s-reason" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          {message && (
            <p className={`notice notice-${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'}>
              {message.text}
            </p>
          )}
          <div className="row">
            <button type="submit" className="button button-primary" disabled={save.isPending}>
              {t('cashier.save')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
