import { Modal } from '@khela/ui/modal';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../lib/session';
import { session } from '../../lib/storage';
import { ui, useUi } from '../../lib/ui-store';
import { CashierGuidance } from '../wallet/cashier-dialog';
import '../wallet/wallet.css';
import { isMemberCentrePage, MEMBER_CENTRE_PAGES, type MemberCentrePage } from './pages';
import '../notices/notice-modal.css';
import './member-centre.css';

const PAGES: Partial<Record<MemberCentrePage, ReturnType<typeof lazy>>> = {
  transactionHistory: lazy(() => import('./account-record')),
  personalHistoryCopy: lazy(() => import('./betting-record')),
  personalProfit: lazy(() => import('./personal-profit')),
};

/**
 * The member centre (spec §2 'Member centre pages'): a modal with the spec's left menu (a
 * full-screen sheet with a scrolling menu row on phones). Opened with
 * `ui.openModal('memberCentre', '<pageKey>')`. Spec §6: any token holder except a trial account
 * (isAgent 4), who gets 'in_need_true_account'; without a token the login opens instead.
 */
export function MemberCentre({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const arg = useUi((s) => s.modalArg);
  const [page, setPage] = useState<MemberCentrePage>(isMemberCentrePage(arg) ? arg : 'securityCenter');
  useEffect(() => {
    if (isMemberCentrePage(arg)) setPage(arg);
  }, [arg]);
  useEffect(() => {
    if (open && !token) ui.openModal('login');
  }, [open, token]);
  if (!token) return null;

  if (session.get('isAgent') === '4')
    return (
      <Modal open={open} onClose={onClose} title={t('memberCentre.title')} size="sm">
        {/* the cashier's trial refusal: 'in_need_true_account' with its register button */}
        <CashierGuidance kind="deposit" trial onDone={() => {}} />
      </Modal>
    );

  const Page = PAGES[page];
  return (
    <Modal open={open} onClose={onClose} title={t('memberCentre.title')} size="lg" className="member-centre">
      <div className="mc">
        <nav className="mc-menu" aria-label={t('memberCentre.title')}>
          {MEMBER_CENTRE_PAGES.map((p) => (
            <button
              key={p}
              type="button"
              className="mc-menu-item"
              aria-current={p === page ? 'page' : undefined}
              onClick={() => setPage(p)}
            >
              {t(`memberCentre.pages.${p}`)}
            </button>
          ))}
        </nav>
        <div className="mc-page">
          <h3 className="mc-page-title">{t(`memberCentre.pages.${page}`)}</h3>
          {Page ? (
            <Suspense fallback={<p className="rec-state">{t('memberCentre.loading')}</p>}>
              <Page />
            </Suspense>
          ) : page === 'depositv2' || page === 'withdraw' ? (
            // In the centre, reaching customer service leaves the centre open behind it.
            <CashierGuidance kind={page === 'depositv2' ? 'deposit' : 'withdraw'} trial={false} onDone={() => {}} />
          ) : (
            <p className="rec-state">{t('memberCentre.notAvailable')}</p>
          )}
        </div>
      </div>
    </Modal>
  );
}
