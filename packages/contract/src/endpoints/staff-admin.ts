// Written by scripts/endpoints.ts from the call definitions: do not edit; run
// `npx tsx packages/contract/scripts/endpoints.ts` after changing a call (decision 0026).

import { endpoint } from '../call';
import type * as staffAdminDefs from '../staff-admin';

export const auditExportCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.auditExportCall>({
  method: 'GET',
  path: '/bo/audit.csv',
  auth: 'staff:audit.read',
  input: ['query'],
});
export const jobRerunCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.jobRerunCall>({
  method: 'POST',
  path: '/bo/jobs/:job/runs/:period/rerun',
  auth: 'staff:jobs.run',
  input: ['body', 'params'],
});
export const jobsListCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.jobsListCall>({
  method: 'GET',
  path: '/bo/jobs',
  auth: 'staff:jobs.read',
  input: ['query'],
});
export const roleEditCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.roleEditCall>({
  method: 'POST',
  path: '/bo/roles/:role',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const rolesListCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.rolesListCall>({
  method: 'GET',
  path: '/bo/roles',
  auth: 'staff:staff.read',
  input: ['query'],
});
export const staffAddressesCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffAddressesCall>({
  method: 'GET',
  path: '/bo/brand/staff-addresses',
  auth: 'staff:brand.read',
  input: ['query'],
});
export const staffAddressesEditCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffAddressesEditCall>({
  method: 'POST',
  path: '/bo/brand/staff-addresses',
  auth: 'staff:brand.write',
  input: ['body'],
});
export const staffContactCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffContactCall>({
  method: 'POST',
  path: '/bo/staff/:id/contact',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffCreateCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffCreateCall>({
  method: 'POST',
  path: '/bo/staff',
  auth: 'staff:staff.write',
  input: ['body'],
});
export const staffDisableCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffDisableCall>({
  method: 'POST',
  path: '/bo/staff/:id/disable',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffEnableCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffEnableCall>({
  method: 'POST',
  path: '/bo/staff/:id/enable',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffLinkedMembersCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffLinkedMembersCall>({
  method: 'POST',
  path: '/bo/staff/:id/linked-members',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffListCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffListCall>({
  method: 'GET',
  path: '/bo/staff',
  auth: 'staff:staff.read',
  input: ['query'],
});
export const staffResetCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffResetCall>({
  method: 'POST',
  path: '/bo/staff/:id/reset',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
export const staffRolesCall = /* @__PURE__ */ endpoint<typeof staffAdminDefs.staffRolesCall>({
  method: 'POST',
  path: '/bo/staff/:id/roles',
  auth: 'staff:staff.write',
  input: ['body', 'params'],
});
