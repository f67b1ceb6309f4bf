import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, intlTag } from '../../lib/format';
import { useProfit } from './api';
import { FilterSelect, PlayMoneyNote, RecordState, RoundTotals, StakeWinNetCells, useRecordRange } from './record-kit';

/** Personal P&L (personalProfit): stake, win and net over a range, by vendor or by day. */
export default function PersonalProfit() {
  const { t, i18n } = useTranslation();
  const { range, bar } = useRecordRange();
  const [groupBy, setGroupBy] = useState<'vendor' | 'day'>('vendor');
  const q = useProfit({ ...range, groupBy, utcOffsetMinutes: -new Date().getTimezoneOffset() });
  const v = q.data;
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
      {v ? <RoundTotals totals={v.total} decimals={v.decimals} /> : null}
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
                    {groupBy === 'day'
                      ? new Intl.DateTimeFormat(intlTag(i18n.language), {
                          dateStyle: 'medium',
                          timeZone: 'UTC',
                        }).format(new Date(`${r.key}T00:00:00Z`))
                      : r.key}
                  </td>
                  <td data-label={t('memberCentre.rounds')} className="num">
                    {formatNumber(i18n.language, r.rounds)}
                  </td>
                  <StakeWinNetCells row={r} decimals={v.decimals} />
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </RecordState>
    </section>
  );
}
