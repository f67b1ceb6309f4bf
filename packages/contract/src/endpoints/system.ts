// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as systemDefs from '../system';

export const bannersCall = /* @__PURE__ */ endpoint<typeof systemDefs.bannersCall>({
  method: 'GET',
  path: '/wps/system/banners',
  auth: 'none',
  input: ['query'],
});
export const customerServiceCall = /* @__PURE__ */ endpoint<typeof systemDefs.customerServiceCall>({
  method: 'GET',
  path: '/wps/system/customerService',
  auth: 'none',
  input: ['query'],
});
export const domainRouteCall = /* @__PURE__ */ endpoint<typeof systemDefs.domainRouteCall>({
  method: 'GET',
  path: '/wps/system/domainRoute',
  auth: 'none',
  input: ['query'],
});
export const helpCenterCall = /* @__PURE__ */ endpoint<typeof systemDefs.helpCenterCall>({
  method: 'GET',
  path: '/wps/system/helpCenter',
  auth: 'none',
  input: ['query'],
});
export const noticesCall = /* @__PURE__ */ endpoint<typeof systemDefs.noticesCall>({
  method: 'GET',
  path: '/wps/announcement',
  auth: 'none',
  input: ['query'],
});
export const registerSettingsCall = /* @__PURE__ */ endpoint<typeof systemDefs.registerSettingsCall>({
  method: 'GET',
  path: '/wps/system/setting/register',
  auth: 'none',
  input: ['query'],
});
export const resourcesCall = /* @__PURE__ */ endpoint<typeof systemDefs.resourcesCall>({
  method: 'GET',
  path: '/wps/system/resources',
  auth: 'none',
  input: ['query'],
});
export const systemStatusCall = /* @__PURE__ */ endpoint<typeof systemDefs.systemStatusCall>({
  method: 'GET',
  path: '/wps/system/status',
  auth: 'none',
  input: ['query'],
});
export const whitelabelCall = /* @__PURE__ */ endpoint<typeof systemDefs.whitelabelCall>({
  method: 'GET',
  path: '/wps/system/whitelabel',
  auth: 'none',
  input: ['query'],
});
