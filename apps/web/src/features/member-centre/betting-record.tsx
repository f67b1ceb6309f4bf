import { type Locale, ROUND_STATUSES, type RoundStatus } from '@khela/contract/constants';
import { Pagination } from '@khela/ui/pagination';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useBettingHistory, useProfit } from './api';
import {
  FilterSelect,
  PlayMoneyNote,
  RecordState,
  RoundTotals,
  StakeWinNetCells,
  useMoneyUnit,
  useRecordRange,
} from './record-kit';

const PAGE_SIZE = 20;

/** Betting record (personalHistoryCopy): the player's game rounds, newest first. */
export default function BettingRecord() {
  const { t, i18n } = useTranslation();
  const fmt = useFormat();
  const [pageNo, setPageNo] = useState(1);
  const reset = () => setPageNo(1);
  const { range, bar } = useRecordRange(reset);
  const [status, setStatus] = useState<'all' | RoundStatus>('all');
  const [vendor, setVendor] = useState('');
  // The vendors offered are those the player played in the range (the P&L by vendor).
  const vendors = useProfit({ ...range, groupBy: 'vendor' });
  const q = useBettingHistory({
    ...range,
    status,
    pageNo,
    pageSize: PAGE_SIZE,
    language: i18n.language as Locale,
    ...(vendor ? { vendor } : {}),
  });
  const v = q.data;
  const unit = useMoneyUnit(v);
  return (
    <section className="rec" aria-label={t('memberCentre.pages.personalHistoryCopy')}>
      <div className="rec-filters">
        {bar}
        <FilterSelect
          label={t('memberCentre.vendor')}
          value={vendor}
          options={[
            { value: '', label: t('memberCentre.all') },
            ...(vendors.data?.rows ?? []).map((r) => ({ value: r.key, label: r.key })),
          ]}
          onChange={(x) => {
            setVendor(x);
            reset();
          }}
        />
        <FilterSelect
          label={t('memberCentre.status')}
          value={status}
          options={[
            { value: 'all', label: t('memberCentre.all') },
            ...ROUND_STATUSES.map((s) => ({ value: s, label: t(`memberCentre.statuses.${s}`) })),
          ]}
          onChange={(s) => {
            setStatus(s);
            reset();
          }}
        />
      </div>
      <PlayMoneyNote show={v?.playMoney} />
      {v ? <RoundTotals totals={v.summary} unit={unit} /> : null}
      <RecordState loading={q.isPending} error={q.error} empty={!!v && v.list.length === 0} onRetry={() => q.refetch()}>
        {v ? (
          <table className="rec-table">
            <thead>
              <tr>
                <th>{t('memberCentre.time')}</th>
                <th>{t('memberCentre.game')}</th>
                <th>{t('memberCentre.round')}</th>
                <th className="num">{t('memberCentre.stake')}</th>
                <th className="num">{t('memberCentre.win')}</th>
                <th className="num">{t('memberCentre.net')}</th>
                <th>{t('memberCentre.status')}</th>
              </tr>
            </thead>
            <tbody>
              {v.list.map((r) => (
                <tr key={`${r.vendor}:${r.roundId}`}>
                  <td data-label={t('memberCentre.time')}>{fmt.date(r.openedAt)}</td>
                  <td data-label={t('memberCentre.game')}>
                    <span>
                      {r.gameName} <span className="rec-faint">{r.vendor}</span>
                    </span>
                  </td>
                  <td data-label={t('memberCentre.round')} className="rec-ref">
                    <code className="rec-code">{r.roundId}</code>
                  </td>
                  <StakeWinNetCells row={r} unit={unit} />
                  <td data-label={t('memberCentre.status')}>
                    <span className={`rec-status rec-status-${r.status}`}>
                      {t(`memberCentre.statuses.${r.status}`)}
                    </span>
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
