import type { CaseRow } from '@khela/contract/staff-cashier';
import type { z } from '@khela/contract/zod';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useCaseProof, useCases, useCloseCase } from './api';
import { useMoney } from './shared';

type Case = z.infer<typeof CaseRow>;

/** Players' "partially received" and "not received" answers (spec §4), with the proof they sent. */
export function CasesScreen({ canApprove }: { canApprove: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const money = useMoney();
  const [state, setState] = useState<'open' | 'closed'>('open');
  const [proofOf, setProofOf] = useState<string | null>(null);
  const [closing, setClosing] = useState<Case | null>(null);
  const q = useCases(state);
  return (
    <section aria-label={t('cashier.cases.title')}>
      <fieldset className="row cashier-toggle">
        <legend className="visually-hidden">{t('cashier.cases.show')}</legend>
        {(['open', 'closed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`button button-small${s === state ? ' button-primary' : ''}`}
            aria-pressed={s === state}
            onClick={() => setState(s)}
          >
            {t(`cashier.cases.${s}`)}
          </button>
        ))}
      </fieldset>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />
      ) : q.data.list.length === 0 ? (
        <EmptyState title={t('cashier.cases.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="cd-table" aria-label={t('cashier.cases.title')}>
            <thead>
              <tr>
                <th scope="col">{t('cashier.cases.request')}</th>
                <th scope="col">{t('cashier.request.player')}</th>
                <th scope="col">{t('cashier.cases.kind')}</th>
                <th scope="col">{t('cashier.request.amount')}</th>
                <th scope="col">{t('cashier.cases.remaining')}</th>
                <th scope="col">{t('cashier.request.createdAt')}</th>
                <th scope="col">{t('cashier.cases.note')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('cashier.actionsLabel')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {q.data.list.map((c) => (
                <tr key={c.id}>
                  <td>
                    <Link className="mono" to={`/cashier/withdrawals/${c.requestId}`}>
                      #{f.digits(c.requestId)}
                    </Link>
                  </td>
                  <td>{c.account}</td>
                  <td>{t(`cashier.cases.kinds.${c.kind}`)}</td>
                  <td className="mono">{money(c.amount)}</td>
                  <td className="mono">{c.remaining ? money(c.remaining) : '—'}</td>
                  <td className="mono">{f.at(c.createdAt)}</td>
                  <td>{c.note ?? '—'}</td>
                  <td className="cd-actions">
                    {c.hasProof && (
                      <button type="button" className="button button-small" onClick={() => setProofOf(c.id)}>
                        {t('cashier.cases.proof')}
                      </button>
                    )}
                    {canApprove && c.state === 'open' && (
                      <button
                        type="button"
                        className="button button-small button-primary"
                        onClick={() => setClosing(c)}
                      >
                        {t('cashier.cases.close')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {proofOf && <Proof id={proofOf} onClose={() => setProofOf(null)} />}
      {closing && <CloseCase c={closing} onClose={() => setClosing(null)} />}
    </section>
  );
}

function Proof({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const q = useCaseProof(id);
  return (
    <ConfirmDialog
      title={t('cashier.cases.proofTitle', { id })}
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          {t('cashier.close')}
        </button>
      }
    >
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState message={t('errors.UNKNOWN')} />
      ) : (
        <img className="cashier-proof" src={q.data} alt={t('cashier.cases.proofAlt', { id })} />
      )}
    </ConfirmDialog>
  );
}

function CloseCase({ c, onClose }: { c: Case; onClose: () => void }) {
  const { t } = useTranslation();
  const close = useCloseCase();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (note.trim() === '') {
      setError(t('validation.required'));
      return;
    }
    close.mutate({ id: c.id, note: note.trim() }, { onSuccess: onClose, onError: (e) => setError(errorText(t, e)) });
  };
  return (
    <ConfirmDialog
      title={t('cashier.cases.closeTitle')}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('cashier.cancel')}
          </button>
          <button type="button" className="button button-primary" disabled={close.isPending} onClick={submit}>
            {t('cashier.cases.close')}
          </button>
        </>
      }
    >
      <p>{t('cashier.cases.closeText', { player: c.account, id: c.requestId })}</p>
      <div className={`field${error ? ' field-invalid' : ''}`}>
        <label htmlFor="case-note">{t('cashier.cases.noteLabel')}</label>
        <textarea id="case-note" rows={3} maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
