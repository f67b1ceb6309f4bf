import { EyeIcon, EyeOffIcon, RefreshIcon } from '@khela/ui/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { centreTo } from '../../components/centre/address';
import { currencySymbol, useFormat } from '../../lib/format';
import { useRealtimeConnection } from '../../lib/realtime';
import { local } from '../../lib/storage';
import { useBalance } from './api';
import './wallet.css';

const HIDDEN = '****';

/**
 * The logged-in header's wallet (spec §2): currency symbol and balance with a hide toggle
 * (asterisks) and refresh; 'balance updating' until the first answer; Deposit and Withdraw,
 * which open the member centre's cashier pages (a trial account is asked to register there).
 * It also holds the tab's realtime socket, whose pushes keep the balance current.
 */
export default function HeaderBalance() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: ['wallet'] }), [client]);
  useRealtimeConnection(reload);
  const { data, isFetching, refetch } = useBalance();
  const [hidden, setHidden] = useState(() => local.get('hideBalance') === '1');
  const navigate = useNavigate();
  const location = useLocation();
  // The address's own helper (not useOpenCentre): the first screen's code already has it.
  const openCentre = (page: 'depositv2' | 'withdraw') => navigate(centreTo(location, 'member', page));

  const toggle = () => {
    const next = !hidden;
    setHidden(next);
    local.set('hideBalance', next ? '1' : '0');
  };

  // The symbol goes where the language puts it (১০,০০০.০০৳ / ৳10,000.00); play money shows
  // its label there instead, since it is not the brand's currency.
  const parts = data ? fmt.moneyParts(data.sumBalance, { decimals: data.decimals }) : null;
  const unit = data ? (
    <span className="hb-symbol">
      {data.currency === 'PLAY' ? t('wallet.playMoney') : currencySymbol(false, data.currencySymbol)}
    </span>
  ) : null;
  return (
    <div className="hb">
      <div className="hb-amount" aria-live="polite">
        {parts ? (
          <>
            {parts.symbolAfter ? null : unit}
            <span className={parts.symbolAfter ? 'hb-value hb-value-first' : 'hb-value'} data-testid="header-balance">
              {hidden ? HIDDEN : `${parts.sign}${parts.amount}`}
            </span>
            {parts.symbolAfter ? unit : null}
          </>
        ) : (
          <span className="hb-updating">{t('wallet.balanceUpdating')}</span>
        )}
        <button
          type="button"
          className="hb-icon"
          onClick={toggle}
          aria-pressed={hidden}
          aria-label={hidden ? t('wallet.showBalance') : t('wallet.hideBalance')}
        >
          {hidden ? <EyeOffIcon size={16} /> : <EyeIcon size={16} />}
        </button>
        <button
          type="button"
          className={`hb-icon${isFetching ? ' hb-spinning' : ''}`}
          onClick={() => void refetch()}
          disabled={isFetching}
          aria-label={t('wallet.refreshBalance')}
        >
          <RefreshIcon size={16} />
        </button>
      </div>
      <button type="button" className="btn btn-primary hb-deposit" onClick={() => openCentre('depositv2')}>
        {t('wallet.deposit')}
      </button>
      <button type="button" className="btn btn-ghost hb-withdraw" onClick={() => openCentre('withdraw')}>
        {t('wallet.withdraw')}
      </button>
    </div>
  );
}
