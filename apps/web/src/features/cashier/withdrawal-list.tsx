import type { CashierRequest, WithdrawConfirmation } from '@khela/contract/cashier';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormat } from '../../lib/format';
import { PROOF_MAX_BYTES, useCancelWithdraw, useConfirmWithdraw } from './api';
import {
  decimal,
  type Failure,
  Field,
  Loadable,
  Money,
  minor,
  Receipt,
  StateBadge,
  Tracker,
  typedAmount,
  type Unit,
  useFailure,
} from './kit';
import { reasonText } from './notice-text';
import { useCashierTexts } from './texts';

type Page = { list: CashierRequest[]; next: string | null };

/** The player's withdrawals: state, amount, account, the reason for a hold, cancel and confirm. */
export function WithdrawalList({ query, unit }: { query: UseQueryResult<Page>; unit: Unit }) {
  const { t } = useCashierTexts();
  const list = query.data?.list ?? [];
  return (
    <Loadable
      loading={query.isPending}
      error={query.error}
      empty={list.length === 0}
      emptyText={t('cashier.withdraw.none')}
      onRetry={() => void query.refetch()}
    >
      <ul className="csh-list">
        {list.map((r) => (
          <Withdrawal key={r.id} request={r} unit={unit} />
        ))}
      </ul>
    </Loadable>
  );
}

function Withdrawal({ request: r, unit }: { request: CashierRequest; unit: Unit }) {
  const { t } = useCashierTexts();
  const fmt = useFormat();
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelWithdraw();
  const failure = useFailure();
  const [error, setError] = useState<string | null>(null);
  return (
    <li className="csh-item">
      <div className="csh-item-head">
        <StateBadge state={r.state} />
        <Money amount={r.amount} unit={unit} />
        <span className="csh-item-meta">
          {r.payoutAccount ?? r.methodName} · {fmt.date(r.createdAt)}
        </span>
      </div>
      {/* A fee the player bears is kept from what is sent; one the operator bears is not theirs to read. */}
      {minor(r.net, unit.decimals) < minor(r.amount, unit.decimals) ? (
        <p className="csh-hint">
          {t('cashier.withdraw.net')}: <Money amount={r.net} unit={unit} /> · {t('cashier.fee')}:{' '}
          <Money amount={r.fee} unit={unit} />
        </p>
      ) : null}
      {r.reason ? (
        <p className="csh-reason">
          {t('cashier.reason')}: {reasonText(t, r.reason)}
        </p>
      ) : null}
      {r.confirmation ? <p className="csh-hint">{t(`cashier.confirmation.${r.confirmation}`)}</p> : null}
      {r.canCancel ? (
        cancelling ? (
          <fieldset className="csh-inline-confirm">
            <legend>{t('cashier.withdraw.cancelAsk')}</legend>
            <button type="button" className="btn btn-ghost" onClick={() => setCancelling(false)}>
              {t('cashier.no')}
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(r.id, {
                  onSuccess: () => setCancelling(false),
                  onError: (e) => setError(failure(e).text),
                })
              }
            >
              {t('cashier.withdraw.cancelYes')}
            </button>
          </fieldset>
        ) : (
          <button type="button" className="btn btn-ghost" onClick={() => setCancelling(true)}>
            {t('cashier.withdraw.cancel')}
          </button>
        )
      ) : null}
      {error ? (
        <p className="csh-error" role="alert">
          {error}
        </p>
      ) : null}
      {r.canConfirm ? <ConfirmReceipt request={r} unit={unit} /> : null}
      <details className="csh-details">
        <summary>{t('cashier.details')}</summary>
        <Tracker request={r} />
        <Receipt request={r} unit={unit} />
      </details>
    </li>
  );
}

/** A file as base64, without its data-URL prefix. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** Spec §4: received, partially received (what did not arrive) or not received (a proof image). */
function ConfirmReceipt({ request: r, unit }: { request: CashierRequest; unit: Unit }) {
  const { t, i18n } = useCashierTexts();
  const [outcome, setOutcome] = useState<Exclude<WithdrawConfirmation, 'auto'> | null>(null);
  const [remaining, setRemaining] = useState('');
  const [proof, setProof] = useState<File | null>(null);
  const [error, setError] = useState<Failure | null>(null);
  const confirm = useConfirmWithdraw();
  const failure = useFailure();

  const submit = async () => {
    if (!outcome) return;
    const body: { outcome: typeof outcome; remaining?: string; proof?: string } = { outcome };
    if (outcome === 'partial') {
      const left = typedAmount(remaining, i18n.language, unit.decimals);
      if (left === null || left <= 0n || left > minor(r.net, unit.decimals)) {
        setError({ field: 'remaining', text: t('cashier.confirmation.remainingRange') });
        return;
      }
      body.remaining = decimal(left, unit.decimals);
    }
    if (outcome === 'not_received') {
      if (!proof) {
        setError({ field: 'proof', text: t('cashier.confirmation.proofRequired') });
        return;
      }
      body.proof = await base64Of(proof);
    }
    setError(null);
    confirm.mutate(
      { params: { id: r.id }, body },
      { onError: (e) => setError(failure(e, { PROOF_NOT_IMAGE: 'proof' })) },
    );
  };

  return (
    <fieldset className="csh-receipt-confirm">
      <legend>{t('cashier.confirmation.ask')}</legend>
      {(['received', 'partial', 'not_received'] as const).map((o) => (
        <label key={o} className="csh-radio">
          <input type="radio" name={`confirm-${r.id}`} checked={outcome === o} onChange={() => setOutcome(o)} />
          {t(`cashier.confirmation.${o}`)}
        </label>
      ))}
      {outcome === 'partial' ? (
        <Field
          label={t('cashier.confirmation.remaining')}
          inputMode="decimal"
          value={remaining}
          onChange={(e) => setRemaining(e.target.value)}
          error={error?.field === 'remaining' ? error.text : null}
        />
      ) : null}
      {outcome === 'not_received' ? (
        <Field
          label={t('cashier.confirmation.proof')}
          type="file"
          accept="image/png,image/jpeg"
          hint={t('cashier.confirmation.proofHint')}
          onChange={(e) => {
            const file = e.target.files?.[0] ?? null;
            // Checked here too, so a wrong file is refused before it is uploaded (PROOF_MAX_BYTES).
            if (file && (!['image/png', 'image/jpeg'].includes(file.type) || file.size > PROOF_MAX_BYTES)) {
              setProof(null);
              setError({ field: 'proof', text: t('errors.PROOF_NOT_IMAGE') });
              return;
            }
            setError(null);
            setProof(file);
          }}
          error={error?.field === 'proof' ? error.text : null}
        />
      ) : null}
      {error && !error.field ? (
        <p className="csh-error" role="alert">
          {error.text}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-primary"
        disabled={!outcome || confirm.isPending}
        onClick={() => void submit()}
      >
        {t('cashier.confirmation.send')}
      </button>
    </fieldset>
  );
}
