import type { GameItem } from '@khela/contract';
import type { NavigateFunction } from 'react-router';
import { gamePath, targetOf, targetSearch } from './game-target';
import { ui } from './ui-store';

/** What /game carries in its history state: where its back control returns. */
export type GameLocationState = { from?: string } | null;

/** A desktop with a mouse: room for the game popup over the lobby. */
export const GAME_POPUP_QUERY = '(min-width: 1024px) and (pointer: fine)';

/**
 * Opens a logged-in player's game. Phones (and anything not clearly a desktop) go to /game, where
 * the game has the whole screen and the phone's back button returns to the lobby; a desktop
 * opens the game popup over the lobby (spec §2 modals: 'game popup iframe').
 */
export function openGame(
  game: Pick<GameItem, 'nodeId' | 'gameCode' | 'vassalage'>,
  navigate: NavigateFunction,
  /** The address the player is on, where the game page's back control returns. */
  from: string,
) {
  const target = targetOf(game);
  const desktop = typeof window.matchMedia === 'function' && window.matchMedia(GAME_POPUP_QUERY).matches;
  if (desktop) {
    ui.openModal('game', targetSearch(target));
    return;
  }
  const state: GameLocationState = { from };
  navigate(gamePath(target), { state });
}
