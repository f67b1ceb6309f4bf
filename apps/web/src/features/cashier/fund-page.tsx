import { Link } from 'react-router';
import { useCentreLink } from '../../components/centre/address';
import { currencySymbol } from '../../lib/format';
import { useFunds } from './api';
import { Loadable, Money } from './kit';
import { useCashierTexts } from './texts';
import './cashier.css';

/**
 * The wallet (spec §2 transferFund): one wallet per brand here, so nothing to move between
 * game wallets — the page says so and shows the balance and what makes it up.
 */
export default function FundPage() {
  const { t } = useCashierTexts();
  const funds = useFunds();
  const deposit = useCentreLink('member', 'depositv2');
  const withdraw = useCentreLink('member', 'withdraw');
  const d = funds.data;
  const unit = d ? { decimals: d.decimals, symbol: currencySymbol(d.currency === 'PLAY', d.currencySymbol) } : null;
  return (
    <div className="csh">
      <Loadable loading={funds.isPending} error={funds.error} onRetry={() => void funds.refetch()}>
        {d && unit ? (
          <>
            <dl className="csh-figures">
              <div>
                <dt>{t('cashier.balance')}</dt>
                <dd>
                  <Money amount={d.sumBalance} unit={unit} />
                </dd>
              </div>
            </dl>
            <p className="csh-note">{t('cashier.fund.single')}</p>
            {d.wallets.length > 0 ? (
              <table className="csh-table">
                <thead>
                  <tr>
                    <th>{t('cashier.fund.wallet')}</th>
                    <th className="num">{t('cashier.balance')}</th>
                  </tr>
                </thead>
                <tbody>
                  {d.wallets.map((w) => (
                    <tr key={w.name}>
                      <td data-label={t('cashier.fund.wallet')}>
                        {/* The server names wallets by code ('main'): the player reads a name. */}
                        {t(`cashier.fund.names.${w.name}`, { defaultValue: w.name })}
                      </td>
                      <td data-label={t('cashier.balance')} className="num">
                        <Money amount={w.balance} unit={unit} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            <div className="csh-actions">
              <Link className="btn btn-primary" to={deposit} replace>
                {t('cashier.fund.deposit')}
              </Link>
              <Link className="btn btn-ghost" to={withdraw} replace>
                {t('cashier.fund.withdraw')}
              </Link>
            </div>
          </>
        ) : null}
      </Loadable>
    </div>
  );
}
