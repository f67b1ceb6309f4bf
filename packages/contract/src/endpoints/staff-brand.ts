// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffBrandDefs from '../staff-brand';

export const brandSaveCall = /* @__PURE__ */ endpoint<typeof staffBrandDefs.brandSaveCall>({
  method: 'PUT',
  path: '/bo/brand',
  auth: 'staff:brand.write',
  input: ['body'],
});
export const brandSettingsCall = /* @__PURE__ */ endpoint<typeof staffBrandDefs.brandSettingsCall>({
  method: 'GET',
  path: '/bo/brand',
  auth: 'staff:brand.read',
  input: ['query'],
});
