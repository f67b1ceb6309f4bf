import { LOBBY_FIRST_PAGE, LOBBY_PAGE_SIZE } from '@khela/contract/constants';

/**
 * The lobby's list parameters (spec §2 'Category navigation'): choosing a category sets the game
 * type, vendor and page 1; defaults are page 1, 42 a page, no classification, no stake limit.
 * Filters toggle (choosing the active value clears it); params merge or reset. They live in the
 * page address, so reload, back and shared links keep them.
 */
export type LobbyParams = {
  gameType: string;
  vassalage: string;
  gameClassify: string;
  minBet: string;
  gameName: string;
  pageNo: number;
  pageSize: number;
};

export type FilterKey = 'vassalage' | 'gameClassify' | 'minBet';

export function defaultParams(gameType = ''): LobbyParams {
  return {
    gameType,
    vassalage: '',
    gameClassify: '',
    minBet: '',
    gameName: '',
    pageNo: LOBBY_FIRST_PAGE,
    pageSize: LOBBY_PAGE_SIZE,
  };
}

/** Merges a change in; any change but a page change starts again at page 1. */
export function mergeParams(params: LobbyParams, patch: Partial<LobbyParams>): LobbyParams {
  const next = { ...params, ...patch };
  if (patch.pageNo === undefined) next.pageNo = LOBBY_FIRST_PAGE;
  return next;
}

/** Sets a filter, or clears it when it already has that value. */
export function toggleFilter(params: LobbyParams, key: FilterKey, value: string): LobbyParams {
  return mergeParams(params, { [key]: params[key] === value ? '' : value });
}

/** Back to the defaults of the category (the search text goes too). */
export function resetParams(params: LobbyParams): LobbyParams {
  return defaultParams(params.gameType);
}

export function hasFilters(p: LobbyParams): boolean {
  return p.vassalage !== '' || p.gameClassify !== '' || p.minBet !== '' || p.gameName !== '';
}

const positive = (v: string | null, fallback: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : fallback;
};

export function paramsFromSearch(gameType: string, search: URLSearchParams): LobbyParams {
  const d = defaultParams(gameType);
  return {
    gameType,
    vassalage: search.get('vassalage') ?? '',
    gameClassify: search.get('gameClassify') ?? '',
    minBet: search.get('minBet') ?? '',
    gameName: search.get('gameName') ?? '',
    pageNo: positive(search.get('pageNo'), d.pageNo),
    pageSize: d.pageSize,
  };
}

/** Only what differs from the defaults goes into the address. */
export function searchFromParams(p: LobbyParams): URLSearchParams {
  const s = new URLSearchParams();
  if (p.vassalage) s.set('vassalage', p.vassalage);
  if (p.gameClassify) s.set('gameClassify', p.gameClassify);
  if (p.minBet) s.set('minBet', p.minBet);
  if (p.gameName) s.set('gameName', p.gameName);
  if (p.pageNo !== LOBBY_FIRST_PAGE) s.set('pageNo', String(p.pageNo));
  return s;
}
