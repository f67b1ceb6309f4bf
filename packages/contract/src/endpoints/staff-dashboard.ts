// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffDashboardDefs from '../staff-dashboard';

export const dashboardCall = /* @__PURE__ */ endpoint<typeof staffDashboardDefs.dashboardCall>({
  method: 'GET',
  path: '/bo/dashboard',
  auth: 'staff:reports.read',
  input: ['query'],
});
