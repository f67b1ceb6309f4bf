// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

/**
 * Every call and socket of the contract without its zod schemas: what the browser needs to make
 * a call (method, path, the parts of its input, how its body travels). The types come from the
 * full definitions, imported as types only, so the apps keep their typed `call()` and no schema
 * enters their bundles (the server validates). endpoints.test.ts checks each against its call.
 */

export * from './endpoints/auth';
export * from './endpoints/cashier';
export * from './endpoints/catalog';
export * from './endpoints/crash';
export * from './endpoints/dice';
export * from './endpoints/inhouse';
export * from './endpoints/launch';
export * from './endpoints/member';
export * from './endpoints/password-reset';
export * from './endpoints/promotions';
export * from './endpoints/provider';
export * from './endpoints/realtime';
export * from './endpoints/records';
export * from './endpoints/staff';
export * from './endpoints/staff-admin';
export * from './endpoints/staff-brand';
export * from './endpoints/staff-cashier';
export * from './endpoints/staff-catalog';
export * from './endpoints/staff-content';
export * from './endpoints/staff-dashboard';
export * from './endpoints/staff-players';
export * from './endpoints/staff-risk';
export * from './endpoints/system';
export * from './endpoints/verification';
export * from './endpoints/wallet';
