// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as catalogDefs from '../catalog';

export const favouriteGamesCall = /* @__PURE__ */ endpoint<typeof catalogDefs.favouriteGamesCall>({
  method: 'GET',
  path: '/wps/relay/GLS_favouriteGames',
  auth: 'member',
  input: ['query'],
});
export const favouriteIdsCall = /* @__PURE__ */ endpoint<typeof catalogDefs.favouriteIdsCall>({
  method: 'GET',
  path: '/wps/relay/GLS_favouriteIds',
  auth: 'member',
  input: [],
});
export const favouriteToggleCall = /* @__PURE__ */ endpoint<typeof catalogDefs.favouriteToggleCall>({
  method: 'POST',
  path: '/wps/relay/GLS_favouriteToggle',
  auth: 'member',
  input: ['body'],
});
export const gameListCall = /* @__PURE__ */ endpoint<typeof catalogDefs.gameListCall>({
  method: 'GET',
  path: '/lgw/games/game_list',
  auth: 'none',
  input: ['query'],
});
export const gameMenusCall = /* @__PURE__ */ endpoint<typeof catalogDefs.gameMenusCall>({
  method: 'GET',
  path: '/lgw/games/game_menus',
  auth: 'none',
  input: ['query'],
});
export const gameVendorsCall = /* @__PURE__ */ endpoint<typeof catalogDefs.gameVendorsCall>({
  method: 'GET',
  path: '/lgw/games/game_vendor',
  auth: 'none',
  input: ['query'],
});
export const hotGamesCall = /* @__PURE__ */ endpoint<typeof catalogDefs.hotGamesCall>({
  method: 'GET',
  path: '/lgw/games/hot_games',
  auth: 'none',
  input: ['query'],
});
export const recentGamesCall = /* @__PURE__ */ endpoint<typeof catalogDefs.recentGamesCall>({
  method: 'GET',
  path: '/wps/relay/GLS_recentGames',
  auth: 'member',
  input: ['query'],
});
