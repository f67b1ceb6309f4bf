import type { CashierMethod, CashierRequest } from '@khela/contract/cashier';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFormat } from '../../lib/format';
import { isFinal, useDeposit, useMethods, useSendReference, useStartDeposit } from './api';
import { browser } from './browser';
import {
  ConfirmStep,
  CopyButton,
  decimal,
  Field,
  feeOf,
  Loadable,
  MethodLogo,
  Money,
  minor,
  Receipt,
  StateBadge,
  Tracker,
  typedAmount,
  type Unit,
  useCountdown,
  useFailure,
  useUnit,
} from './kit';
import { useCashierTexts } from './texts';
import './cashier.css';
import i18next from 'i18next';

/**
 * The checkout to send the player to. Khela's own sandbox checkout speaks Bengali and English and
 * takes the page's language as `?lang`, so an English page does not land on a Bengali checkout;
 * a real provider's address is left exactly as it came (it may be signed).
 */
export function checkoutUrl(redirectUrl: string): string {
  const lang = i18next.language === 'bn' ? 'bn' : 'en';
  try {
    const u = new URL(redirectUrl, window.location.href);
    if (u.origin !== window.location.origin || !u.pathname.startsWith('/psp/sandbox/checkout/')) return redirectUrl;
    u.searchParams.set('lang', lang);
    return u.toString();
  } catch {
    return redirectUrl;
  }
}

/** The address names the deposit to show (the checkout returns the player with it). */
export const DEPOSIT_PARAM = 'deposit';

/**
 * Deposit (spec §2 depositv2, CASHIER.md "Deposit"): pick a method, an amount (a preset or
 * typed on the phone's number pad, Bengali digits too), a promotion to join if any, confirm the
 * figures; a provider's checkout opens in this tab, a bank transfer shows the operator's
 * account and asks for the transfer's id. A deposit in the address shows its status.
 */
export default function DepositPage() {
  useCashierTexts();
  const [params, setParams] = useSearchParams();
  const id = params.get(DEPOSIT_PARAM);
  const [started, setStarted] = useState<CashierRequest | null>(null);
  const show = (next: string | null) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next) copy.set(DEPOSIT_PARAM, next);
        else copy.delete(DEPOSIT_PARAM);
        return copy;
      },
      { replace: true },
    );
  if (id)
    return (
      <DepositStatus
        id={id}
        initial={started?.id === id ? started : undefined}
        onNew={() => {
          setStarted(null);
          show(null);
        }}
      />
    );
  return (
    <DepositForm
      onStarted={(r) => {
        if (r.kind === 'psp' && r.redirectUrl) {
          browser.go(checkoutUrl(r.redirectUrl));
          return;
        }
        setStarted(r);
        show(r.id);
      }}
    />
  );
}

function DepositForm({ onStarted }: { onStarted(r: CashierRequest): void }) {
  const { t, i18n } = useCashierTexts();
  const unit = useUnit();
  const methods = useMethods('deposit');
  const [methodId, setMethodId] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [promotionId, setPromotionId] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<{ field: string | null; text: string } | null>(null);
  const start = useStartDeposit();
  const failure = useFailure();
  const list = methods.data?.list ?? [];
  const method = list.find((m) => m.id === methodId) ?? list[0];
  const amount = typedAmount(text, i18n.language, unit.decimals);

  const check = (): string | null => {
    if (!method) return null;
    if (amount === null || amount <= 0n) return t('cashier.amountRequired');
    if (amount < minor(method.min, unit.decimals) || amount > minor(method.max, unit.decimals))
      return t('errors.AMOUNT_OUT_OF_RANGE');
    return null;
  };

  if (confirming && method && amount !== null) {
    const fee = feeOf(method, amount, unit.decimals);
    const net = method.feeBearer === 'player' ? amount - fee : amount;
    const promotion = methods.data?.promotions.find((p) => p.id === promotionId);
    return (
      <ConfirmStep
        title={t('cashier.deposit.confirmTitle')}
        rows={[
          [t('cashier.method'), method.name],
          [t('cashier.amount'), <Money key="a" amount={amount} unit={unit} />],
          [t('cashier.fee'), <FeeText key="f" fee={fee} bearer={method.feeBearer} unit={unit} />],
          [t('cashier.deposit.net'), <Money key="n" amount={net} unit={unit} />],
          ...(promotion ? [[t('cashier.deposit.promotion'), promotion.title] as [string, string]] : []),
        ]}
        busy={start.isPending}
        error={error?.field === null ? error.text : null}
        onBack={() => setConfirming(false)}
        onConfirm={() => {
          setError(null);
          start.mutate(
            {
              methodId: method.id,
              amount: decimal(amount, unit.decimals),
              ...(promotion ? { promotionId: promotion.id } : {}),
            },
            {
              onSuccess: onStarted,
              onError: (e) => {
                const f = failure(e, { AMOUNT_OUT_OF_RANGE: 'amount' });
                setError(f);
                if (f.field) setConfirming(false);
              },
            },
          );
        }}
      />
    );
  }

  return (
    <Loadable
      loading={methods.isPending}
      error={methods.error}
      empty={list.length === 0}
      emptyText={t('cashier.deposit.noMethods')}
      onRetry={() => void methods.refetch()}
    >
      <form
        className="csh"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const problem = check();
          setError(problem ? { field: 'amount', text: problem } : null);
          if (!problem) setConfirming(true);
        }}
      >
        <fieldset className="csh-methods">
          <legend>{t('cashier.chooseMethod')}</legend>
          {list.map((m) => (
            <label key={m.id} className="csh-method">
              <input
                type="radio"
                name="method"
                checked={m.id === method?.id}
                onChange={() => {
                  setMethodId(m.id);
                  setError(null);
                }}
              />
              <MethodLogo logoUrl={m.logoUrl} channel={m.channel} />
              <span className="csh-method-name">{m.name}</span>
              <span className="csh-method-meta">{t('cashier.processing', { minutes: m.processingMinutes })}</span>
            </label>
          ))}
        </fieldset>
        {method ? (
          <>
            <MethodFacts method={method} unit={unit} />
            <fieldset className="csh-chips">
              <legend className="visually-hidden">{t('cashier.presets')}</legend>
              {method.presets.map((p) => (
                <PresetChip key={p} amount={p} unit={unit} onPick={(v) => setText(v)} />
              ))}
            </fieldset>
            <Field
              label={t('cashier.amount')}
              inputMode="decimal"
              autoComplete="off"
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              error={error?.field === 'amount' ? error.text : null}
            />
            {methods.data && methods.data.promotions.length > 0 ? (
              <label className="csh-select">
                <span>{t('cashier.deposit.promotion')}</span>
                <select
                  value={promotionId ?? ''}
                  onChange={(e) => setPromotionId(e.target.value ? Number(e.target.value) : null)}
                >
                  <option value="">{t('cashier.deposit.noPromotion')}</option>
                  {methods.data.promotions.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {error && error.field !== 'amount' ? (
              <p className="csh-error" role="alert">
                {error.text}
              </p>
            ) : null}
            <button type="submit" className="btn btn-primary csh-submit">
              {t('cashier.continue')}
            </button>
          </>
        ) : null}
      </form>
    </Loadable>
  );
}

function PresetChip({ amount, unit, onPick }: { amount: string; unit: Unit; onPick(v: string): void }) {
  const fmt = useFormat();
  // The field shows the amount as the language writes numbers; it reads any script back.
  return (
    <button type="button" className="csh-chip" onClick={() => onPick(fmt.number(amount, { max: unit.decimals }))}>
      {fmt.money(amount, unit)}
    </button>
  );
}

function FeeText({ fee, bearer, unit }: { fee: bigint; bearer: 'operator' | 'player'; unit: Unit }) {
  const { t } = useCashierTexts();
  // "0.00 · paid by us" says nothing: a free deposit reads "No fee", like the method's facts.
  if (fee === 0n) return <>{t('cashier.noFee')}</>;
  return (
    <>
      <Money amount={fee} unit={unit} /> · {t(`cashier.feeBearer.${bearer}`)}
    </>
  );
}

/** Limits, fee and who bears it, processing time. */
function MethodFacts({ method, unit }: { method: CashierMethod; unit: Unit }) {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const hasFee = method.feeBp > 0 || minor(method.feeFixed, unit.decimals) > 0n;
  const fee = hasFee
    ? [
        method.feeBp > 0 ? fmt.percent(method.feeBp / 100, 2) : null,
        hasFee && minor(method.feeFixed, unit.decimals) > 0n ? fmt.money(method.feeFixed, unit) : null,
      ]
        .filter(Boolean)
        .join(' + ')
    : t('cashier.noFee');
  return (
    <dl className="csh-facts">
      <div>
        <dt>{t('cashier.limits')}</dt>
        <dd>
          <Money amount={method.min} unit={unit} /> – <Money amount={method.max} unit={unit} />
        </dd>
      </div>
      <div>
        <dt>{t('cashier.fee')}</dt>
        <dd>
          {fee}
          {hasFee ? ` · ${t(`cashier.feeBearer.${method.feeBearer}`)}` : null}
        </dd>
      </div>
      <div>
        <dt>{t('cashier.processingTime')}</dt>
        <dd>{t('cashier.processing', { minutes: method.processingMinutes })}</dd>
      </div>
    </dl>
  );
}

/** One deposit: its state, what to do next, its history and receipt; refreshed until final. */
function DepositStatus({ id, initial, onNew }: { id: string; initial?: CashierRequest; onNew(): void }) {
  const { t } = useCashierTexts();
  const unit = useUnit();
  const q = useDeposit(id);
  const r = q.data ?? initial;
  const left = useCountdown(r && !isFinal(r) ? r.expiresAt : null);
  return (
    <Loadable loading={!r && q.isPending} error={r ? null : q.error} onRetry={() => void q.refetch()}>
      {r ? (
        <div className="csh">
          <div className="csh-status-head">
            <StateBadge state={r.state} />
            <Money amount={r.amount} unit={unit} />
            <span>{r.methodName}</span>
          </div>
          {left ? <p className="csh-countdown">{t('cashier.deposit.expiresIn', { time: left })}</p> : null}
          {r.kind === 'psp' && r.redirectUrl && !isFinal(r) ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => browser.go(checkoutUrl(r.redirectUrl as string))}
            >
              {t('cashier.deposit.toCheckout')}
            </button>
          ) : null}
          {r.kind === 'bank_transfer' && r.bank && (r.state === 'created' || r.state === 'pending') ? (
            <BankTransfer request={r} unit={unit} />
          ) : null}
          {r.state === 'submitted' || r.state === 'under_review' ? (
            <p className="csh-note">{t('cashier.deposit.underReview')}</p>
          ) : null}
          <Tracker request={r} />
          <Receipt request={r} unit={unit} />
          <button type="button" className="btn btn-ghost" onClick={onNew}>
            {t('cashier.deposit.new')}
          </button>
        </div>
      ) : null}
    </Loadable>
  );
}

/** The operator's account, the reference to write on the transfer, and the player's transaction id. */
function BankTransfer({ request, unit }: { request: CashierRequest; unit: Unit }) {
  const { t } = useCashierTexts();
  const bank = request.bank as NonNullable<CashierRequest['bank']>;
  const [reference, setReference] = useState('');
  const [error, setError] = useState<{ field: string | null; text: string } | null>(null);
  const send = useSendReference();
  const failure = useFailure();
  const rows: [string, string][] = [
    [t('cashier.bank.bankName'), bank.bankName],
    [t('cashier.bank.accountName'), bank.accountName],
    [t('cashier.bank.accountNumber'), bank.accountNumber],
    [t('cashier.bank.branch'), bank.branch],
    [t('cashier.bank.routingNumber'), bank.routingNumber],
  ];
  if (request.transferReference) rows.push([t('cashier.bank.transferReference'), request.transferReference]);
  return (
    <section className="csh-bank" aria-label={t('cashier.bank.title')}>
      <h4>{t('cashier.bank.title')}</h4>
      <p className="csh-note">
        {t('cashier.bank.howTo')} <Money amount={request.amount} unit={unit} />
      </p>
      <dl>
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>
              <code>{v}</code>
              <CopyButton text={v} label={k} />
            </dd>
          </div>
        ))}
      </dl>
      <form
        className="csh"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          const value = reference.trim();
          if (!/^[A-Za-z0-9-]{4,40}$/.test(value)) {
            setError({ field: 'reference', text: t('cashier.bank.referenceFormat') });
            return;
          }
          setError(null);
          send.mutate(
            { params: { id: request.id }, body: { reference: value } },
            { onError: (err) => setError(failure(err, { REFERENCE_USED: 'reference' })) },
          );
        }}
      >
        <Field
          label={t('cashier.bank.yourReference')}
          autoComplete="off"
          value={reference}
          onChange={(e) => setReference(e.target.value)}
          hint={t('cashier.bank.yourReferenceHint')}
          error={error?.field ? error.text : null}
        />
        {error && !error.field ? (
          <p className="csh-error" role="alert">
            {error.text}
          </p>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={send.isPending}>
          {t('cashier.bank.send')}
        </button>
      </form>
    </section>
  );
}
