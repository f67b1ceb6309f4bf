import type { GameItem } from '@khela/contract';
import { EmptyState } from '@khela/ui/empty-state';
import { Loading } from '@khela/ui/loading';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api';
import { type LaunchTarget, targetOf } from '../../lib/game-target';
import { useLazyImage } from '../../lib/image-loader';
import { useLoggedIn } from '../../lib/session';
import { ui } from '../../lib/ui-store';
import { maintenanceSuggestions, useLaunch } from './api';
import './launch.css';

type GameLauncherProps = {
  target: LaunchTarget;
  /** Another game chosen from the maintenance suggestions. */
  onPick(target: LaunchTarget): void;
  /** Where the back control goes; without it (the popup has its own close) there is no toolbar. */
  onBack?(): void;
};

/**
 * Launches one game and shows what came of it: the game's frame, 'Game Under Maintenance' with
 * other games to open (spec §8), the trial account's 'Please Register An Account First' (§6), or
 * the failure in words with a retry. Used by /game, /seamless and the game popup.
 */
export function GameLauncher({ target, onPick, onBack }: GameLauncherProps) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  const launch = useLaunch(target);
  const name = launch.data?.gameName;

  return (
    <div className="game-stage">
      {onBack ? (
        <div className="game-bar">
          <button type="button" className="btn btn-ghost btn-sm game-back" onClick={onBack}>
            <span aria-hidden="true">←</span> {t('lobby.launch.back')}
          </button>
          {name ? <h1 className="game-bar-title">{name}</h1> : null}
        </div>
      ) : null}
      {!loggedIn ? (
        <EmptyState title={t('errors.UNAUTHORIZED')} level={2}>
          <button type="button" className="btn btn-primary" onClick={() => ui.openModal('login')}>
            {t('lobby.login')}
          </button>
        </EmptyState>
      ) : launch.data ? (
        <iframe
          key={launch.data.game_url}
          className="game-frame"
          src={launch.data.game_url}
          title={t('lobby.launch.frameTitle', { game: launch.data.gameName })}
          allow="fullscreen; autoplay"
          allowFullScreen
          referrerPolicy="no-referrer"
        />
      ) : launch.isError ? (
        <LaunchFailure error={launch.error} onPick={onPick} onRetry={() => void launch.refetch()} />
      ) : (
        <Loading label={t('lobby.launch.opening')} className="game-loading" />
      )}
    </div>
  );
}

function LaunchFailure({ error, onPick, onRetry }: { error: unknown; onPick(t: LaunchTarget): void; onRetry(): void }) {
  const { t } = useTranslation();
  const suggestions = maintenanceSuggestions(error);
  if (suggestions) {
    return (
      <div className="game-maintenance">
        <EmptyState
          title={t('errors.GAME_MAINTENANCE')}
          text={t(suggestions.length > 0 ? 'lobby.launch.maintenanceText' : 'lobby.launch.noSuggestions')}
          level={2}
        />
        {suggestions.length > 0 ? (
          <ul className="game-suggestions" aria-label={t('lobby.launch.suggestionsLabel')}>
            {suggestions.map((g) => (
              <SuggestionTile key={g.nodeId} game={g} onPick={() => onPick(targetOf(g))} />
            ))}
          </ul>
        ) : null}
      </div>
    );
  }
  const code = error instanceof ApiError ? error.code : 'UNKNOWN';
  if (code === 'TRIAL_ACCOUNT') {
    return (
      <EmptyState title={t('errors.TRIAL_ACCOUNT')} level={2}>
        <button type="button" className="btn btn-primary" onClick={() => ui.openModal('register')}>
          {t('wallet.registerNow')}
        </button>
      </EmptyState>
    );
  }
  const messageKey = error instanceof ApiError ? error.messageKey : 'errors.UNKNOWN';
  return (
    <EmptyState
      title={t('lobby.launch.failedTitle')}
      text={t(messageKey, { defaultValue: t('errors.UNKNOWN') })}
      level={2}
    >
      {code === 'NOT_FOUND' ? null : (
        <button type="button" className="btn btn-ghost" onClick={onRetry}>
          {t('common.retry')}
        </button>
      )}
    </EmptyState>
  );
}

/** Named by what it shows (the game and its vendor), so a voice command can say what is seen. */
function SuggestionTile({ game, onPick }: { game: GameItem; onPick(): void }) {
  const img = useLazyImage(game.icon);
  return (
    <li className="game-suggestion">
      <button type="button" onClick={onPick}>
        <img ref={img.ref} src={img.src} alt="" width="120" height="120" />
        <span className="game-suggestion-name">{game.gameName}</span>
        <span className="game-suggestion-vendor">{game.vendorName}</span>
      </button>
    </li>
  );
}
