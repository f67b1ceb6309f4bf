import { EyeIcon, EyeOffIcon, RefreshIcon } from '@khela/ui/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format';
import { useRealtimeConnection } from '../../lib/realtime';
import { local, session } from '../../lib/storage';
import { useBalance } from './api';
import { CashierDialog, type CashierKind } from './cashier-dialog';
import './wallet.css';

/** Spec §2: the header shows '$' when the brand has no currency symbol. */
const DEFAULT_SYMBOL = '$';
const HIDDEN = '****';

/**
 * The logged-in header's wallet (spec §2): currency symbol and balance with a hide toggle
 * (asterisks) and refresh; 'balance updating' until the first answer; Deposit and Withdraw.
 * It also holds the tab's realtime socket, whose pushes keep the balance current.
 */
export default function HeaderBalance() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const reload = useCallback(() => void client.invalidateQueries({ queryKey: ['wallet'] }), [client]);
  useRealtimeConnection(reload);
  const { data, isFetching, refetch } = useBalance();
  const [hidden, setHidden] = useState(() => local.get('hideBalance') === '1');
  const [cashier, setCashier] = useState<CashierKind | null>(null);
  const trial = session.get('isAgent') === '4';

  const toggle = () => {
    const next = !hidden;
    setHidden(next);
    local.set('hideBalance', next ? '1' : '0');
  };

  const amount = data ? formatMoney(i18n.language, data.sumBalance, data.decimals) : null;
  return (
    <div className="hb">
      <div className="hb-amount" aria-live="polite">
        {data ? (
          <>
            <span className="hb-symbol">
              {data.currency === 'PLAY' ? t('wallet.playMoney') : data.currencySymbol || DEFAULT_SYMBOL}
            </span>
            <span className="hb-value" data-testid="header-balance">
              {hidden ? HIDDEN : amount}
            </span>
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
      <button type="button" className="btn btn-primary hb-deposit" onClick={() => setCashier('deposit')}>
        {t('wallet.deposit')}
      </button>
      <button type="button" className="btn btn-ghost hb-withdraw" onClick={() => setCashier('withdraw')}>
        {t('wallet.withdraw')}
      </button>
      {cashier ? <CashierDialog kind={cashier} trial={trial} onClose={() => setCashier(null)} /> : null}
    </div>
  );
}
