import type { StaffMe } from '@khela/contract/staff';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useOutletContext, useParams } from 'react-router';
import { PageHeader } from '../../components/page';
import { GamesScreen } from './games-screen';
import { VendorsScreen } from './vendors-screen';
import '../../styles/desks.css';

/**
 * The Catalog area (BACK-OFFICE.md "Catalog"): vendors — on/off, maintenance, hot, order, names,
 * icons, launch addresses, their signing secret — and games, server-paged.
 */
export function CatalogPage() {
  const { t } = useTranslation();
  const me = useOutletContext<StaffMe>();
  const tab = useParams()['*']?.split('/')[0];
  if (tab !== 'vendors' && tab !== 'games') return <Navigate to="/catalog/vendors" replace />;
  const canWrite = me.permissions.includes('catalog.write');
  return (
    <>
      <PageHeader title={t('catalog.title')} text={t('catalog.intro')} />
      <nav className="cd-subnav" aria-label={t('catalog.tabsLabel')}>
        <NavLink to="/catalog/vendors" className={({ isActive }) => `cd-subnav-link${isActive ? ' active' : ''}`}>
          {t('catalog.vendors')}
        </NavLink>
        <NavLink to="/catalog/games" className={({ isActive }) => `cd-subnav-link${isActive ? ' active' : ''}`}>
          {t('catalog.games')}
        </NavLink>
      </nav>
      {tab === 'vendors' ? <VendorsScreen canWrite={canWrite} /> : <GamesScreen canWrite={canWrite} />}
    </>
  );
}
