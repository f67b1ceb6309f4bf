import { RECORD_TX_TYPES, type RecordTxType } from '@khela/contract/constants';
import { Pagination } from '@khela/ui/pagination';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useTransactionHistory } from './api';
import { FilterSelect, Money, PlayMoneyNote, RecordState, Summary, useMoneyUnit, useRecordRange } from './record-kit';

const PAGE_SIZE = 20;

/** Account record (transactionHistory): every movement of the player's wallet, newest first. */
export default function AccountRecord() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const [type, setType] = useState<'all' | RecordTxType>('all');
  const [pageNo, setPageNo] = useState(1);
  const { range, bar } = useRecordRange(() => setPageNo(1));
  const q = useTransactionHistory({ ...range, type, pageNo, pageSize: PAGE_SIZE });
  const v = q.data;
  const unit = useMoneyUnit(v);
  return (
    <section className="rec" aria-label={t('memberCentre.pages.transactionHistory')}>
      <div className="rec-filters">
        {bar}
        <FilterSelect
          label={t('memberCentre.type')}
          value={type}
          options={[
            { value: 'all', label: t('memberCentre.all') },
            ...RECORD_TX_TYPES.map((k) => ({ value: k, label: t(`memberCentre.txTypes.${k}`) })),
          ]}
          onChange={(k) => {
            setType(k);
            setPageNo(1);
          }}
        />
      </div>
      <PlayMoneyNote show={v?.playMoney} />
      {v ? (
        <Summary
          items={[
            {
              label: t('memberCentre.credits'),
              value: <Money amount={v.summary.credits} unit={unit} signed />,
            },
            {
              label: t('memberCentre.debits'),
              value: <Money amount={v.summary.debits} unit={unit} signed />,
            },
            { label: t('memberCentre.net'), value: <Money amount={v.summary.net} unit={unit} signed /> },
          ]}
        />
      ) : null}
      <RecordState loading={q.isPending} error={q.error} empty={!!v && v.list.length === 0} onRetry={() => q.refetch()}>
        {v ? (
          <table className="rec-table">
            <thead>
              <tr>
                <th>{t('memberCentre.time')}</th>
                <th>{t('memberCentre.type')}</th>
                <th className="num">{t('memberCentre.amount')}</th>
                <th className="num">{t('memberCentre.balanceAfter')}</th>
                <th>{t('memberCentre.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {v.list.map((r) => (
                <tr key={r.id}>
                  <td data-label={t('memberCentre.time')}>{fmt.date(r.time)}</td>
                  <td data-label={t('memberCentre.type')}>{t(`memberCentre.txTypes.${r.type}`)}</td>
                  <td data-label={t('memberCentre.amount')} className="num">
                    <Money amount={r.amount} unit={unit} signed />
                  </td>
                  <td data-label={t('memberCentre.balanceAfter')} className="num">
                    <Money amount={r.balanceAfter} unit={unit} />
                  </td>
                  <td data-label={t('memberCentre.reference')} className="rec-ref">
                    {r.detail || r.roundId ? (
                      <>
                        {r.detail}
                        {r.detail && r.roundId ? ' · ' : null}
                        {/* A round id is a reference to quote, not a number: it stays as written. */}
                        {r.roundId ? <code className="rec-code">{r.roundId}</code> : null}
                      </>
                    ) : r.category ? (
                      t(`memberCentre.adjustCategories.${r.category}`)
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </RecordState>
      {v ? <Pagination page={v.pageNo} total={v.totalPages} onChange={setPageNo} /> : null}
    </section>
  );
}
