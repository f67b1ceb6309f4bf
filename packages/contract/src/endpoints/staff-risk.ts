// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffRiskDefs from '../staff-risk';

export const approveHeldWinCall = /* @__PURE__ */ endpoint<typeof staffRiskDefs.approveHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/approve',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
export const declineHeldWinCall = /* @__PURE__ */ endpoint<typeof staffRiskDefs.declineHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/decline',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
export const heldWinCountCall = /* @__PURE__ */ endpoint<typeof staffRiskDefs.heldWinCountCall>({
  method: 'GET',
  path: '/bo/risk/held-wins/count',
  auth: 'staff:risk.read',
  input: ['query'],
});
export const heldWinsCall = /* @__PURE__ */ endpoint<typeof staffRiskDefs.heldWinsCall>({
  method: 'GET',
  path: '/bo/risk/held-wins',
  auth: 'staff:risk.read',
  input: ['query'],
});
export const releaseHeldWinCall = /* @__PURE__ */ endpoint<typeof staffRiskDefs.releaseHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/release',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
export const voidHeldWinCall = /* @__PURE__ */ endpoint<typeof staffRiskDefs.voidHeldWinCall>({
  method: 'POST',
  path: '/bo/risk/held-wins/:id/void',
  auth: 'staff:risk.write',
  input: ['body', 'params'],
});
