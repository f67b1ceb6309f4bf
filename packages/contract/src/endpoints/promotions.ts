// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as promotionsDefs from '../promotions';

export const promotionCall = /* @__PURE__ */ endpoint<typeof promotionsDefs.promotionCall>({
  method: 'GET',
  path: '/wps/promotion/:id',
  auth: 'none',
  input: ['query', 'params'],
});
export const promotionListCall = /* @__PURE__ */ endpoint<typeof promotionsDefs.promotionListCall>({
  method: 'GET',
  path: '/wps/promotion/list',
  auth: 'none',
  input: ['query'],
});
