import { Modal } from '@khela/ui/modal';
import { useTranslation } from 'react-i18next';
import { customerServiceEntry, openCustomerService } from '../../lib/customer-service';
import { useSystemStatus } from '../../lib/system';
import { ui } from '../../lib/ui-store';

export type CashierKind = 'deposit' | 'withdraw';

/**
 * What Deposit and Withdraw open. A trial account gets spec §6's 'in_need_true_account' with
 * its register button. Everyone else is told how money moves on this site today — through
 * customer service, who post it to the wallet — with the button that reaches them.
 */
export function CashierDialog({ kind, trial, onClose }: { kind: CashierKind; trial: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const title = t(kind === 'deposit' ? 'wallet.deposit' : 'wallet.withdraw');
  return (
    <Modal open onClose={onClose} title={title} size="sm">
      <CashierGuidance kind={kind} trial={trial} onDone={onClose} />
    </Modal>
  );
}

/** The dialog's content; the member centre's deposit and withdraw pages show it too. */
export function CashierGuidance({ kind, trial, onDone }: { kind: CashierKind; trial: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const { data: status } = useSystemStatus();
  return (
    <div className="cashier">
      {trial ? (
        <>
          <p>{t('errors.TRIAL_ACCOUNT')}</p>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              onDone();
              ui.openModal('register');
            }}
          >
            {t('wallet.registerNow')}
          </button>
        </>
      ) : (
        <>
          <p>{t(kind === 'deposit' ? 'wallet.depositHow' : 'wallet.withdrawHow')}</p>
          {customerServiceEntry(status) ? (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                if (openCustomerService(status)) onDone();
              }}
            >
              {t('wallet.contactCustomerService')}
            </button>
          ) : null}
        </>
      )}
    </div>
  );
}
