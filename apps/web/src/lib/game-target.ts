import type { GameItem, LaunchGameBody } from '@khela/contract';
import {
  LAUNCH_ACCOUNT_TYPE,
  LAUNCH_CLIENT_TYPE,
  LAUNCH_CONFIRM_TRANS,
  LAUNCH_MODE,
  LAUNCH_PLATFORM,
  LOCALES,
} from '@khela/contract/constants';

/**
 * Which game to open, as the /game and /seamless addresses and the game popup carry it:
 * `nodeId` (the catalog id) or `gameCode` with `vassalage` (a link from outside the lobby).
 */
export type LaunchTarget = { nodeId?: number; gameCode?: string; vassalage?: string };

export function targetOf(game: Pick<GameItem, 'nodeId' | 'gameCode' | 'vassalage'>): LaunchTarget {
  return { nodeId: game.nodeId, gameCode: game.gameCode, vassalage: game.vassalage };
}

export function targetSearch(target: LaunchTarget): string {
  const q = new URLSearchParams();
  if (target.nodeId !== undefined) q.set('nodeId', String(target.nodeId));
  if (target.vassalage) q.set('vassalage', target.vassalage);
  if (target.gameCode) q.set('gameCode', target.gameCode);
  return q.toString();
}

/** The target named by an address's query, or null when it names none. */
export function targetFromSearch(search: URLSearchParams): LaunchTarget | null {
  const raw = search.get('nodeId');
  const nodeId = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const gameCode = search.get('gameCode') ?? search.get('gameId') ?? undefined;
  const vassalage = search.get('vassalage') ?? search.get('vendor') ?? undefined;
  if (nodeId === undefined && !(gameCode && vassalage)) return null;
  return { nodeId, gameCode: gameCode || undefined, vassalage: vassalage || undefined };
}

/** The /game (or /seamless) address of a game. */
export function gamePath(target: LaunchTarget, page: '/game' | '/seamless' = '/game'): string {
  return `${page}?${targetSearch(target)}`;
}

/** The spec's launch payload (§3) with its fixed values (§9). */
export function launchBody(target: LaunchTarget, language: string): LaunchGameBody {
  return {
    ...(target.nodeId !== undefined ? { nodeId: target.nodeId } : {}),
    ...(target.gameCode ? { gameId: target.gameCode } : {}),
    ...(target.vassalage ? { vassalage: target.vassalage } : {}),
    accountType: LAUNCH_ACCOUNT_TYPE,
    confirmTrans: LAUNCH_CONFIRM_TRANS,
    launchMode: LAUNCH_MODE,
    platform: LAUNCH_PLATFORM,
    clientType: LAUNCH_CLIENT_TYPE,
    ...(isLanguage(language) ? { language } : {}),
  };
}

const isLanguage = (l: string): l is NonNullable<LaunchGameBody['language']> =>
  (LOCALES as readonly string[]).includes(l);
