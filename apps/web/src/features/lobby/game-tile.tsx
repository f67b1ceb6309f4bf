import type { GameItem } from '@khela/contract';
import { memo, useCallback, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { currencySymbol, useFormat } from '../../lib/format';
import { useFirstScreenSettled } from '../../lib/idle';
import { useLazyImage } from '../../lib/image-loader';
import { openGame } from '../../lib/open-game';
import { useLoggedIn } from '../../lib/session';
import { useBrand } from '../../lib/system';
import { ui } from '../../lib/ui-store';

export type FavouriteControl = {
  ids: ReadonlySet<number>;
  onToggle(game: GameItem): void;
};

/** What every tile of a grid shares, worked out once by the grid instead of by each tile. */
type TileShared = {
  play(game: GameItem): void;
  minBet(game: GameItem): string | null;
  hot: string;
  maintenance: string;
  favouriteLabel(game: GameItem, on: boolean): string;
};

/**
 * One game: lazy icon (spec §9 loader: 200 cached, 3 attempts, 200 ms apart; the default icon
 * if it never loads), hot and maintenance marks, the favourite star and the minimum stake.
 * The play button holds the picture and the name, so its accessible name is the name the
 * player sees; the marks and the stake describe it and a click anywhere on the tile plays.
 * Everything a tile would ask the hooks for is handed down by the grid: a lobby shows 42, and
 * each tile's own subscriptions made its first screen one long task on a phone.
 */
const GameTile = memo(function GameTile({
  game,
  favourite,
  onFavourite,
  shared,
}: {
  game: GameItem;
  favourite: boolean;
  onFavourite(game: GameItem): void;
  shared: TileShared;
}) {
  const img = useLazyImage(game.icon);
  const describedBy = useId();
  const minBet = shared.minBet(game);
  const marked = game.isHot === 1 || game.maintenance === 1;
  const favouriteLabel = shared.favouriteLabel(game, favourite);

  return (
    <li className={`game-tile${game.maintenance ? ' is-maintenance' : ''}`} data-node-id={game.nodeId}>
      <button
        type="button"
        className="game-tile-play"
        onClick={() => shared.play(game)}
        aria-describedby={`${marked ? `${describedBy}-marks ` : ''}${describedBy}-meta`}
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
        </span>
        <span className="game-tile-name">{game.gameName}</span>
      </button>
      {marked ? (
        // Along the picture's foot, clear of the favourite star at its top corner.
        <span className="game-badges" id={`${describedBy}-marks`}>
          {game.isHot === 1 ? <span className="game-badge game-badge-hot">{shared.hot}</span> : null}
          {game.maintenance === 1 ? (
            <span className="game-badge game-badge-maintenance">{shared.maintenance}</span>
          ) : null}
        </span>
      ) : null}
      <span className="game-tile-meta" id={`${describedBy}-meta`}>
        <span className="game-tile-vendor">{game.vendorName}</span>
        {minBet ? <span className="game-tile-bet">{minBet}</span> : null}
      </span>
      <button
        type="button"
        className={`game-fav${favourite ? ' is-on' : ''}`}
        aria-pressed={favourite}
        aria-label={favouriteLabel}
        title={favouriteLabel}
        onClick={() => onFavourite(game)}
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
});

/** Tiles built with the first screen: a phone's first screen shows a few rows, never more. */
const FIRST_TILES = 8;

/**
 * How many of a grid's tiles to build: on the visit's first screen the first rows, and the rest
 * once it has settled (React builds them in slices between the first taps).
 */
function useTilesShown(): number {
  return useFirstScreenSettled() ? Number.POSITIVE_INFINITY : FIRST_TILES;
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
  const { t } = useTranslation();
  const fmt = useFormat();
  const brand = useBrand();
  const loggedIn = useLoggedIn();
  const navigate = useNavigate();
  const location = useLocation();
  const shown = useTilesShown();
  const from = `${location.pathname}${location.search}`;
  // One object for every tile, the same across renders while its inputs are: a tile is built
  // again only when its own game or star changes.
  const shared = useMemo<TileShared>(
    () => ({
      play(game) {
        // Spec §6: launching a game requires login; a visitor gets the login popup.
        if (!loggedIn) {
          ui.openModal('login');
          return;
        }
        // /game on a phone, the game popup on a desktop; either launches it (features/launch).
        openGame(game, navigate, from);
      },
      minBet: (game) =>
        brand && Number(game.minBet) > 0
          ? t('lobby.minBetShort', {
              amount: fmt.money(game.minBet, {
                decimals: brand.currencyDecimals,
                symbol: currencySymbol(false, brand.currencySymbol),
              }),
            })
          : null,
      hot: t('lobby.hot'),
      maintenance: t('lobby.maintenance'),
      favouriteLabel: (game, on) => t(on ? 'lobby.favouriteRemove' : 'lobby.favouriteAdd', { game: game.gameName }),
    }),
    [t, fmt, brand, loggedIn, navigate, from],
  );
  const toggle = useRef(favourites.onToggle);
  toggle.current = favourites.onToggle;
  const onFavourite = useCallback((game: GameItem) => toggle.current(game), []);
  return (
    <ul className="game-grid" aria-label={label}>
      {games.slice(0, shown).map((g) => (
        <GameTile
          key={g.nodeId}
          game={g}
          favourite={favourites.ids.has(g.nodeId)}
          onFavourite={onFavourite}
          shared={shared}
        />
      ))}
    </ul>
  );
}
