import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import { useProfit } from './api';
import {
  FilterSelect,
  PlayMoneyNote,
  RecordState,
  RoundTotals,
  StakeWinNetCells,
  useMoneyUnit,
  useRecordRange,
} from './record-kit';

/** Personal P&L (personalProfit): stake, win and net over a range, by vendor or by day. */
export default function PersonalProfit() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { range, bar } = useRecordRange();
  const [groupBy, setGroupBy] = useState<'vendor' | 'day'>('vendor');
  const q = useProfit({ ...range, groupBy, utcOffsetMinutes: -new Date().getTimezoneOffset() });
  const v = q.data;
  const unit = useMoneyUnit(v);
  return (
    <section className="rec" aria-label={t('memberCentre.pages.personalProfit')}>
      <div className="rec-filters">
        {bar}
        <FilterSelect
          label={t('memberCentre.groupBy')}
          value={groupBy}
          options={[
            { value: 'vendor' as const, label: t('memberCentre.byVendor') },
            { value: 'day' as const, label: t('memberCentre.byDay') },
          ]}
          onChange={(g) => setGroupBy(g)}
        />
      </div>
      <PlayMoneyNote show={v?.playMoney} />
      {v ? <RoundTotals totals={v.total} unit={unit} /> : null}
      <RecordState loading={q.isPending} error={q.error} empty={!!v && v.rows.length === 0} onRetry={() => q.refetch()}>
        {v ? (
          <table className="rec-table">
            <thead>
              <tr>
                <th>{t(groupBy === 'vendor' ? 'memberCentre.vendor' : 'memberCentre.day')}</th>
                <th className="num">{t('memberCentre.rounds')}</th>
                <th className="num">{t('memberCentre.stake')}</th>
                <th className="num">{t('memberCentre.win')}</th>
                <th className="num">{t('memberCentre.net')}</th>
              </tr>
            </thead>
            <tbody>
              {v.rows.map((r) => (
                <tr key={r.key}>
                  <td data-label={t(groupBy === 'vendor' ? 'memberCentre.vendor' : 'memberCentre.day')}>
                    {groupBy === 'day' ? fmt.date(`${r.key}T00:00:00Z`, { time: false, utc: true }) : r.key}
                  </td>
                  <td data-label={t('memberCentre.rounds')} className="num">
                    {fmt.count(r.rounds)}
                  </td>
                  <StakeWinNetCells row={r} unit={unit} />
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </RecordState>
    </section>
  );
}
