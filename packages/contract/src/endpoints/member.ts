// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as memberDefs from '../member';

export const avatarPictureCall = /* @__PURE__ */ endpoint<typeof memberDefs.avatarPictureCall>({
  method: 'GET',
  path: '/wps/member/avatar/:key',
  auth: 'none',
  input: ['params'],
});
export const changePasswordCall = /* @__PURE__ */ endpoint<typeof memberDefs.changePasswordCall>({
  method: 'PUT',
  path: '/wps/member/password',
  auth: 'member:real',
  input: ['body'],
  sealed: true,
});
export const memberInfoCall = /* @__PURE__ */ endpoint<typeof memberDefs.memberInfoCall>({
  method: 'GET',
  path: '/wps/member/info',
  auth: 'member',
  input: [],
});
export const playerAvatarsCall = /* @__PURE__ */ endpoint<typeof memberDefs.playerAvatarsCall>({
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  auth: 'member',
  input: [],
});
export const setAvatarCall = /* @__PURE__ */ endpoint<typeof memberDefs.setAvatarCall>({
  method: 'PUT',
  path: '/wps/member/info/icon',
  auth: 'member',
  input: ['body'],
});
export const updateLanguageCall = /* @__PURE__ */ endpoint<typeof memberDefs.updateLanguageCall>({
  method: 'PUT',
  path: '/wps/member/language',
  auth: 'member',
  input: ['body'],
});
