import type { GameItem } from '@khela/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currencySymbol, useFormat } from '../../lib/format';
import { useLazyImage } from '../../lib/image-loader';
import { openGame } from '../../lib/open-game';
import { useLoggedIn } from '../../lib/session';
import { useBrand } from '../../lib/system';
import { ui } from '../../lib/ui-store';

export type FavouriteControl = {
  ids: ReadonlySet<number>;
  onToggle(game: GameItem): void;
};

/**
 * One game: lazy icon (spec §9 loader: 200 cached, 3 attempts, 200 ms apart; the default icon
 * if it never loads), hot and maintenance marks, the favourite star and the minimum stake.
 */
export function GameTile({ game, favourites }: { game: GameItem; favourites: FavouriteControl }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const brand = useBrand();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const img = useLazyImage(game.icon);
  const favourite = favourites.ids.has(game.nodeId);

  const play = () => {
    // Spec §6: launching a game requires login; a visitor gets the login popup.
    if (!loggedIn) {
      ui.openModal('login');
      return;
    }
    // /game on a phone, the game popup on a desktop; either launches it (features/launch).
    openGame(game, navigate, `${location.pathname}${location.search}`);
  };

  return (
    <li className={`game-tile${game.maintenance ? ' is-maintenance' : ''}`} data-node-id={game.nodeId}>
      <button
        type="button"
        className="game-tile-play"
        onClick={play}
        aria-label={t('lobby.play', { game: game.gameName })}
      >
        <span className="game-tile-art">
          <img
            ref={img.ref}
            src={img.src}
            alt=""
            width="200"
            height="200"
            className={`game-tile-img${img.status === 'loaded' || img.status === 'error' ? ' is-ready' : ''}`}
            data-status={img.status}
          />
          {game.isHot === 1 || game.maintenance === 1 ? (
            // Along the picture's foot, clear of the favourite star at its top corner.
            <span className="game-badges">
              {game.isHot === 1 ? <span className="game-badge game-badge-hot">{t('lobby.hot')}</span> : null}
              {game.maintenance === 1 ? (
                <span className="game-badge game-badge-maintenance">{t('lobby.maintenance')}</span>
              ) : null}
            </span>
          ) : null}
        </span>
        <span className="game-tile-name">{game.gameName}</span>
        <span className="game-tile-meta">
          <span className="game-tile-vendor">{game.vendorName}</span>
          {brand && Number(game.minBet) > 0 ? (
            <span className="game-tile-bet">
              {t('lobby.minBetShort', {
                amount: fmt.money(game.minBet, {
                  decimals: brand.currencyDecimals,
                  symbol: currencySymbol(false, brand.currencySymbol),
                }),
              })}
            </span>
          ) : null}
        </span>
      </button>
      <button
        type="button"
        className={`game-fav${favourite ? ' is-on' : ''}`}
        aria-pressed={favourite}
        aria-label={t(favourite ? 'lobby.favouriteRemove' : 'lobby.favouriteAdd', { game: game.gameName })}
        title={t(favourite ? 'lobby.favouriteRemove' : 'lobby.favouriteAdd', { game: game.gameName })}
        onClick={() => favourites.onToggle(game)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
            fill={favourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
      </button>
    </li>
  );
}

export function GameGrid({
  games,
  favourites,
  label,
}: {
  games: GameItem[];
  favourites: FavouriteControl;
  label: string;
}) {
  return (
    <ul className="game-grid" aria-label={label}>
      {games.map((g) => (
        <GameTile key={g.nodeId} game={g} favourites={favourites} />
      ))}
    </ul>
  );
}
