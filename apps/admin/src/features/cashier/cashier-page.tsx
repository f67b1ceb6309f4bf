import type { StaffMe } from '@khela/contract/staff';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useOutletContext, useParams } from 'react-router';
import { PageHeader } from '../../components/page';
import { CasesScreen } from './cases-screen';
import { MethodsScreen } from './methods-screen';
import { QueueScreen } from './queue-screen';
import { ReconcileScreen } from './reconcile-screen';
import { SettingsScreen } from './settings-screen';
import { TotalsScreen } from './totals-screen';
import '../../styles/desks.css';
import './cashier.css';

const TABS = ['deposits', 'withdrawals', 'cases', 'totals', 'reconciliation', 'methods', 'settings'] as const;
type Tab = (typeof TABS)[number];

/**
 * The finance desk (CASHIER.md "The finance desk"): the queues of deposits under review and
 * withdrawals to decide and pay, oldest first, each request beside the player's recent activity;
 * cases from players' confirmations; daily totals per method; reconciliation against a provider's
 * records; the methods and the cashier settings. Reading needs cashier.read, deciding
 * cashier.approve, methods and settings cashier.configure.
 */
export function CashierPage() {
  const { t } = useTranslation();
  const me = useOutletContext<StaffMe>();
  const [tab, id] = (useParams()['*'] ?? '').split('/') as [string, string | undefined];
  if (!TABS.includes(tab as Tab)) return <Navigate to="/cashier/deposits" replace />;
  const canApprove = me.permissions.includes('cashier.approve');
  const canConfigure = me.permissions.includes('cashier.configure');
  return (
    <>
      <PageHeader title={t('cashier.title')} text={t('cashier.intro')} />
      <nav className="cd-subnav" aria-label={t('cashier.tabsLabel')}>
        {TABS.map((name) => (
          <NavLink
            key={name}
            to={`/cashier/${name}`}
            className={({ isActive }) => `cd-subnav-link${isActive ? ' active' : ''}`}
          >
            {t(`cashier.tabs.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'deposits' && (
        <QueueScreen key="deposit" type="deposit" openId={id ?? null} canApprove={canApprove} myName={me.username} />
      )}
      {tab === 'withdrawals' && (
        <QueueScreen key="withdraw" type="withdraw" openId={id ?? null} canApprove={canApprove} myName={me.username} />
      )}
      {tab === 'cases' && <CasesScreen canApprove={canApprove} />}
      {tab === 'totals' && <TotalsScreen />}
      {tab === 'reconciliation' && <ReconcileScreen />}
      {tab === 'methods' && <MethodsScreen canConfigure={canConfigure} />}
      {tab === 'settings' && <SettingsScreen canConfigure={canConfigure} />}
    </>
  );
}
