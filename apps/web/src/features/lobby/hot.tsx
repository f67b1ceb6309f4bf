import type { GameItem } from '@khela/contract';
import { EmptyState } from '@khela/ui/empty-state';
import { Loading } from '@khela/ui/loading';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoggedIn } from '../../lib/session';
import { ui } from '../../lib/ui-store';
import { useFavouriteGames, useHotGames, useRecentGames } from './api';
import { useGuestFavourites } from './favourites';
import { GameGrid } from './game-tile';
import { CategoryNav, GuestFavouriteNote, useFavouriteControl } from './lobby';
import './lobby.css';

type Tab = 'hot' | 'favourites' | 'recent';
const TABS: Tab[] = ['hot', 'favourites', 'recent'];

/** /hot: the hot games (isPlatform 2), and the player's favourites and recent games. */
export function HotLobby() {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const [tab, setTab] = useState<Tab>('hot');
  const fav = useFavouriteControl();
  const hot = useHotGames();
  const favourites = useFavouriteGames(tab === 'favourites');
  const recent = useRecentGames(tab === 'recent');
  const guest = useGuestFavourites();

  let body: ReactNode;
  const grid = (games: GameItem[], emptyTitle: string, emptyText?: string) =>
    games.length === 0 ? (
      <EmptyState title={emptyTitle} text={emptyText} level={2} />
    ) : (
      <GameGrid games={games} favourites={fav.control} label={t(`lobby.tabs.${tab}`)} />
    );
  if (tab === 'hot') {
    body = hot.data ? grid(hot.data.list, t('lobby.emptyTitle')) : hot.isError ? failed() : <Loading />;
  } else if (tab === 'favourites') {
    body = !loggedIn ? (
      grid(guest, t('lobby.favouritesEmpty'), t('lobby.favouritesEmptyText'))
    ) : favourites.data ? (
      grid(favourites.data.content, t('lobby.favouritesEmpty'), t('lobby.favouritesEmptyText'))
    ) : favourites.isError ? (
      failed()
    ) : (
      <Loading />
    );
  } else {
    body = !loggedIn ? (
      <EmptyState title={t('lobby.recentEmpty')} text={t('lobby.recentLogin')} level={2}>
        <button type="button" className="btn btn-primary" onClick={() => ui.openModal('login')}>
          {t('lobby.login')}
        </button>
      </EmptyState>
    ) : recent.data ? (
      grid(recent.data.list, t('lobby.recentEmpty'), t('lobby.recentEmptyText'))
    ) : recent.isError ? (
      failed()
    ) : (
      <Loading />
    );
  }

  function failed() {
    return <EmptyState title={t('lobby.loadFailed')} level={2} />;
  }

  return (
    <div className="lobby">
      <div className="page-head lobby-head">
        <h1 className="page-title">{t('pages.categories.HOT')}</h1>
      </div>
      <CategoryNav current="HOT" />
      <div className="lobby-tabs" role="tablist" aria-label={t('pages.categories.HOT')}>
        {TABS.map((k) => (
          <button key={k} type="button" role="tab" className="chip" aria-selected={tab === k} onClick={() => setTab(k)}>
            {t(`lobby.tabs.${k}`)}
          </button>
        ))}
      </div>
      {fav.guestNote ? <GuestFavouriteNote onClose={fav.closeNote} /> : null}
      <div role="tabpanel" aria-label={t(`lobby.tabs.${tab}`)}>
        {body}
      </div>
    </div>
  );
}
