// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffPlayersDefs from '../staff-players';

export const adjustmentsCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.adjustmentsCall>({
  method: 'GET',
  path: '/bo/adjustments',
  auth: 'staff:players.read',
  input: ['query'],
});
export const approveAdjustmentCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.approveAdjustmentCall>({
  method: 'POST',
  path: '/bo/adjustments/:id/approve',
  auth: 'staff:players.adjust',
  input: ['body', 'params'],
});
export const playerAddNoteCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerAddNoteCall>({
  method: 'POST',
  path: '/bo/players/:id/notes',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const playerAdjustCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerAdjustCall>({
  method: 'POST',
  path: '/bo/players/:id/adjust',
  auth: 'staff:players.adjust',
  input: ['body', 'params'],
});
export const playerLabelsCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerLabelsCall>({
  method: 'POST',
  path: '/bo/players/:id/labels',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const playerLedgerCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerLedgerCall>({
  method: 'GET',
  path: '/bo/players/:id/ledger',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerLoginsCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerLoginsCall>({
  method: 'GET',
  path: '/bo/players/:id/logins',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerNotesCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerNotesCall>({
  method: 'GET',
  path: '/bo/players/:id/notes',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerPayeeNameCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerPayeeNameCall>({
  method: 'POST',
  path: '/bo/players/:id/payee-name',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const playerProfileCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerProfileCall>({
  method: 'GET',
  path: '/bo/players/:id',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerRevokeSessionCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerRevokeSessionCall>({
  method: 'POST',
  path: '/bo/players/:id/sessions/:sessionId/revoke',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const playerRoundsCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerRoundsCall>({
  method: 'GET',
  path: '/bo/players/:id/rounds',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerSearchCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerSearchCall>({
  method: 'GET',
  path: '/bo/players',
  auth: 'staff:players.read',
  input: ['query'],
});
export const playerSessionsCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerSessionsCall>({
  method: 'GET',
  path: '/bo/players/:id/sessions',
  auth: 'staff:players.read',
  input: ['query', 'params'],
});
export const playerStatusCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.playerStatusCall>({
  method: 'POST',
  path: '/bo/players/:id/status',
  auth: 'staff:players.write',
  input: ['body', 'params'],
});
export const rejectAdjustmentCall = /* @__PURE__ */ endpoint<typeof staffPlayersDefs.rejectAdjustmentCall>({
  method: 'POST',
  path: '/bo/adjustments/:id/reject',
  auth: 'staff:players.adjust',
  input: ['body', 'params'],
});
