import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, Loading } from '../../components/states';
import { errorText } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { useMethods, useReconcile } from './api';
import { dhakaDay } from './totals-screen';

/** One UTC day of a provider method against the provider's own records: matched, and every difference. */
export function ReconcileScreen() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const methods = useMethods();
  const psp = (methods.data?.list ?? []).filter((m) => m.kind === 'psp');
  const [day, setDay] = useState(dhakaDay(-1));
  const [methodId, setMethodId] = useState<number | null>(null);
  const chosen = methodId ?? psp[0]?.id ?? null;
  const q = useReconcile(day, chosen);
  /**
   * One side of a difference in the staff member's language (reports.ts writes them): a state
   * ('credited', or the provider's 'paid'), an amount ('500.00', with its currency on an amount
   * difference) or both ('credited 500.00'); none is "no request" on our side, "no record" on theirs.
   */
  const side = (kind: string, who: 'ours' | 'theirs', raw: string | null) => {
    if (raw === null) return t(who === 'ours' ? 'cashier.reconcile.noRequest' : 'cashier.reconcile.noRecord');
    const state = (s: string) => t(who === 'ours' ? `cashier.states.${s}` : `cashier.reconcile.status.${s}`);
    const amount = (a: string) => {
      if (!/^-?\d+(\.\d+)?$/.test(a)) return f.digits(a);
      return f.decimal(a, a.split('.')[1]?.length ?? 0);
    };
    const [first = '', rest = ''] = raw.split(' ', 2);
    if (kind === 'state') return state(raw);
    if (kind === 'amount') return rest ? `${amount(first)} ${rest}` : amount(first);
    return rest ? `${state(first)} · ${amount(rest)}` : amount(first);
  };
  return (
    <section aria-label={t('cashier.reconcile.title')}>
      <div className="row cashier-filters">
        <div className="field">
          <label htmlFor="rec-day">{t('cashier.reconcile.day')}</label>
          <input id="rec-day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="rec-method">{t('cashier.request.method')}</label>
          <select id="rec-method" value={chosen ?? ''} onChange={(e) => setMethodId(Number(e.target.value))}>
            {psp.map((m) => (
              <option key={m.id} value={m.id}>
                {(i18n.language === 'bn' ? m.nameBn : m.nameEn) +
                  ` · ${m.provider} · ${t(`cashier.types.${m.direction}`)}`}
              </option>
            ))}
          </select>
        </div>
        <p className="page-text">{t('cashier.reconcile.zone')}</p>
      </div>
      {methods.isPending ? (
        <Loading />
      ) : psp.length === 0 ? (
        <EmptyState title={t('cashier.reconcile.noMethods')} />
      ) : q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <ErrorState message={errorText(t, q.error)} onRetry={() => q.refetch()} />
      ) : (
        <>
          <p
            className={`notice ${q.data.differences.length === 0 ? 'notice-success' : 'notice-warning'}`}
            role="status"
          >
            {t('cashier.reconcile.summary', {
              matched: f.count(q.data.matched),
              differences: f.count(q.data.differences.length),
            })}
          </p>
          {q.data.differences.length > 0 && (
            <div className="table-scroll">
              <table className="cd-table" aria-label={t('cashier.reconcile.differences')}>
                <thead>
                  <tr>
                    <th scope="col">{t('cashier.reconcile.kind')}</th>
                    <th scope="col">{t('cashier.request.id')}</th>
                    <th scope="col">{t('cashier.reconcile.providerTx')}</th>
                    <th scope="col">{t('cashier.reconcile.ours')}</th>
                    <th scope="col">{t('cashier.reconcile.theirs')}</th>
                  </tr>
                </thead>
                <tbody>
                  {q.data.differences.map((d, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a difference has no id of its own.
                    <tr key={i}>
                      <td>
                        <span className={`badge cashier-diff-${d.kind}`}>{t(`cashier.reconcile.kinds.${d.kind}`)}</span>
                      </td>
                      <td className="mono">{d.requestId ? `#${f.digits(d.requestId)}` : '—'}</td>
                      <td className="mono">{d.providerTxId ?? '—'}</td>
                      <td className="mono">{side(d.kind, 'ours', d.ours)}</td>
                      <td className="mono">{side(d.kind, 'theirs', d.theirs)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
