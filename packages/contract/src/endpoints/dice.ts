// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as diceDefs from '../dice';

export const diceBetCall = /* @__PURE__ */ endpoint<typeof diceDefs.diceBetCall>({
  method: 'POST',
  path: '/play/api/dice/bet',
  auth: 'game',
  input: ['body'],
});
export const diceRotateCall = /* @__PURE__ */ endpoint<typeof diceDefs.diceRotateCall>({
  method: 'POST',
  path: '/play/api/dice/seeds/rotate',
  auth: 'game',
  input: ['body'],
});
export const diceSeedsCall = /* @__PURE__ */ endpoint<typeof diceDefs.diceSeedsCall>({
  method: 'GET',
  path: '/play/api/dice/seeds',
  auth: 'game',
  input: [],
});
