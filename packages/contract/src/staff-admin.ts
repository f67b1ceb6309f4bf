import { defineCall } from './call';
import { AuditFilter, PERMISSIONS, ROLE_NAMES } from './staff';
import { z } from './zod';

/**
 * The back office's management of itself (BACK-OFFICE.md "Staff", decision 0032): staff
 * accounts, roles, the brand's staff address allow-list, the audit trail's export and the
 * periodic jobs. Every write carries a reason, kept in the audit trail with the record before
 * and after.
 */

/** Why a staff member made a write, as they say it: kept in the audit trail. */
const reason = z.string().trim().min(1).max(500);
const username = z.string().regex(/^[A-Za-z0-9._-]{3,32}$/);
const roles = z
  .array(z.enum(ROLE_NAMES as [string, ...string[]]))
  .min(1)
  .max(ROLE_NAMES.length);
/** Player accounts a staff member declared as their own or a relative's (never acted upon). */
const linkedMemberIds = z.array(z.number().int().positive()).max(50);
const staffId = z.object({ id: z.coerce.number().int().positive() }).strict();
/**
 * The staff member's own mobile number (read as players write theirs, stored E.164) and email:
 * a player account holding either is linked to them, declared or not. '' clears it.
 */
const mobile = z.string().trim().max(40);
const email = z.string().trim().max(254);
/**
 * The staff record's `updatedAt` as the form read it. When given, a save made by someone else
 * since is not overwritten: STALE_EDIT.
 */
const readAt = z.string().max(40).optional();

/** A staff account as the staff list shows it. `setup`: the set-up link has not been used yet. */
export const StaffView = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(z.string()),
  status: z.enum(['active', 'setup', 'locked', 'disabled']),
  totpEnrolled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  linkedMemberIds: z.array(z.number().int()),
  /** E.164, or null: not given. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  /** When a staff write last changed the record (roles, links, contact, status, reset). */
  updatedAt: z.string(),
});
export type StaffView = z.infer<typeof StaffView>;

/** GET /bo/staff: every staff member of the brand, by username. */
export const StaffListQuery = z.object({ status: StaffView.shape.status.optional() }).strict();

/** POST /bo/staff: a new staff member; they set their password and TOTP from the answered link. */
export const StaffCreateBody = z
  .object({
    username,
    roles,
    linkedMemberIds: linkedMemberIds.default([]),
    mobile: mobile.default(''),
    email: email.default(''),
    reason,
  })
  .strict();
export type StaffCreateBody = z.infer<typeof StaffCreateBody>;

/** A one-time set-up link to hand to its staff member privately, valid `expiresHours`. */
export const StaffSetupLink = z.object({
  staff: StaffView,
  setupLink: z.string(),
  expiresHours: z.number().int(),
});

export const StaffRolesBody = z.object({ roles, updatedAt: readAt, reason }).strict();
export const StaffReasonBody = z.object({ reason }).strict();
export const StaffLinkedMembersBody = z.object({ linkedMemberIds, updatedAt: readAt, reason }).strict();
/** The staff member's own mobile and email, matched against the brand's players. */
export const StaffContactBody = z.object({ mobile, email, updatedAt: readAt, reason }).strict();
export type StaffContactBody = z.infer<typeof StaffContactBody>;
/**
 * `password` or `totp`: either way the staff member sets both again from a new set-up link (the
 * link's page asks for a password and enrols a new TOTP secret); their sessions end.
 */
export const StaffResetBody = z.object({ kind: z.enum(['password', 'totp']), reason }).strict();

/** One role and its permissions; `edited`: the brand changed the catalogue's default set. */
export const RoleView = z.object({
  role: z.string(),
  permissions: z.array(z.enum(PERMISSIONS)),
  edited: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export const RoleParams = z.object({ role: z.enum(ROLE_NAMES as [string, ...string[]]) }).strict();
export const RoleEditBody = z
  .object({
    permissions: z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length),
    /**
     * The role's `updatedAt` as the form read it (null: never edited). When given, a save made
     * by someone else since is not overwritten: STALE_EDIT.
     */
    updatedAt: z.string().max(40).nullable().optional(),
    reason,
  })
  .strict();

/** An IPv4 or IPv6 address, or a CIDR block (checked on the server with node:net). */
const addressOrBlock = z.string().min(2).max(50);
/** The brand's staff address allow-list: empty lets staff call from anywhere. */
export const StaffAddresses = z.object({ addresses: z.array(z.string()) });
export const StaffAddressesBody = z.object({ addresses: z.array(addressOrBlock).max(100), reason }).strict();

/** GET /bo/audit.csv: the filtered trail as CSV, streamed, newest first. */
export const AuditExportQuery = AuditFilter.strict();

/** A periodic job as the jobs screen shows it. */
export const JobView = z.object({
  job: z.string(),
  description: z.string(),
  schedule: z.string(),
  catchUp: z.string(),
  last: z
    .object({
      period: z.string(),
      status: z.string(),
      attempts: z.number().int(),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  next: z.object({ period: z.string(), dueAt: z.string() }),
  /** Periods whose last attempt failed. */
  failing: z.number().int(),
  lastError: z.object({ period: z.string(), error: z.string() }).nullable(),
  /** The failed periods, newest first: each can be run again. */
  failedRuns: z.array(z.object({ period: z.string(), attempts: z.number().int(), error: z.string().nullable() })),
});

export const JobRunParams = z.object({ job: z.string().max(64), period: z.string().max(64) }).strict();

/** What a re-run did: `rerun` false when the period had already succeeded (nothing ran). */
export const JobRerun = z.object({
  job: z.string(),
  period: z.string(),
  status: z.enum(['succeeded', 'failed']),
  rerun: z.boolean(),
  error: z.string().nullable(),
});

export const staffListCall = defineCall({
  method: 'GET',
  path: '/bo/staff',
  auth: 'staff:staff.read',
  tag: 'back office',
  summary: "The brand's staff: roles, status, last login, TOTP enrolment",
  query: StaffListQuery,
  response: z.array(StaffView),
});

export const staffCreateCall = defineCall({
  method: 'POST',
  path: '/bo/staff',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: 'Create a staff member and answer their one-time set-up link',
  body: StaffCreateBody,
  response: StaffSetupLink,
});

export const staffRolesCall = defineCall({
  method: 'POST',
  path: '/bo/staff/:id/roles',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: "Change a staff member's roles",
  params: staffId,
  body: StaffRolesBody,
  response: StaffView,
});

export const staffLinkedMembersCall = defineCall({
  method: 'POST',
  path: '/bo/staff/:id/linked-members',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: 'Set the player accounts a staff member declared as linked to them',
  params: staffId,
  body: StaffLinkedMembersBody,
  response: StaffView,
});

export const staffContactCall = defineCall({
  method: 'POST',
  path: '/bo/staff/:id/contact',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: "Set a staff member's own mobile and email: player accounts holding either are linked to them",
  params: staffId,
  body: StaffContactBody,
  response: StaffView,
});

export const staffDisableCall = defineCall({
  method: 'POST',
  path: '/bo/staff/:id/disable',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: 'Disable a staff member: no login, and their sessions end',
  params: staffId,
  body: StaffReasonBody,
  response: StaffView,
});

export const staffEnableCall = defineCall({
  method: 'POST',
  path: '/bo/staff/:id/enable',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: 'Enable a disabled staff member again',
  params: staffId,
  body: StaffReasonBody,
  response: StaffView,
});

export const staffResetCall = defineCall({
  method: 'POST',
  path: '/bo/staff/:id/reset',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: "Reset another staff member's password or TOTP: their sessions end, a new set-up link is answered",
  params: staffId,
  body: StaffResetBody,
  response: StaffSetupLink,
});

export const rolesListCall = defineCall({
  method: 'GET',
  path: '/bo/roles',
  auth: 'staff:staff.read',
  tag: 'back office',
  summary: "The brand's roles and their permissions",
  query: z.object({}).strict(),
  response: z.array(RoleView),
});

export const roleEditCall = defineCall({
  method: 'POST',
  path: '/bo/roles/:role',
  auth: 'staff:staff.write',
  tag: 'back office',
  summary: "Set a role's permissions (the owner role keeps staff.write)",
  params: RoleParams,
  body: RoleEditBody,
  response: RoleView,
});

export const staffAddressesCall = defineCall({
  method: 'GET',
  path: '/bo/brand/staff-addresses',
  auth: 'staff:brand.read',
  tag: 'back office',
  summary: "The addresses the brand's staff may call from (empty: anywhere)",
  query: z.object({}).strict(),
  response: StaffAddresses,
});

export const staffAddressesEditCall = defineCall({
  method: 'POST',
  path: '/bo/brand/staff-addresses',
  auth: 'staff:brand.write',
  tag: 'back office',
  summary: "Set the addresses the brand's staff may call from (empty: anywhere)",
  body: StaffAddressesBody,
  response: StaffAddresses,
});

export const auditExportCall = defineCall({
  method: 'GET',
  path: '/bo/audit.csv',
  auth: 'staff:audit.read',
  tag: 'back office',
  summary: "The brand's audit trail as CSV (streamed), with the viewer's filters",
  query: AuditExportQuery,
  response: z.unknown(),
  binary: true,
});

export const jobsListCall = defineCall({
  method: 'GET',
  path: '/bo/jobs',
  auth: 'staff:jobs.read',
  tag: 'back office',
  summary: 'Every periodic job: last run, next run, failures',
  query: z.object({}).strict(),
  response: z.array(JobView),
});

export const jobRerunCall = defineCall({
  method: 'POST',
  path: '/bo/jobs/:job/runs/:period/rerun',
  auth: 'staff:jobs.run',
  tag: 'back office',
  summary: 'Run a failed period of a job again (a period that succeeded runs nothing)',
  params: JobRunParams,
  body: StaffReasonBody,
  response: JobRerun,
});
