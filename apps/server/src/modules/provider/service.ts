/**
 * The provider module's API for the rest of the server: the seamless-wallet calls (the in-house
 * games make them in process, MONEY.md "Seamless-wallet rules"), game sessions and launch
 * tickets (the launch), vendors (the seed), the stale-round resolver (the job engine) and the
 * wins held over a brand's caps (staff: list, count, release, void).
 * Everything else in the module is its own; other modules import only this file.
 */

export type { Answer, CallContext } from './answers';
export { balance } from './balance';
export { bet } from './bet';
export { type HeldWinAlert, onHeldWin } from './events';
export {
  type Decision,
  type HeldWin,
  heldWinCount,
  heldWinCounts,
  heldWins,
  releaseHeldWin,
  voidHeldWin,
} from './held-wins';
export { type Resolved, type ResolveOptions, resolveStaleRounds } from './resolver';
export { rollback } from './rollback';
export { openVendorAccount, rotateVendorSecret, vendorSecretStates } from './secrets';
export {
  createGameSession,
  endGameSessions,
  GAME_SESSION_TTL_SECONDS,
  type GameSession,
  issueLaunchTicket,
  LAUNCH_TICKET_TTL_SECONDS,
  liveGameSession,
  type RedeemedTicket,
  redeemLaunchTicket,
} from './sessions';
export { ensureVendor, inProcessCall, type Vendor, type VendorWallets } from './vendors';
export { win } from './win';
