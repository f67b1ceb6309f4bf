import { useState } from 'react';
import { useFormat } from '../../lib/format';
import { TRANSFER_REMARK_MAX, useTransfers, useUplineTransfer } from './api';
import {
  decimal,
  type Failure,
  Field,
  Loadable,
  Money,
  minor,
  PaymentPasswordConfirm,
  typedAmount,
  useUnit,
} from './kit';
import { useCashierTexts } from './texts';
import './cashier.css';

/**
 * Transfer to upline (spec §2 transferUpline, CASHIER.md "Transfers"): a player sends money
 * to its upline agent; an agent to one of its direct downlines by account name. Payment
 * password, a remark of up to 140 characters, a confirmation; below, the transfers both ways.
 */
export default function TransferPage() {
  const { t, i18n } = useCashierTexts();
  const fmt = useFormat();
  const unit = useUnit();
  const transfers = useTransfers();
  const send = useUplineTransfer();
  const [to, setTo] = useState('');
  const [text, setText] = useState('');
  const [remark, setRemark] = useState('');
  const [error, setError] = useState<Failure | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [sent, setSent] = useState(false);
  const d = transfers.data;
  const amount = typedAmount(text, i18n.language, unit.decimals);
  const recipient = d?.isAgent ? to.trim() : (d?.upline ?? '');

  let body = null;
  if (d && confirming && amount !== null)
    body = (
      <PaymentPasswordConfirm
        title={t('cashier.transfer.confirmTitle')}
        rows={[
          [t('cashier.transfer.to'), recipient],
          [t('cashier.amount'), <Money key="a" amount={amount} unit={unit} />],
          ...(remark.trim() ? [[t('cashier.transfer.remark'), remark.trim()] as [string, string]] : []),
        ]}
        fieldOf={{ AMOUNT_OUT_OF_RANGE: 'amount', INSUFFICIENT_FUNDS: 'amount', TRANSFER_NOT_ALLOWED: 'toAccount' }}
        busy={send.isPending}
        send={(paymentPassword, requestId, h) =>
          send.mutate(
            {
              requestId,
              ...(d.isAgent ? { toAccount: recipient } : {}),
              amount: decimal(amount, unit.decimals),
              remark: remark.trim(),
              paymentPassword,
            },
            h,
          )
        }
        onBack={() => setConfirming(false)}
        onSent={() => {
          setConfirming(false);
          setText('');
          setRemark('');
          setSent(true);
        }}
        onRefused={(f) => {
          setError(f);
          setConfirming(false);
        }}
      />
    );
  else if (d)
    body =
      !d.isAgent && !d.upline ? (
        <p className="csh-note">{t('cashier.transfer.noUpline')}</p>
      ) : (
        <form
          className="csh"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setSent(false);
            let problem: Failure | null = null;
            if (d.isAgent && !recipient) problem = { field: 'toAccount', text: t('cashier.transfer.toRequired') };
            else if (amount === null || amount <= 0n) problem = { field: 'amount', text: t('cashier.amountRequired') };
            else if (amount < minor(d.min, unit.decimals) || amount > minor(d.max, unit.decimals))
              problem = { field: 'amount', text: t('errors.AMOUNT_OUT_OF_RANGE') };
            setError(problem);
            if (!problem) setConfirming(true);
          }}
        >
          {d.isAgent ? (
            <Field
              label={t('cashier.transfer.downline')}
              autoComplete="off"
              value={to}
              onChange={(e) => setTo(e.target.value)}
              hint={t('cashier.transfer.downlineHint')}
              error={error?.field === 'toAccount' ? error.text : null}
            />
          ) : (
            <p className="csh-note">
              {t('cashier.transfer.toUpline')} <strong>{d.upline}</strong>
            </p>
          )}
          <Field
            label={t('cashier.amount')}
            inputMode="decimal"
            autoComplete="off"
            value={text}
            onChange={(e) => setText(e.target.value)}
            hint={
              <>
                {t('cashier.limits')}: <Money amount={d.min} unit={unit} /> – <Money amount={d.max} unit={unit} />
              </>
            }
            error={error?.field === 'amount' ? error.text : null}
          />
          <Field
            label={t('cashier.transfer.remark')}
            value={remark}
            maxLength={TRANSFER_REMARK_MAX}
            onChange={(e) => setRemark(e.target.value)}
            hint={t('cashier.transfer.remarkCount', {
              count: remark.length,
              max: TRANSFER_REMARK_MAX,
            })}
          />
          {error && !error.field ? (
            <p className="csh-error" role="alert">
              {error.text}
            </p>
          ) : null}
          {sent ? (
            <p className="csh-ok" role="status">
              {t('cashier.transfer.sent')}
            </p>
          ) : null}
          <button type="submit" className="btn btn-primary csh-submit">
            {t('cashier.continue')}
          </button>
        </form>
      );

  const list = d?.list ?? [];
  return (
    <div className="csh">
      <Loadable loading={transfers.isPending} error={transfers.error} onRetry={() => void transfers.refetch()}>
        {body}
        <h4 className="csh-subtitle">{t('cashier.transfer.list')}</h4>
        {list.length === 0 ? (
          <p className="csh-state">{t('cashier.transfer.none')}</p>
        ) : (
          <table className="csh-table">
            <thead>
              <tr>
                <th>{t('cashier.time')}</th>
                <th>{t('cashier.transfer.direction')}</th>
                <th>{t('cashier.transfer.counterparty')}</th>
                <th className="num">{t('cashier.amount')}</th>
                <th>{t('cashier.transfer.remark')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((x) => (
                <tr key={x.id}>
                  <td data-label={t('cashier.time')}>{fmt.date(x.at)}</td>
                  <td data-label={t('cashier.transfer.direction')}>{t(`cashier.transfer.${x.direction}`)}</td>
                  <td data-label={t('cashier.transfer.counterparty')}>{x.counterparty}</td>
                  <td data-label={t('cashier.amount')} className="num">
                    <span className={x.direction === 'in' ? 'csh-pos' : 'csh-neg'}>
                      {fmt.money(x.amount, { ...unit, signed: x.direction === 'in' })}
                    </span>
                  </td>
                  <td data-label={t('cashier.transfer.remark')}>{x.remark}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Loadable>
    </div>
  );
}
