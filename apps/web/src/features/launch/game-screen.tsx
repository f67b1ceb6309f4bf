import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyPage } from '../../components/empty-page';
import { gamePath, targetFromSearch } from '../../lib/game-target';
import type { GameLocationState } from '../../lib/open-game';
import { GameLauncher } from './game-launcher';

/** What a game page remembers: the address the player came from, for the back control. */

/**
 * The /game page (spec §2 'iframe game page, header only') and /seamless (the same inside the
 * side-menu layout): the game named by the address, launched, in a frame filling the page.
 */
export function GameScreen({ page }: { page: '/game' | '/seamless' }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const state = location.state as GameLocationState;
  const target = targetFromSearch(search);

  const back = () => {
    if (state?.from) navigate(state.from);
    // react-router numbers its history entries: idx 0 is where this tab's visit began.
    else if ((window.history.state as { idx?: number } | null)?.idx) navigate(-1);
    else navigate('/');
  };

  if (!target) {
    // The page's own title (spec §2 names it), then why there is no game.
    return (
      <EmptyPage
        title={t(page === '/game' ? 'pages.title.game' : 'pages.title.seamless')}
        emptyTitle={t('pages.gameEmptyTitle')}
        emptyText={t('lobby.launch.noGameText')}
      >
        <Link className="btn btn-primary" to="/hot">
          {t('lobby.launch.toGames')}
        </Link>
      </EmptyPage>
    );
  }
  return (
    <GameLauncher
      target={target}
      onBack={back}
      // A suggestion replaces the game under maintenance; back still returns to where the player was.
      onPick={(next) => navigate(gamePath(next, page), { replace: true, state })}
    />
  );
}
