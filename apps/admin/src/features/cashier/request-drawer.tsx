import { ApiError } from '@khela/client';
import { REJECT_REASONS_FOR, type RejectReason } from '@khela/contract/reject-reasons';
import type { StaffRequestDetail } from '@khela/contract/staff-cashier';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { reasonText } from '../../lib/reject-reason';
import { type Decision, useDecision, useRequest } from './api';
import { StateBadge, useMoney } from './shared';

/** What the desk may do to a request in its state (the server decides; this only offers). */
function offered(r: StaffRequestDetail, myName: string) {
  const deciding = r.type === 'deposit' ? ['submitted', 'under_review'] : ['under_review'];
  const open = deciding.includes(r.state);
  const mineFirst = r.firstApprovedBy !== null && r.firstApprovedBy === myName;
  return {
    approve: open && !mineFirst,
    reject: open || (r.type === 'withdraw' && r.state === 'failed'),
    // A bank payout is made by hand and marked paid with the bank's reference.
    paid: r.type === 'withdraw' && r.kind === 'bank_transfer' && (r.state === 'approved' || r.state === 'paying'),
    mineFirst,
  };
}

/** One request with its history and the player's recent activity beside it, and the decisions on it. */
export function RequestDrawer({
  id,
  closeTo,
  canApprove,
  myName,
}: {
  id: string;
  closeTo: string;
  canApprove: boolean;
  myName: string;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const q = useRequest(id);
  const [asking, setAsking] = useState<Decision | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <aside className="cashier-drawer" aria-label={t('cashier.request.title', { id: f.digits(id) })}>
      <div className="row cashier-drawer-head">
        <h2>{t('cashier.request.title', { id: f.digits(id) })}</h2>
        <Link to={closeTo} className="button button-small button-quiet">
          {t('cashier.close')}
        </Link>
      </div>
      {done && (
        <p className="notice notice-success" role="status">
          {done}
        </p>
      )}
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />
      ) : (
        <Detail
          r={q.data}
          canApprove={canApprove}
          myName={myName}
          onAsk={(a) => {
            setDone(null);
            setAsking(a);
          }}
        />
      )}
      {asking && q.data && (
        <DecisionDialog
          action={asking}
          r={q.data}
          onClose={() => setAsking(null)}
          onDone={(text) => {
            setAsking(null);
            setDone(text);
          }}
        />
      )}
    </aside>
  );
}

function Detail({
  r,
  canApprove,
  myName,
  onAsk,
}: {
  r: StaffRequestDetail;
  canApprove: boolean;
  myName: string;
  onAsk: (a: Decision) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const can = offered(r, myName);
  const p = r.player;
  return (
    <>
      <dl className="cashier-facts">
        <dt>{t('cashier.request.player')}</dt>
        <dd>
          <Link to={`/players/${r.memberId}/cashier`}>{r.account}</Link>{' '}
          <small className="mono">#{f.digits(r.memberId)}</small>
        </dd>
        <dt>{t('cashier.request.type')}</dt>
        <dd>{t(`cashier.types.${r.type}`)}</dd>
        <dt>{t('cashier.request.method')}</dt>
        <dd>
          {r.methodName || '—'} · {t(`cashier.kinds.${r.kind}`)}
        </dd>
        <dt>{t('cashier.request.amount')}</dt>
        <dd className="mono cashier-amount">{money(r.amount)}</dd>
        <dt>{t('cashier.request.fee')}</dt>
        <dd>
          <span className="mono">{money(r.fee)}</span> · {t(`cashier.request.feeBearers.${r.feeBearer}`)}
        </dd>
        <dt>{t(`cashier.request.net.${r.type}`)}</dt>
        <dd className="mono">{money(r.net)}</dd>
        <dt>{t('cashier.request.state')}</dt>
        <dd>
          <StateBadge state={r.state} />
        </dd>
        <dt>{t('cashier.request.createdAt')}</dt>
        <dd className="mono">{f.at(r.createdAt)}</dd>
        {r.transferReference && (
          <>
            <dt>{t('cashier.request.transferReference')}</dt>
            <dd className="mono">{r.transferReference}</dd>
          </>
        )}
        {r.playerReference && (
          <>
            <dt>{t('cashier.request.playerReference')}</dt>
            <dd className="mono">{r.playerReference}</dd>
          </>
        )}
        {r.payoutAccount && (
          <>
            <dt>{t('cashier.request.payoutAccount')}</dt>
            <dd className="mono">
              {r.payoutAccount} · {r.payeeName}
            </dd>
          </>
        )}
        {r.providerReference && (
          <>
            <dt>{t('cashier.request.providerReference')}</dt>
            <dd className="mono">{r.providerReference}</dd>
          </>
        )}
        {r.reason && (
          <>
            <dt>{t('cashier.request.reason')}</dt>
            <dd>{reasonText(t, r.reason)}</dd>
          </>
        )}
      </dl>
      {r.needsSecondApproval && (
        <p className="notice notice-warning" role="note">
          {r.firstApprovedBy
            ? can.mineFirst
              ? t('cashier.request.waitingOther')
              : t('cashier.request.waitingSecondBy', { who: r.firstApprovedBy })
            : t('cashier.request.fourEyes')}
        </p>
      )}
      {canApprove && (can.approve || can.reject || can.paid) && (
        <div className="row cashier-actions">
          {can.approve && (
            <button type="button" className="button button-primary" onClick={() => onAsk('approve')}>
              {t(r.firstApprovedBy ? 'cashier.actions.approveSecond' : 'cashier.actions.approve')}
            </button>
          )}
          {can.paid && (
            <button type="button" className="button button-primary" onClick={() => onAsk('paid')}>
              {t('cashier.actions.paid')}
            </button>
          )}
          {can.reject && (
            <button type="button" className="button button-danger" onClick={() => onAsk('reject')}>
              {t('cashier.actions.reject')}
            </button>
          )}
        </div>
      )}
      <section className="cashier-beside" aria-label={t('cashier.player.title')}>
        <h3>{t('cashier.player.title')}</h3>
        <div className="figure-grid cashier-figures">
          {(
            [
              ['balance', p.balance],
              ['turnoverRemaining', p.turnoverRemaining],
              ['deposits', p.deposits],
              ['withdrawals', p.withdrawals],
              ['stakes', p.stakes],
              ['wins', p.wins],
            ] as const
          ).map(([key, m]) => (
            <div className="figure" key={key}>
              <span className="figure-label">{t(`cashier.player.${key}`)}</span>
              <strong className="figure-value">{money(m)}</strong>
            </div>
          ))}
        </div>
        {p.recent.length > 0 && (
          <table className="cd-table" aria-label={t('cashier.player.recent')}>
            <caption>{t('cashier.player.recent')}</caption>
            <tbody>
              {p.recent.map((x) => (
                <tr key={x.id}>
                  <td className="mono">#{f.digits(x.id)}</td>
                  <td>{t(`cashier.types.${x.type}`)}</td>
                  <td className="mono">{money(x.amount)}</td>
                  <td>
                    <StateBadge state={x.state} />
                  </td>
                  <td className="mono">{f.at(x.at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      <section aria-label={t('cashier.request.history')}>
        <h3>{t('cashier.request.history')}</h3>
        <ol className="cashier-history">
          {r.history.map((e, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history only grows at its end.
            <li key={i}>
              <StateBadge state={e.state} /> <span className="mono">{f.at(e.at)}</span> · {e.actor}
              {e.note && <p className="cashier-note">“{reasonText(t, e.note)}”</p>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

/** The confirmation before a money decision: what happens, and the reason or the bank reference it needs. */
function DecisionDialog({
  action,
  r,
  onClose,
  onDone,
}: {
  action: Decision;
  r: StaffRequestDetail;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const decide = useDecision();
  const f = useFormat();
  const [text, setText] = useState('');
  const [code, setCode] = useState<RejectReason | ''>('');
  const [error, setError] = useState<string | null>(null);
  // A rejection names a reason from the list (the note is optional); a payout its reference.
  const rejecting = action === 'reject';
  const required = action === 'paid';
  const vars = { player: r.account, amount: money(r.amount), id: f.digits(r.id) };
  const submit = () => {
    const value = text.trim();
    if ((required && value === '') || (rejecting && code === '')) {
      setError(t('validation.required'));
      return;
    }
    decide.mutate(
      { action, id: r.id, text: value, ...(rejecting && code ? { reasonCode: code } : {}) },
      {
        onSuccess: (after) => {
          const waiting = action === 'approve' && after.state === 'under_review' && after.firstApprovedBy !== null;
          onDone(t(waiting ? 'cashier.done.waiting' : `cashier.done.${action}`, vars));
        },
        onError: (e) => {
          if (e instanceof ApiError && e.code === 'FOUR_EYES_REQUIRED') setError(t('cashier.errors.ownApproval'));
          else if (e instanceof ApiError && e.code === 'REQUEST_STATE') setError(t('cashier.errors.requestState'));
          else if (e instanceof ApiError && e.fieldErrors) setError(t('validation.invalid'));
          else setError(errorText(t, e));
        },
      },
    );
  };
  const field = action === 'paid' ? 'reference' : 'reason';
  return (
    <ConfirmDialog
      title={t(`cashier.confirm.${r.type}.${action}`)}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('cashier.cancel')}
          </button>
          <button
            type="button"
            className={`button ${action === 'reject' ? 'button-danger' : 'button-primary'}`}
            disabled={decide.isPending}
            onClick={submit}
          >
            {t(`cashier.confirmButton.${action}`)}
          </button>
        </>
      }
    >
      <p>{t(`cashier.confirmText.${r.type}.${action}`, vars)}</p>
      {action === 'approve' && r.needsSecondApproval && !r.firstApprovedBy && (
        <p className="notice notice-info">{t('cashier.request.fourEyes')}</p>
      )}
      {rejecting && (
        <fieldset className="cashier-reasons">
          <legend>{t('cashier.rejectReasonLabel')}</legend>
          {REJECT_REASONS_FOR[r.type].map((c) => (
            <label key={c}>
              <input
                type="radio"
                name="cashier-reject-reason"
                value={c}
                checked={code === c}
                onChange={() => {
                  setCode(c);
                  setError(null);
                }}
              />
              {t(`cashier.rejectReasons.${c}`)}
            </label>
          ))}
        </fieldset>
      )}
      <div className={`field${error && !(rejecting && code === '') ? ' field-invalid' : ''}`}>
        <label htmlFor="cashier-decision">
          {t(
            field === 'reference'
              ? 'cashier.referenceLabel'
              : rejecting
                ? 'cashier.rejectNoteLabel'
                : 'cashier.reasonOptional',
          )}
        </label>
        {field === 'reference' ? (
          <input
            id="cashier-decision"
            maxLength={80}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'cashier-decision-error' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
        ) : (
          <textarea
            id="cashier-decision"
            rows={3}
            maxLength={rejecting ? 160 : 200}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'cashier-decision-error' : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
        )}
        {error && (
          <p className="field-error" id="cashier-decision-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
