import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, intlTag } from '../../lib/format';
import { useProfit } from './api';
import { type DatePreset, rangeOf } from './pages';
import { FilterSelect, Money, PlayMoneyNote, PresetBar, RecordState, Summary } from './record-kit';

/** Personal P&L (personalProfit): stake, win and net over a range, by vendor or by day. */
export default function PersonalProfit() {
  const { t, i18n } = useTranslation();
  const [preset, setPreset] = useState<DatePreset>('last7');
  const [range, setRange] = useState(() => rangeOf('last7'));
  const [groupBy, setGroupBy] = useState<'vendor' | 'day'>('vendor');
  const q = useProfit({ ...range, groupBy, utcOffsetMinutes: -new Date().getTimezoneOffset() });
  const v = q.data;
  return (
    <section className="rec" aria-label={t('memberCentre.pages.personalProfit')}>
      <div className="rec-filters">
        <PresetBar
          value={preset}
          onChange={(p) => {
            setPreset(p);
            setRange(rangeOf(p));
          }}
        />
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
      {v ? (
        <Summary
          items={[
            { label: t('memberCentre.rounds'), value: formatNumber(i18n.language, v.total.rounds) },
            { label: t('memberCentre.stake'), value: <Money amount={v.total.stake} decimals={v.decimals} /> },
            { label: t('memberCentre.win'), value: <Money amount={v.total.win} decimals={v.decimals} /> },
            { label: t('memberCentre.net'), value: <Money amount={v.total.net} decimals={v.decimals} signed /> },
          ]}
        />
      ) : null}
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
                  <td data-label={t('memberCentre.stake')} className="num">
                    <Money amount={r.stake} decimals={v.decimals} />
                  </td>
                  <td data-label={t('memberCentre.win')} className="num">
                    <Money amount={r.win} decimals={v.decimals} />
                  </td>
                  <td data-label={t('memberCentre.net')} className="num">
                    <Money amount={r.net} decimals={v.decimals} signed />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </RecordState>
    </section>
  );
}
