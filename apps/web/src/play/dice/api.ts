import type {
  DiceBetRequest,
  DiceRotateRequest,
  diceBetCall,
  diceRotateCall,
  diceSeedsCall,
} from '@khela/contract/dice';
import { PLAY_ENDPOINTS } from '@khela/contract/play-endpoints';
import type { PlaySession } from '../api';

/** The dice calls (contract dice.ts) over the page's game session; types only, like ../api.ts. */
export const diceApi = (session: PlaySession) => ({
  seeds: () => session.call<typeof diceSeedsCall>(PLAY_ENDPOINTS.diceSeeds),
  rotate: (body: DiceRotateRequest) => session.call<typeof diceRotateCall>(PLAY_ENDPOINTS.diceRotate, body),
  bet: (body: DiceBetRequest) => session.call<typeof diceBetCall>(PLAY_ENDPOINTS.diceBet, body),
});
export type DiceApi = ReturnType<typeof diceApi>;
