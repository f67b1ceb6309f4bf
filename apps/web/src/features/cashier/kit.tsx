import type { CashierMethod, CashierRequest, CashierState, MethodChannel } from '@khela/contract/cashier';
import { registerSettingsCall } from '@khela/contract/endpoints';
import { formatter, readNumber } from '@khela/contract/format';
import { fromMinor, toMinor } from '@khela/contract/money';
import { paymentPasswordRule } from '@khela/contract/payment-password-rule';
import type { FieldRule } from '@khela/contract/system';
import { fieldLabelKey, formatRange, matchesRule, patternMessageKey } from '@khela/contract/validation';
import { useQuery } from '@tanstack/react-query';
import { type InputHTMLAttributes, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../lib/api';
import { currencySymbol, useFormat } from '../../lib/format';
import { useSystemStatus } from '../../lib/system';
import { ChannelIcon } from './icons';
import { reasonText } from './notice-text';

/** How the brand's amounts are written: its currency's decimals and symbol. */
export type Unit = { decimals: number; symbol: string };

export function useUnit(): Unit {
  const brand = useSystemStatus().data?.brand;
  return { decimals: brand?.currencyDecimals ?? 2, symbol: currencySymbol(false, brand?.currencySymbol) };
}

/** An amount through the site's one formatter. */
export function Money({ amount, unit }: { amount: string | bigint; unit: Unit }) {
  const fmt = useFormat();
  return <span className="csh-money">{fmt.money(amount, unit)}</span>;
}

/** What a person typed in an amount field (any digits, the locale's separators) as a plain decimal, or null. */
export function typedAmount(text: string, locale: string, decimals: number): bigint | null {
  const plain = readNumber(text, locale);
  if (!/^\d{1,15}(\.\d+)?$/.test(plain)) return null;
  return toMinor(plain, decimals);
}

/** A method's fee on an amount (minor units): basis points plus the fixed part, rounded up. */
export function feeOf(m: Pick<CashierMethod, 'feeBp' | 'feeFixed'>, amount: bigint, decimals: number): bigint {
  const fixed = toMinor(m.feeFixed, decimals) ?? 0n;
  return (amount * BigInt(m.feeBp) + 9_999n) / 10_000n + fixed;
}

export const minor = (amount: string, decimals: number) => toMinor(amount, decimals) ?? 0n;
export const decimal = (amount: bigint, decimals: number) => fromMinor(amount, decimals);

/**
 * A failure as the page shows it: the text for the field the server named (its own field
 * errors, or the field a cashier error code belongs to), else for the whole form.
 */
export type Failure = { field: string | null; text: string };

export function useFailure() {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (e: unknown, fieldOf: Partial<Record<string, string>> = {}): Failure => {
    if (!(e instanceof ApiError)) return { field: null, text: t('errors.NETWORK') };
    const own = e.fieldErrors ? Object.entries(e.fieldErrors)[0] : undefined;
    if (own) {
      const [field, key] = own;
      return { field, text: key.includes('.') ? t(key) : t(e.messageKey) };
    }
    let text = t(e.messageKey);
    // The payment password's lock says until when (contract: PAYMENT_PASSWORD_LOCKED value.until).
    const until = (e.value as { until?: string } | null | undefined)?.until;
    if (e.code === 'PAYMENT_PASSWORD_LOCKED' && until)
      text = `${text} ${t('cashier.lockedUntil', { time: fmt.date(until) })}`;
    return { field: fieldOf[e.code] ?? null, text };
  };
}

/** Error codes that belong to the payment password field wherever it is asked. */
export const PASSWORD_CODES = {
  PAYMENT_PASSWORD_WRONG: 'paymentPassword',
  PAYMENT_PASSWORD_LOCKED: 'paymentPassword',
  PAYMENT_PASSWORD_NOT_SET: 'paymentPassword',
} as const;

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  end?: ReactNode;
  inputRef?: RefObject<HTMLInputElement | null>;
};

/** A labelled input with its hint and its error under it. */
export function Field({ label, error, hint, end, inputRef, ...input }: FieldProps) {
  const id = useId();
  return (
    <div className={`csh-field${error ? ' csh-field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="csh-input-row">
        <input
          ref={inputRef}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-e` : hint ? `${id}-h` : undefined}
          {...input}
        />
        {end}
      </div>
      {hint && !error ? (
        <p id={`${id}-h`} className="csh-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-e`} className="csh-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The brand's rule for the payment password: the registration settings' `paymentPassword` rule
 * the site already reads for its forms (spec §5), six digits when the brand has none — the rule
 * the server checks.
 */
export function usePaymentPasswordRule(): FieldRule {
  // The registration form's own query (same key): read once per page load, shared by both.
  const settings = useQuery({
    queryKey: ['system', 'setting', 'register'],
    queryFn: ({ signal }) => call(registerSettingsCall, {}, { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
  return paymentPasswordRule(settings.data);
}

/**
 * The payment password's words by its rule: `hint` says the shape ("Please enter 4 - 8
 * characters, digits only", in the reader's digits), `check` a typed one's problem or null, and
 * `text` a message key (the server's field errors too) with the rule's (min), (max) and range.
 */
export function usePaymentPasswordText(rule: FieldRule) {
  const { t, i18n } = useTranslation();
  const count = (n: number) => formatter(i18n.language).count(n);
  const text = (key: string) =>
    t(key, {
      field: t(fieldLabelKey('paymentPassword')),
      min: rule.minLength,
      max: rule.maxLength,
      range: formatRange(rule.minLength, rule.maxLength, count),
      defaultValue: t('validation.invalid'),
    });
  return {
    text,
    hint: text(patternMessageKey(rule.patternId)),
    check: (password: string): string | null =>
      password === ''
        ? t('validation.notEmpty', { field: t('validation.fields.paymentPassword') })
        : matchesRule(rule, password)
          ? null
          : text(patternMessageKey(rule.patternId)),
  };
}

const digitsOnly = (rule: FieldRule) => rule.patternId === 'digits' || rule.acceptedPattern === '^[0-9]+$';

/**
 * A payment password field by the brand's rule: a number pad, and digits of any script read as
 * 0-9, when the rule is digits; typing stops at the rule's longest. The hint says the shape.
 */
export function PasswordField({
  label,
  value,
  onChange,
  error,
  rule,
  hint,
  autoComplete = 'off',
}: {
  label: string;
  value: string;
  onChange(v: string): void;
  error?: string | null;
  rule: FieldRule;
  hint?: ReactNode;
  autoComplete?: string;
}) {
  const digits = digitsOnly(rule);
  const longest = Math.min(rule.maxLength, 64);
  return (
    <Field
      label={label}
      type="password"
      inputMode={digits ? 'numeric' : undefined}
      autoComplete={autoComplete}
      maxLength={longest}
      value={value}
      onChange={(e) => {
        const typed = digits ? readNumber(e.target.value, 'en').replace(/\D/g, '') : e.target.value;
        onChange(Array.from(typed).slice(0, longest).join(''));
      }}
      hint={hint}
      error={error}
    />
  );
}

/**
 * The step before money moves, with the payment password that lets it (withdrawals, transfers):
 * what will happen in figures, the password by the brand's rule, Back and Confirm. One request id
 * per attempt: a lost answer is sent again under the same id, so the server acts once; a refusal
 * ends the attempt. A wrong password stays here on its field; a locked or unset one, and a
 * refusal of one of the form's own fields (`fieldOf`: the amount, the account), go back to the
 * form with `onRefused`.
 */
export function PaymentPasswordConfirm({
  title,
  rows,
  fieldOf,
  send,
  busy,
  onBack,
  onSent,
  onRefused,
}: {
  title: string;
  rows: [string, ReactNode][];
  /** The form's fields the server's error codes belong to. */
  fieldOf: Partial<Record<string, string>>;
  /** Sends the request with the password under the attempt's request id (a change's `mutate`). */
  send(password: string, requestId: string, h: { onSuccess(): void; onError(e: unknown): void }): void;
  busy: boolean;
  onBack(): void;
  onSent(): void;
  onRefused(f: Failure): void;
}) {
  const { t } = useTranslation();
  const rule = usePaymentPasswordRule();
  const words = usePaymentPasswordText(rule);
  const failure = useFailure();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<Failure | null>(null);
  const requestId = useRef<string | null>(null);
  const confirm = () => {
    const problem = words.check(password);
    if (problem) return setError({ field: 'paymentPassword', text: problem });
    setError(null);
    requestId.current ??= newRequestId();
    send(password, requestId.current, {
      onSuccess: () => {
        requestId.current = null;
        onSent();
      },
      onError: (e: unknown) => {
        const f = failure(e, { ...PASSWORD_CODES, ...fieldOf });
        // A lost answer (status 0) keeps its id for the retry; anything else ends the attempt.
        if (f.field || !(e instanceof ApiError) || e.status !== 0) requestId.current = null;
        // Locked or not set: nothing typed here helps; the form says so and stays shut.
        if (e instanceof ApiError && (e.code === 'PAYMENT_PASSWORD_LOCKED' || e.code === 'PAYMENT_PASSWORD_NOT_SET'))
          onRefused({ field: null, text: f.text });
        else if (f.field === 'paymentPassword') {
          setPassword('');
          const key = e instanceof ApiError ? e.fieldErrors?.paymentPassword : undefined;
          setError({ field: f.field, text: key ? words.text(key) : f.text });
        } else if (f.field) onRefused(f);
        else setError(f);
      },
    });
  };
  return (
    <ConfirmStep
      title={title}
      rows={rows}
      busy={busy}
      error={error && !error.field ? error.text : null}
      onBack={() => {
        requestId.current = null;
        onBack();
      }}
      onConfirm={confirm}
    >
      <PasswordField
        label={t('cashier.paymentPassword')}
        value={password}
        onChange={setPassword}
        rule={rule}
        hint={words.hint}
        error={error?.field === 'paymentPassword' ? error.text : null}
      />
    </ConfirmStep>
  );
}

/** A request's state, translated (cashier.states.*). */
export function StateBadge({ state }: { state: CashierState }) {
  const { t } = useTranslation();
  const tone =
    state === 'credited' || state === 'paid'
      ? 'ok'
      : state === 'rejected' || state === 'failed' || state === 'expired' || state === 'cancelled'
        ? 'bad'
        : 'open';
  return <span className={`csh-state csh-state-${tone}`}>{t(`cashier.states.${state}`)}</span>;
}

/** The request's history: every state it went through, with its time and note. */
export function Tracker({ request }: { request: CashierRequest }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (
    <ol className="csh-tracker" aria-label={t('cashier.history')}>
      {request.history.map((h, i) => (
        <li key={`${h.state}-${h.at}`} className={i === request.history.length - 1 ? 'csh-tracker-now' : undefined}>
          <span className="csh-tracker-state">{t(`cashier.states.${h.state}`)}</span>
          <time dateTime={h.at}>{fmt.date(h.at)}</time>
          {h.note ? <span className="csh-tracker-note">{reasonText(t, h.note)}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** The receipt: its number is the request's id. */
export function Receipt({ request, unit }: { request: CashierRequest; unit: Unit }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const rows: [string, ReactNode][] = [
    [t('cashier.receiptNo'), <code key="id">{fmt.digits(request.id)}</code>],
    [t('cashier.status'), <StateBadge key="s" state={request.state} />],
    [t('cashier.method'), request.methodName],
    [t('cashier.amount'), <Money key="a" amount={request.amount} unit={unit} />],
    [t('cashier.fee'), <Money key="f" amount={request.fee} unit={unit} />],
    [t('cashier.net'), <Money key="n" amount={request.net} unit={unit} />],
    [t('cashier.created'), fmt.date(request.createdAt)],
    [t('cashier.updated'), fmt.date(request.updatedAt)],
  ];
  if (request.payoutAccount) rows.splice(3, 0, [t('cashier.payoutAccount'), request.payoutAccount]);
  if (request.playerReference) rows.push([t('cashier.yourReference'), <code key="r">{request.playerReference}</code>]);
  return (
    <section className="csh-receipt" aria-label={t('cashier.receipt')}>
      <h4>{t('cashier.receipt')}</h4>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {request.reason ? (
        <p className="csh-reason">
          {t('cashier.reason')}: {reasonText(t, request.reason)}
        </p>
      ) : null}
    </section>
  );
}

/** Minutes and seconds left until `until`, ticking each second; null once past. */
export function useCountdown(until: string | null): string | null {
  const fmt = useFormat();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const left = Math.floor((Date.parse(until) - now) / 1000);
  if (!(left > 0)) return null;
  return fmt.digits(`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`);
}

/**
 * The step before money moves: what will happen, in figures, with Back and Confirm. Shown in
 * place of the form (a second modal over the centre would fight it for Escape and focus).
 */
export function ConfirmStep({
  title,
  rows,
  busy,
  error,
  onBack,
  onConfirm,
  children,
}: {
  title: string;
  rows: [string, ReactNode][];
  busy: boolean;
  error?: string | null;
  onBack(): void;
  onConfirm(): void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <section ref={ref} className="csh-confirm" aria-labelledby={heading} tabIndex={-1}>
      <h4 id={heading}>{title}</h4>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {children}
      {error ? (
        <p className="csh-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="csh-actions">
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={busy}>
          {t('cashier.back')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onConfirm} disabled={busy}>
          {busy ? t('cashier.sending') : t('cashier.confirm')}
        </button>
      </div>
    </section>
  );
}

/** Loading, failure (with retry) and empty states of a page's data. */
export function Loadable({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty?: boolean;
  emptyText?: string;
  onRetry(): void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (error)
    return (
      <div className="csh-state" role="alert">
        <p>{t(error instanceof ApiError ? error.messageKey : 'errors.NETWORK')}</p>
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('cashier.retry')}
        </button>
      </div>
    );
  if (loading)
    return (
      <p className="csh-state" role="status">
        {t('cashier.loading')}
      </p>
    );
  if (empty) return <p className="csh-state">{emptyText ?? t('cashier.empty')}</p>;
  return <>{children}</>;
}

/** A method's picture: the operator's logo, else the channel's neutral icon. */
export function MethodLogo({ logoUrl, channel }: { logoUrl: string | null; channel: MethodChannel }) {
  return logoUrl ? (
    <img className="csh-logo" src={logoUrl} alt="" width={40} height={40} loading="lazy" />
  ) : (
    <ChannelIcon channel={channel} />
  );
}

/** Copies a text, saying so for a moment. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-ghost csh-copy"
      aria-label={`${t('cashier.copy')}: ${label}`}
      onClick={() => {
        void navigator.clipboard?.writeText(text).then(() => {
          setDone(true);
          setTimeout(() => setDone(false), 1500);
        });
      }}
    >
      {done ? t('cashier.copied') : t('cashier.copy')}
    </button>
  );
}

/** A new client request id (crypto.randomUUID, with a fallback for old browsers on plain HTTP). */
export function newRequestId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40;
  b[8] = ((b[8] as number) & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
