import type { SecuritySummary } from '@khela/contract/cashier';
import { deviceName } from '@khela/contract/device-name';
import { useState } from 'react';
import { ApiError } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { ui } from '../../lib/ui-store';
import {
  useAddPayoutAccount,
  useLogins,
  useMethods,
  useNewAddressCheck,
  usePayoutAccounts,
  useRemovePayoutAccount,
  useRevokeSession,
  useSecurity,
  useSessions,
  useSetPaymentPassword,
} from './api';
import {
  type Failure,
  Field,
  Loadable,
  PASSWORD_CODES,
  PasswordField,
  useFailure,
  usePaymentPasswordRule,
  usePaymentPasswordText,
} from './kit';
import { useCashierTexts } from './texts';
import './cashier.css';

/**
 * The security centre (spec §2 securityCenter, "my account"): the payment password, the login
 * password, payout accounts, the new-address check, login history and live sessions.
 */
export default function SecurityPage() {
  const { t } = useCashierTexts();
  const security = useSecurity();
  return (
    <div className="csh">
      <Loadable loading={security.isPending} error={security.error} onRetry={() => void security.refetch()}>
        {security.data ? (
          <>
            <PaymentPasswordSection summary={security.data} />
            <section className="csh-section">
              <h4>{t('cashier.security.loginPassword')}</h4>
              <button type="button" className="btn btn-ghost" onClick={() => ui.openModal('login', 'changePassword')}>
                {t('cashier.security.changeLoginPassword')}
              </button>
            </section>
            <section className="csh-section">
              <h4>{t('cashier.security.contact')}</h4>
              <dl className="csh-facts">
                <div>
                  <dt>{t('cashier.security.email')}</dt>
                  <dd>{security.data.email ?? t('cashier.security.notSet')}</dd>
                </div>
                <div>
                  <dt>{t('cashier.security.mobile')}</dt>
                  <dd>{security.data.mobile ?? t('cashier.security.notSet')}</dd>
                </div>
              </dl>
            </section>
            <PayoutAccountsSection summary={security.data} />
            <NewAddressSection summary={security.data} />
          </>
        ) : null}
      </Loadable>
      <LoginsSection />
      <SessionsSection />
    </div>
  );
}

function PaymentPasswordSection({ summary: s }: { summary: SecuritySummary }) {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const [old, setOld] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<Failure | null>(null);
  const [done, setDone] = useState(false);
  const save = useSetPaymentPassword();
  const failure = useFailure();
  const rule = usePaymentPasswordRule();
  const words = usePaymentPasswordText(rule);
  // The current one is only hinted, never checked for shape: one set before the brand changed
  // its rule is still taken by the server, and this is where it is changed to the new shape.
  const current = { ...rule, maxLength: 64 };
  const locked = s.paymentPasswordLockedUntil && Date.parse(s.paymentPasswordLockedUntil) > Date.now();
  return (
    <section className="csh-section">
      <h4>{t('cashier.paymentPassword')}</h4>
      <p className="csh-hint">
        {s.paymentPasswordSet ? t('cashier.security.passwordIsSet') : t('cashier.security.passwordNotSetAnyShape')}
      </p>
      {locked ? (
        <p className="csh-note csh-warn" role="alert">
          {t('errors.PAYMENT_PASSWORD_LOCKED')}{' '}
          {t('cashier.lockedUntil', { time: fmt.date(s.paymentPasswordLockedUntil as string) })}
        </p>
      ) : null}
      <form
        className="csh"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setDone(false);
          if (s.paymentPasswordSet && old === '')
            return setError({ field: 'oldPassword', text: t('validation.required') });
          const problem = words.check(next);
          if (problem) return setError({ field: 'newPassword', text: problem });
          if (again !== next) return setError({ field: 'again', text: t('cashier.security.passwordsDiffer') });
          setError(null);
          save.mutate(
            { newPassword: next, ...(s.paymentPasswordSet ? { oldPassword: old } : {}) },
            {
              onSuccess: () => {
                setOld('');
                setNext('');
                setAgain('');
                setDone(true);
              },
              onError: (err) => {
                const f = failure(err, {
                  PAYMENT_PASSWORD_WRONG: 'oldPassword',
                  PAYMENT_PASSWORD_LOCKED: 'oldPassword',
                });
                // The rule's message with the rule's numbers ("4 - 8 characters, digits only").
                const key = err instanceof ApiError && f.field ? err.fieldErrors?.[f.field] : undefined;
                setError(key?.startsWith('validation.') ? { ...f, text: words.text(key) } : f);
              },
            },
          );
        }}
      >
        {s.paymentPasswordSet ? (
          <PasswordField
            label={t('cashier.security.currentPassword')}
            value={old}
            onChange={setOld}
            rule={current}
            error={error?.field === 'oldPassword' ? error.text : null}
          />
        ) : null}
        <PasswordField
          label={t('cashier.security.newPassword')}
          value={next}
          onChange={setNext}
          rule={rule}
          hint={words.hint}
          autoComplete="new-password"
          error={error?.field === 'newPassword' ? error.text : null}
        />
        <PasswordField
          label={t('cashier.security.repeatPassword')}
          value={again}
          onChange={setAgain}
          rule={rule}
          autoComplete="new-password"
          error={error?.field === 'again' ? error.text : null}
        />
        {error && !['oldPassword', 'newPassword', 'again'].includes(error.field ?? '') ? (
          <p className="csh-error" role="alert">
            {error.text}
          </p>
        ) : null}
        {done ? (
          <p className="csh-ok" role="status">
            {t('cashier.security.passwordSaved')}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {s.paymentPasswordSet ? t('cashier.security.changePassword') : t('cashier.security.setPassword')}
        </button>
      </form>
    </section>
  );
}

function PayoutAccountsSection({ summary: s }: { summary: SecuritySummary }) {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const accounts = usePayoutAccounts();
  const methods = useMethods('withdraw');
  const remove = useRemovePayoutAccount();
  const add = useAddPayoutAccount();
  const failure = useFailure();
  const rule = usePaymentPasswordRule();
  const words = usePaymentPasswordText(rule);
  const [removing, setRemoving] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [methodId, setMethodId] = useState<number | null>(null);
  const [number, setNumber] = useState('');
  const [payee, setPayee] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Failure | null>(null);
  const list = accounts.data ?? [];
  const methodList = methods.data?.list ?? [];
  const chosen = methodId ?? methodList[0]?.id ?? null;
  const payeeName = s.payeeName ?? payee;
  return (
    <section className="csh-section">
      <h4>{t('cashier.security.payoutAccounts')}</h4>
      <Loadable
        loading={accounts.isPending}
        error={accounts.error}
        empty={list.length === 0 && !adding}
        emptyText={t('cashier.withdraw.noAccount')}
        onRetry={() => void accounts.refetch()}
      >
        <ul className="csh-list">
          {list.map((a) => (
            <li key={a.id} className="csh-item">
              <div className="csh-item-head">
                <span>
                  {a.methodName} <code>{a.accountNumber}</code>
                </span>
                <span className="csh-item-meta">{a.payeeName}</span>
              </div>
              {Date.parse(a.usableFrom) > Date.now() ? (
                <p className="csh-hint">{t('cashier.withdraw.usableFrom', { time: fmt.date(a.usableFrom) })}</p>
              ) : null}
              {removing === a.id ? (
                <fieldset className="csh-inline-confirm">
                  <legend>{t('cashier.security.removeAsk')}</legend>
                  <button type="button" className="btn btn-ghost" onClick={() => setRemoving(null)}>
                    {t('cashier.no')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(a.id, { onSettled: () => setRemoving(null) })}
                  >
                    {t('cashier.security.removeYes')}
                  </button>
                </fieldset>
              ) : (
                <button type="button" className="btn btn-ghost" onClick={() => setRemoving(a.id)}>
                  {t('cashier.security.remove')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </Loadable>
      {adding ? (
        <form
          className="csh csh-card"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (chosen === null) return;
            if (!/^[0-9A-Za-z-]{6,34}$/.test(number.trim()))
              return setError({ field: 'accountNumber', text: t('cashier.security.accountNumberFormat') });
            if (payeeName.trim().length < 2)
              return setError({ field: 'payeeName', text: t('cashier.security.payeeRequired') });
            const problem = words.check(password);
            if (problem) return setError({ field: 'paymentPassword', text: problem });
            setError(null);
            add.mutate(
              {
                methodId: chosen,
                accountNumber: number.trim(),
                payeeName: payeeName.trim(),
                paymentPassword: password,
              },
              {
                onSuccess: () => {
                  setAdding(false);
                  setNumber('');
                  setPassword('');
                },
                onError: (err) => {
                  const f = failure(err, { ...PASSWORD_CODES, PAYEE_NAME_MISMATCH: 'payeeName' });
                  const key = err instanceof ApiError ? err.fieldErrors?.paymentPassword : undefined;
                  setError(f.field === 'paymentPassword' && key ? { ...f, text: words.text(key) } : f);
                },
              },
            );
          }}
        >
          <label className="csh-select">
            <span>{t('cashier.method')}</span>
            <select value={chosen ?? ''} onChange={(e) => setMethodId(Number(e.target.value))}>
              {methodList.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <Field
            label={t('cashier.security.accountNumber')}
            inputMode="numeric"
            autoComplete="off"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            error={error?.field === 'accountNumber' ? error.text : null}
          />
          <Field
            label={t('cashier.payee')}
            value={payeeName}
            readOnly={s.payeeName !== null}
            hint={s.payeeName !== null ? t('cashier.security.payeeFixed') : t('cashier.security.payeeHint')}
            onChange={(e) => setPayee(e.target.value)}
            error={error?.field === 'payeeName' ? error.text : null}
          />
          <PasswordField
            label={t('cashier.paymentPassword')}
            value={password}
            onChange={setPassword}
            rule={rule}
            error={error?.field === 'paymentPassword' ? error.text : null}
          />
          {list.length > 0 ? <p className="csh-hint">{t('cashier.security.delayNote')}</p> : null}
          {error && !['accountNumber', 'payeeName', 'paymentPassword'].includes(error.field ?? '') ? (
            <p className="csh-error" role="alert">
              {error.text}
            </p>
          ) : null}
          <div className="csh-actions">
            <button type="button" className="btn btn-ghost" onClick={() => setAdding(false)}>
              {t('cashier.back')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={add.isPending || chosen === null}>
              {t('cashier.security.addAccount')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-ghost" onClick={() => setAdding(true)}>
          {t('cashier.security.addAccount')}
        </button>
      )}
    </section>
  );
}

function NewAddressSection({ summary: s }: { summary: SecuritySummary }) {
  const { t } = useCashierTexts();
  const toggle = useNewAddressCheck();
  if (!s.newAddressCheckOffered && !s.newAddressCheckBrandWide) return null;
  return (
    <section className="csh-section">
      <h4>{t('cashier.security.newAddress')}</h4>
      <label className="csh-radio">
        <input
          type="checkbox"
          checked={s.newAddressCheckBrandWide || s.newAddressCheck}
          disabled={s.newAddressCheckBrandWide || toggle.isPending}
          onChange={(e) => toggle.mutate(e.target.checked)}
        />
        {t('cashier.security.newAddressSwitch')}
      </label>
      {s.newAddressCheckBrandWide ? <p className="csh-hint">{t('cashier.security.newAddressBrand')}</p> : null}
    </section>
  );
}

function LoginsSection() {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const logins = useLogins();
  const list = logins.data ?? [];
  return (
    <section className="csh-section">
      <h4>{t('cashier.security.logins')}</h4>
      <Loadable
        loading={logins.isPending}
        error={logins.error}
        empty={list.length === 0}
        onRetry={() => void logins.refetch()}
      >
        <table className="csh-table">
          <thead>
            <tr>
              <th>{t('cashier.time')}</th>
              <th>{t('cashier.security.address')}</th>
              <th>{t('cashier.security.device')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((l) => (
              <tr key={`${l.at}-${l.ip}`}>
                <td data-label={t('cashier.time')}>{fmt.date(l.at)}</td>
                <td data-label={t('cashier.security.address')}>
                  {l.ip}
                  {l.country ? ` (${l.country})` : ''}
                </td>
                <td data-label={t('cashier.security.device')} title={l.device}>
                  {deviceName(l.device)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Loadable>
    </section>
  );
}

function SessionsSection() {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const list = sessions.data ?? [];
  return (
    <section className="csh-section">
      <h4>{t('cashier.security.sessions')}</h4>
      <Loadable
        loading={sessions.isPending}
        error={sessions.error}
        empty={list.length === 0}
        onRetry={() => void sessions.refetch()}
      >
        <ul className="csh-list">
          {list.map((s) => (
            <li key={s.id} className="csh-item">
              <div className="csh-item-head">
                <span title={s.device}>{deviceName(s.device)}</span>
                <span className="csh-item-meta">
                  {s.ip} · {t('cashier.security.lastSeen', { time: fmt.date(s.lastSeenAt) })}
                </span>
              </div>
              {s.current ? (
                <span className="csh-hint">{t('cashier.security.thisDevice')}</span>
              ) : (
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(s.id)}
                >
                  {t('cashier.security.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      </Loadable>
    </section>
  );
}
