import type { DiceBetRequest, DiceBetValue, DiceRotateRequest, DiceSeedsValue } from '@khela/contract/dice';
import type { PlaySession } from '../api';

/** The dice calls (contract dice.ts) over the page's game session; types only, like ../api.ts. */
export const diceApi = (session: PlaySession) => ({
  seeds: () => session.call<DiceSeedsValue>('GET', '/dice/seeds'),
  rotate: (body: DiceRotateRequest) => session.call<DiceSeedsValue>('POST', '/dice/seeds/rotate', body),
  bet: (body: DiceBetRequest) => session.call<DiceBetValue>('POST', '/dice/bet', body),
});
export type DiceApi = ReturnType<typeof diceApi>;
