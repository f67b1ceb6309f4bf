import type { StaffMe } from '@khela/contract/staff';
import { useTranslation } from 'react-i18next';
import { NavLink, Route, Routes, useOutletContext } from 'react-router';
import { PageHeader } from '../../components/page';
import { AdjustmentsQueue } from './adjustments-page';
import { PlayerProfilePage } from './profile-page';
import { PlayerSearch } from './search-page';
import { rightsOf } from './shared';

/** The Players area: search and the adjustments queue side by side, and a player's profile. */
export function PlayersArea() {
  const me = useOutletContext<StaffMe>();
  const rights = rightsOf(me);
  return (
    <Routes>
      <Route index element={<Desk view="search" rights={rights} />} />
      <Route path="adjustments" element={<Desk view="adjustments" rights={rights} />} />
      <Route path=":id/:tab?" element={<PlayerProfilePage rights={rights} />} />
    </Routes>
  );
}

function Desk({ view, rights }: { view: 'search' | 'adjustments'; rights: ReturnType<typeof rightsOf> }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={view === 'search' ? t('players.searchTitle') : t('players.queue.title')}
        text={view === 'search' ? t('players.searchIntro') : t('players.queue.intro')}
      />
      <nav className="tabs" aria-label={t('nav.players')}>
        <NavLink to="/players" end className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
          {t('players.searchTab')}
        </NavLink>
        <NavLink to="/players/adjustments" className={({ isActive }) => (isActive ? 'tab active' : 'tab')}>
          {t('players.queue.tab')}
        </NavLink>
      </nav>
      {view === 'search' ? <PlayerSearch /> : <AdjustmentsQueue rights={rights} />}
    </>
  );
}
