import { defineEndpoint } from './call';

/**
 * Where and how the in-house game pages call the server (ARCHITECTURE §5), without a schema:
 * the game pages (apps/web/src/play) import only this file and `import type` the full call
 * definitions (inhouse.ts, dice.ts, crash.ts) for their types, so zod never enters their small
 * bundles. Each call definition spreads its endpoint from here: a path is written once.
 */

/** Header carrying the game session token on /play/api calls (`auth: 'game'`). */
export const GAME_TOKEN_HEADER = 'x-khela-game-token';

/** The crash game's live feed (crash.ts crashFeedSocket). */
export const CRASH_WS_PATH = '/play/api/crash/ws';

export const PLAY_ENDPOINTS = {
  /**
   * Redeems a launch ticket for the game session. Its credential is the single-use ticket in the
   * body (the page has no session yet), so there is nothing to prove before the body is read:
   * `none`, and the service refuses an unknown, used or expired ticket with 401
   * LAUNCH_TICKET_INVALID. The ticket does not go in a header: the page gets it from its address
   * and spends it once, and the game token it buys is what every later call sends.
   */
  open: defineEndpoint({ method: 'POST', path: '/play/api/open', auth: 'none' }),
  balance: defineEndpoint({ method: 'GET', path: '/play/api/balance', auth: 'game' }),
  slotSpin: defineEndpoint({ method: 'POST', path: '/play/api/slot/spin', auth: 'game' }),
  diceSeeds: defineEndpoint({ method: 'GET', path: '/play/api/dice/seeds', auth: 'game' }),
  diceRotate: defineEndpoint({ method: 'POST', path: '/play/api/dice/seeds/rotate', auth: 'game' }),
  diceBet: defineEndpoint({ method: 'POST', path: '/play/api/dice/bet', auth: 'game' }),
  crashState: defineEndpoint({ method: 'GET', path: '/play/api/crash/state', auth: 'game' }),
  crashBet: defineEndpoint({ method: 'POST', path: '/play/api/crash/bet', auth: 'game' }),
  crashCashOut: defineEndpoint({ method: 'POST', path: '/play/api/crash/cashout', auth: 'game' }),
} as const;
