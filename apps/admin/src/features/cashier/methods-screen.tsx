import { ApiError } from '@khela/client';
import { METHOD_CHANNELS } from '@khela/contract/cashier';
import { MethodFields, type StaffMethod } from '@khela/contract/staff-cashier';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useMethods, useSaveMethod, useUploadLogo } from './api';

/** A logo at most this big (the server's limit, contract MethodLogoBody). */
const LOGO_MAX_BYTES = 512 * 1024;

type Form = {
  direction: 'deposit' | 'withdraw';
  kind: 'psp' | 'bank_transfer';
  provider: string;
  channel: (typeof METHOD_CHANNELS)[number];
  nameBn: string;
  nameEn: string;
  min: string;
  max: string;
  feeBp: string;
  feeFixed: string;
  feeBearer: 'operator' | 'player';
  presets: string;
  processingMinutes: string;
  enabled: boolean;
  sort: string;
  bankName: string;
  bankAccountName: string;
  bankAccountNumber: string;
  bankBranch: string;
  bankRoutingNumber: string;
};

const EMPTY: Form = {
  direction: 'deposit',
  kind: 'psp',
  provider: '',
  channel: 'bkash',
  nameBn: '',
  nameEn: '',
  min: '',
  max: '',
  feeBp: '0',
  feeFixed: '0',
  feeBearer: 'operator',
  presets: '',
  processingMinutes: '15',
  enabled: true,
  sort: '0',
  bankName: '',
  bankAccountName: '',
  bankAccountNumber: '',
  bankBranch: '',
  bankRoutingNumber: '',
};

function formOf(m: StaffMethod): Form {
  return {
    ...EMPTY,
    direction: m.direction,
    kind: m.kind,
    provider: m.provider ?? '',
    channel: m.channel,
    nameBn: m.nameBn,
    nameEn: m.nameEn,
    min: m.min,
    max: m.max,
    feeBp: String(m.feeBp),
    feeFixed: m.feeFixed,
    feeBearer: m.feeBearer,
    presets: m.presets.join(', '),
    processingMinutes: String(m.processingMinutes),
    enabled: m.enabled,
    sort: String(m.sort),
    bankName: m.bankName ?? '',
    bankAccountName: m.bankAccountName ?? '',
    bankAccountNumber: m.bankAccountNumber ?? '',
    bankBranch: m.bankBranch ?? '',
    bankRoutingNumber: m.bankRoutingNumber ?? '',
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The body the contract asks for, and the field errors of what it or the desk's rules refuse. */
export function checkMethod(f: Form): { body: MethodFields | null; errors: Record<string, string> } {
  const candidate = {
    direction: f.direction,
    kind: f.kind,
    provider: f.kind === 'psp' ? orNull(f.provider) : null,
    channel: f.channel,
    nameBn: f.nameBn,
    nameEn: f.nameEn,
    min: f.min,
    max: f.max,
    feeBp: Number(f.feeBp),
    feeFixed: f.feeFixed,
    feeBearer: f.feeBearer,
    presets: f.presets
      .split(/[\s,]+/)
      .map((p) => p.trim())
      .filter(Boolean),
    processingMinutes: Number(f.processingMinutes),
    enabled: f.enabled,
    sort: Number(f.sort),
    bankName: orNull(f.bankName),
    bankAccountName: orNull(f.bankAccountName),
    bankAccountNumber: orNull(f.bankAccountNumber),
    bankBranch: orNull(f.bankBranch),
    bankRoutingNumber: orNull(f.bankRoutingNumber),
  };
  const errors: Record<string, string> = {};
  const parsed = MethodFields.safeParse(candidate);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]);
      errors[field] ??=
        issue.code === 'too_small' && issue.origin === 'string' ? 'validation.required' : 'validation.invalid';
    }
  if (!errors.min && !errors.max && Number(f.max) < Number(f.min)) errors.max = 'cashier.invalid.maxBelowMin';
  if (f.kind === 'psp' && !candidate.provider) errors.provider = 'validation.required';
  if (f.kind === 'bank_transfer' && f.direction === 'deposit')
    for (const k of ['bankName', 'bankAccountName', 'bankAccountNumber'] as const)
      if (!candidate[k]) errors[k] = 'validation.required';
  return { body: Object.keys(errors).length === 0 && parsed.success ? parsed.data : null, errors };
}

/** The brand's methods: a list with each one's limits, fee and switch, and the form to add or change one. */
export function MethodsScreen({ canConfigure }: { canConfigure: boolean }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  // The limits and the fixed fee, grouped like money, with the places the server sent: ১,০০০.০০.
  const amount = (v: string) => f.decimal(v, v.split('.')[1]?.length ?? 0);
  const q = useMethods();
  const [editing, setEditing] = useState<StaffMethod | 'new' | null>(null);
  if (q.isPending) return <Loading />;
  if (q.isError) return <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />;
  if (editing)
    return (
      <MethodForm
        method={editing === 'new' ? null : editing}
        providers={q.data.providers.map((p) => p.name)}
        onDone={() => setEditing(null)}
      />
    );
  return (
    <section aria-label={t('cashier.methods.title')}>
      <div className="cd-list-head row">
        <p className="page-text">{t('cashier.methods.intro')}</p>
        {canConfigure && (
          <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
            {t('cashier.methods.add')}
          </button>
        )}
      </div>
      {q.data.list.length === 0 ? (
        <EmptyState title={t('cashier.methods.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="cd-table" aria-label={t('cashier.methods.title')}>
            <thead>
              <tr>
                <th scope="col">{t('cashier.methods.logo')}</th>
                <th scope="col">{t('cashier.methods.name')}</th>
                <th scope="col">{t('cashier.request.type')}</th>
                <th scope="col">{t('cashier.methods.kind')}</th>
                <th scope="col">{t('cashier.methods.limits')}</th>
                <th scope="col">{t('cashier.methods.fee')}</th>
                <th scope="col">{t('cashier.methods.sort')}</th>
                <th scope="col">{t('cashier.methods.enabled')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('cashier.actionsLabel')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.list.map((m) => (
                <tr key={m.id}>
                  <td>
                    {m.logoUrl ? (
                      <img className="cashier-logo" src={m.logoUrl} alt="" />
                    ) : (
                      <span className="cashier-logo cashier-logo-none">{m.channel}</span>
                    )}
                  </td>
                  <td>{i18n.language === 'bn' ? m.nameBn : m.nameEn}</td>
                  <td>{t(`cashier.types.${m.direction}`)}</td>
                  <td>
                    {t(`cashier.kinds.${m.kind}`)}
                    {m.provider && <small className="mono cashier-sub">{m.provider}</small>}
                  </td>
                  <td className="mono">
                    {amount(m.min)} – {amount(m.max)}
                  </td>
                  <td className="mono">
                    {f.percent(m.feeBp / 100, 2)} + {amount(m.feeFixed)}
                  </td>
                  <td className="mono">{f.digits(m.sort)}</td>
                  <td>
                    <span className={`badge ${m.enabled ? 'badge-ok' : 'badge-quiet'}`}>
                      {t(m.enabled ? 'cashier.methods.on' : 'cashier.methods.off')}
                    </span>
                  </td>
                  <td className="cd-actions">
                    {canConfigure && (
                      <button
                        type="button"
                        className="button button-small"
                        aria-label={t('cashier.methods.editOf', { name: m.nameEn })}
                        onClick={() => setEditing(m)}
                      >
                        {t('cashier.methods.edit')}
                      </button>
                    )}
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

function MethodForm({
  method,
  providers,
  onDone,
}: {
  method: StaffMethod | null;
  providers: string[];
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMethod();
  const upload = useUploadLogo();
  const [form, setForm] = useState<Form>(method ? formOf(method) : { ...EMPTY, provider: providers[0] ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [logoMessage, setLogoMessage] = useState<string | null>(null);
  const set = <K extends keyof Form>(k: K, v: Form[K]) => {
    setForm((x) => ({ ...x, [k]: v }));
    setErrors(({ [k]: _, ...rest }) => rest);
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const checked = checkMethod(form);
    setErrors(checked.errors);
    if (!checked.body) return;
    const body = method ? { ...checked.body, version: method.version } : checked.body;
    save.mutate(
      { id: method?.id ?? null, body },
      {
        onSuccess: onDone,
        onError: (err) => {
          if (err instanceof ApiError && err.fieldErrors) setErrors(err.fieldErrors);
          setFailure(errorText(t, err));
        },
      },
    );
  };
  const onLogo = (file: File | undefined) => {
    if (!file || !method) return;
    setLogoMessage(null);
    if (file.size > LOGO_MAX_BYTES) {
      setLogoMessage(t('cashier.invalid.logoTooLarge'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      const image = String(reader.result).split(',')[1] ?? '';
      upload.mutate(
        { id: method.id, image },
        {
          onSuccess: () => setLogoMessage(t('cashier.methods.logoSaved')),
          onError: (err) =>
            setLogoMessage(
              err instanceof ApiError && err.fieldErrors?.image ? t(err.fieldErrors.image) : errorText(t, err),
            ),
        },
      );
    };
    reader.readAsDataURL(file);
  };
  const text = (k: keyof Form, opts: { type?: string; inputMode?: 'decimal' | 'numeric'; hint?: string } = {}) => (
    <div className={`field${errors[k] ? ' field-invalid' : ''}`}>
      <label htmlFor={`m-${k}`}>{t(`cashier.methods.fields.${k}`)}</label>
      <input
        id={`m-${k}`}
        type={opts.type ?? 'text'}
        inputMode={opts.inputMode}
        value={String(form[k])}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `m-${k}-error` : undefined}
        onChange={(e) => set(k, e.target.value as never)}
      />
      {opts.hint && <p className="field-hint">{opts.hint}</p>}
      {errors[k] && (
        <p className="field-error" id={`m-${k}-error`}>
          {t(errors[k] as string)}
        </p>
      )}
    </div>
  );
  const choice = <K extends keyof Form>(k: K, values: readonly string[], label: (v: string) => string) => (
    <div className={`field${errors[k] ? ' field-invalid' : ''}`}>
      <label htmlFor={`m-${k}`}>{t(`cashier.methods.fields.${k}`)}</label>
      <select id={`m-${k}`} value={String(form[k])} onChange={(e) => set(k, e.target.value as Form[K])}>
        {values.map((v) => (
          <option key={v} value={v}>
            {label(v)}
          </option>
        ))}
      </select>
      {errors[k] && <p className="field-error">{t(errors[k] as string)}</p>}
    </div>
  );
  return (
    <form
      className="cashier-form"
      onSubmit={submit}
      noValidate
      aria-label={t(method ? 'cashier.methods.editTitle' : 'cashier.methods.addTitle')}
    >
      <h2>{t(method ? 'cashier.methods.editTitle' : 'cashier.methods.addTitle')}</h2>
      <fieldset>
        <legend>{t('cashier.methods.what')}</legend>
        <div className="cashier-grid">
          {choice('direction', ['deposit', 'withdraw'], (v) => t(`cashier.types.${v}`))}
          {choice('kind', ['psp', 'bank_transfer'], (v) => t(`cashier.kinds.${v}`))}
          {form.kind === 'psp' && choice('provider', ['', ...providers], (v) => v || '—')}
          {choice('channel', METHOD_CHANNELS, (v) => t(`cashier.channels.${v}`))}
          {text('nameBn')}
          {text('nameEn')}
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('cashier.methods.money')}</legend>
        <div className="cashier-grid">
          {text('min', { inputMode: 'decimal' })}
          {text('max', { inputMode: 'decimal' })}
          {text('feeBp', { inputMode: 'numeric', hint: t('cashier.methods.feeBpHint') })}
          {text('feeFixed', { inputMode: 'decimal' })}
          {choice('feeBearer', ['operator', 'player'], (v) => t(`cashier.methods.bearers.${v}`))}
          {text('presets', { hint: t('cashier.methods.presetsHint') })}
          {text('processingMinutes', { inputMode: 'numeric' })}
          {text('sort', { inputMode: 'numeric' })}
        </div>
        <label className="cashier-check">
          <input type="checkbox" checked={form.enabled} onChange={(e) => set('enabled', e.target.checked)} />
          {t('cashier.methods.fields.enabled')}
        </label>
      </fieldset>
      {form.kind === 'bank_transfer' && (
        <fieldset>
          <legend>{t('cashier.methods.bank')}</legend>
          <p className="field-hint">{t('cashier.methods.bankHint')}</p>
          <div className="cashier-grid">
            {text('bankName')}
            {text('bankAccountName')}
            {text('bankAccountNumber')}
            {text('bankBranch')}
            {text('bankRoutingNumber')}
          </div>
        </fieldset>
      )}
      {method && (
        <fieldset>
          <legend>{t('cashier.methods.logo')}</legend>
          <div className="row">
            {method.logoUrl && <img className="cashier-logo" src={method.logoUrl} alt="" />}
            <div className="field">
              <label htmlFor="m-logo">{t('cashier.methods.logoLabel')}</label>
              <input
                id="m-logo"
                type="file"
                accept="image/png,image/jpeg,image/webp"
                onChange={(e) => onLogo(e.target.files?.[0])}
              />
              <p className="field-hint">{t('cashier.methods.logoHint')}</p>
            </div>
          </div>
          {logoMessage && (
            <p className="notice" role="status">
              {logoMessage}
            </p>
          )}
        </fieldset>
      )}
      {failure && (
        <p className="notice notice-error" role="alert">
          {failure}
        </p>
      )}
      <div className="row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('cashier.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('cashier.cancel')}
        </button>
      </div>
    </form>
  );
}
