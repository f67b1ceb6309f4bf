import type { PayoutAccount, WithdrawSummary } from '@khela/contract/cashier';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCentreLink } from '../../components/centre/address';
import { useFormat } from '../../lib/format';
import { useMethods, usePayoutAccounts, useRequests, useWithdraw, useWithdrawSummary } from './api';
import {
  decimal,
  type Failure,
  Field,
  feeOf,
  Loadable,
  Money,
  minor,
  PaymentPasswordConfirm,
  typedAmount,
  type Unit,
  useUnit,
} from './kit';
import { useCashierTexts } from './texts';
import { WithdrawalList } from './withdrawal-list';
import './cashier.css';

/**
 * Withdraw (spec §2 withdraw, CASHIER.md "Withdrawal"): what is still to bet before money can
 * leave, today's limits, how long payouts take, then a bound payout account, an amount and the
 * payment password, confirmed before the amount moves to a hold. Below, the player's
 * withdrawals with their states, reasons, cancel and the confirmation after paid (spec §4).
 */
export default function WithdrawPage() {
  const { t } = useCashierTexts();
  const unit = useUnit();
  const summary = useWithdrawSummary();
  const accounts = usePayoutAccounts();
  const requests = useRequests('withdraw');
  return (
    <div className="csh">
      <Loadable
        loading={summary.isPending || accounts.isPending}
        error={summary.error ?? accounts.error}
        onRetry={() => {
          void summary.refetch();
          void accounts.refetch();
        }}
      >
        {summary.data && accounts.data ? (
          <>
            <SummaryPanel summary={summary.data} unit={unit} />
            <WithdrawForm summary={summary.data} accounts={accounts.data} unit={unit} />
          </>
        ) : null}
      </Loadable>
      <h4 className="csh-subtitle">{t('cashier.withdraw.list')}</h4>
      <WithdrawalList query={requests} unit={unit} />
    </div>
  );
}

function SummaryPanel({ summary: s, unit }: { summary: WithdrawSummary; unit: Unit }) {
  const { t } = useCashierTexts();
  const remaining = minor(s.turnoverRemaining, unit.decimals);
  const total = minor(s.turnoverRequired, unit.decimals);
  const done = remaining === 0n ? 100 : total > remaining ? Number(((total - remaining) * 100n) / total) : 0;
  return (
    <section className="csh-summary" aria-label={t('cashier.withdraw.summary')}>
      <dl className="csh-figures">
        <div>
          <dt>{t('cashier.balance')}</dt>
          <dd>
            <Money amount={s.balance} unit={unit} />
          </dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.withdrawable')}</dt>
          <dd>
            <Money amount={s.withdrawable} unit={unit} />
          </dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.usedToday')}</dt>
          <dd>
            {t('cashier.withdraw.usedCount', { used: s.usedCount, limit: s.dailyCount })}
            <br />
            <Money amount={s.usedAmount} unit={unit} /> / <Money amount={s.dailyAmount} unit={unit} />
          </dd>
        </div>
        <div>
          <dt>{t('cashier.withdraw.medianTime')}</dt>
          <dd>
            {s.medianMinutesToPaid === null
              ? t('cashier.withdraw.noMedian')
              : t('cashier.minutes', { minutes: s.medianMinutesToPaid })}
          </dd>
        </div>
      </dl>
      <div className="csh-meter">
        <div className="csh-meter-head">
          <span>{t('cashier.withdraw.turnover')}</span>
          <strong>
            {remaining === 0n ? (
              t('cashier.withdraw.turnoverMet')
            ) : (
              <>
                {t('cashier.withdraw.turnoverLeft')} <Money amount={s.turnoverRemaining} unit={unit} />
              </>
            )}
          </strong>
        </div>
        <div className="csh-meter-bar" aria-hidden="true">
          <span style={{ width: `${done}%` }} />
        </div>
        {remaining > 0n ? <p className="csh-hint">{t('cashier.withdraw.turnoverHelp')}</p> : null}
      </div>
    </section>
  );
}

const FIELD_OF = {
  AMOUNT_OUT_OF_RANGE: 'amount',
  DAILY_LIMIT_REACHED: 'amount',
  TURNOVER_NOT_MET: 'amount',
  INSUFFICIENT_FUNDS: 'amount',
  PAYOUT_ACCOUNT_DELAYED: 'payoutAccountId',
  PAYEE_NAME_MISMATCH: 'payoutAccountId',
};

function WithdrawForm({
  summary: s,
  accounts,
  unit,
}: {
  summary: WithdrawSummary;
  accounts: PayoutAccount[];
  unit: Unit;
}) {
  const { t, i18n } = useCashierTexts();
  const fmt = useFormat();
  const security = useCentreLink('member', 'securityCenter');
  const methods = useMethods('withdraw');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdraw();
  const now = Date.now();
  const usable = (a: PayoutAccount) => Date.parse(a.usableFrom) <= now;
  const account = accounts.find((a) => a.id === accountId) ?? accounts.find(usable);
  const method = methods.data?.list.find((m) => m.id === account?.methodId);
  const amount = typedAmount(text, i18n.language, unit.decimals);
  const withdrawable = minor(s.withdrawable, unit.decimals);
  const max = minor(s.max, unit.decimals);
  const turnoverLeft = minor(s.turnoverRemaining, unit.decimals) > 0n;
  const locked = s.paymentPasswordLockedUntil && Date.parse(s.paymentPasswordLockedUntil) > now;
  const blocked = turnoverLeft || !s.paymentPasswordSet || Boolean(locked) || !account;

  if (confirming && account && amount !== null) {
    const fee = method ? feeOf(method, amount, unit.decimals) : 0n;
    const net = method?.feeBearer === 'player' ? amount - fee : amount;
    return (
      <PaymentPasswordConfirm
        title={t('cashier.withdraw.confirmTitle')}
        rows={[
          [t('cashier.payoutAccount'), `${account.methodName} ${account.accountNumber}`],
          [t('cashier.payee'), account.payeeName],
          [t('cashier.amount'), <Money key="a" amount={amount} unit={unit} />],
          [t('cashier.fee'), <Money key="f" amount={method?.feeBearer === 'player' ? fee : 0n} unit={unit} />],
          [t('cashier.withdraw.net'), <Money key="n" amount={net} unit={unit} />],
        ]}
        fieldOf={FIELD_OF}
        busy={withdraw.isPending}
        send={(paymentPassword, requestId, h) =>
          withdraw.mutate(
            {
              requestId,
              payoutAccountId: account.id,
              amount: decimal(amount, unit.decimals),
              paymentPassword,
            },
            h,
          )
        }
        onBack={() => {
          setError(null);
          setConfirming(false);
        }}
        onSent={() => {
          setConfirming(false);
          setText('');
          setError(null);
        }}
        onRefused={(f) => {
          setError(f);
          setConfirming(false);
        }}
      />
    );
  }

  const quick = [...(method?.presets ?? [])];
  let all = withdrawable;
  if (max < all) all = max;
  return (
    <form
      className="csh"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        let problem: Failure | null = null;
        if (amount === null || amount <= 0n) problem = { field: 'amount', text: t('cashier.amountRequired') };
        else if (amount < minor(s.min, unit.decimals) || amount > max)
          problem = { field: 'amount', text: t('errors.AMOUNT_OUT_OF_RANGE') };
        else if (amount > withdrawable) problem = { field: 'amount', text: t('cashier.withdraw.overWithdrawable') };
        setError(problem);
        if (!problem) setConfirming(true);
      }}
    >
      {!s.paymentPasswordSet ? (
        <p className="csh-note csh-warn">
          {t('errors.PAYMENT_PASSWORD_NOT_SET')}{' '}
          <Link to={security} replace>
            {t('cashier.toSecurity')}
          </Link>
        </p>
      ) : null}
      {locked ? (
        <p className="csh-note csh-warn" role="alert">
          {t('errors.PAYMENT_PASSWORD_LOCKED')}{' '}
          {t('cashier.lockedUntil', { time: fmt.date(s.paymentPasswordLockedUntil as string) })}
        </p>
      ) : null}
      <fieldset className="csh-methods">
        <legend>{t('cashier.payoutAccount')}</legend>
        {accounts.length === 0 ? <p className="csh-hint">{t('cashier.withdraw.noAccount')}</p> : null}
        {accounts.map((a) => (
          <label key={a.id} className={`csh-method csh-method-plain${usable(a) ? '' : ' csh-method-off'}`}>
            <input
              type="radio"
              name="account"
              disabled={!usable(a)}
              checked={a.id === account?.id}
              onChange={() => setAccountId(a.id)}
            />
            <span className="csh-method-name">
              {a.methodName} <code>{a.accountNumber}</code>
            </span>
            <span className="csh-method-meta">
              {usable(a) ? a.payeeName : t('cashier.withdraw.usableFrom', { time: fmt.date(a.usableFrom) })}
            </span>
          </label>
        ))}
        <Link className="csh-link" to={security} replace>
          {t('cashier.withdraw.addAccount')}
        </Link>
        {error?.field === 'payoutAccountId' ? (
          <p className="csh-error" role="alert">
            {error.text}
          </p>
        ) : null}
      </fieldset>
      <fieldset className="csh-chips">
        <legend className="visually-hidden">{t('cashier.presets')}</legend>
        {quick.map((p) => (
          <button
            key={p}
            type="button"
            className="csh-chip"
            onClick={() => setText(fmt.number(p, { max: unit.decimals }))}
          >
            {fmt.money(p, unit)}
          </button>
        ))}
        {all > 0n ? (
          <button
            type="button"
            className="csh-chip"
            onClick={() => setText(fmt.number(decimal(all, unit.decimals), { max: unit.decimals }))}
          >
            {t('cashier.withdraw.all')}
          </button>
        ) : null}
      </fieldset>
      <Field
        label={t('cashier.amount')}
        inputMode="decimal"
        autoComplete="off"
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={
          <>
            {t('cashier.limits')}: <Money amount={s.min} unit={unit} /> – <Money amount={s.max} unit={unit} />
          </>
        }
        error={error?.field === 'amount' ? error.text : null}
      />
      {error && !error.field ? (
        <p className="csh-error" role="alert">
          {error.text}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary csh-submit" disabled={blocked}>
        {t('cashier.continue')}
      </button>
      {turnoverLeft ? <p className="csh-hint">{t('errors.TURNOVER_NOT_MET')}</p> : null}
    </form>
  );
}
