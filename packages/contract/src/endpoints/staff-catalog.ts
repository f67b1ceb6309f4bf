// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffCatalogDefs from '../staff-catalog';

export const catalogGameCreateCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogGameCreateCall>({
  method: 'POST',
  path: '/bo/catalog/games',
  auth: 'staff:catalog.write',
  input: ['body'],
});
export const catalogGameUpdateCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogGameUpdateCall>({
  method: 'PUT',
  path: '/bo/catalog/games/:id',
  auth: 'staff:catalog.write',
  input: ['body', 'params'],
});
export const catalogGamesCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogGamesCall>({
  method: 'GET',
  path: '/bo/catalog/games',
  auth: 'staff:catalog.read',
  input: ['query'],
});
export const catalogInhouseCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogInhouseCall>({
  method: 'POST',
  path: '/bo/catalog/in-house',
  auth: 'staff:catalog.write',
  input: ['body'],
});
export const catalogRotateSecretCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogRotateSecretCall>({
  method: 'POST',
  path: '/bo/catalog/vendors/:id/secret',
  auth: 'staff:catalog.write',
  input: ['body', 'params'],
});
export const catalogVendorCreateCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogVendorCreateCall>({
  method: 'POST',
  path: '/bo/catalog/vendors',
  auth: 'staff:catalog.write',
  input: ['body'],
});
export const catalogVendorUpdateCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogVendorUpdateCall>({
  method: 'PUT',
  path: '/bo/catalog/vendors/:id',
  auth: 'staff:catalog.write',
  input: ['body', 'params'],
});
export const catalogVendorsCall = /* @__PURE__ */ endpoint<typeof staffCatalogDefs.catalogVendorsCall>({
  method: 'GET',
  path: '/bo/catalog/vendors',
  auth: 'staff:catalog.read',
  input: ['query'],
});
