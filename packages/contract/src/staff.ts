import { defineCall } from './call';
import { z } from './zod';

/**
 * The back office's permissions (BACK-OFFICE.md, decision 0030): a read/write split per area.
 * A call names one in its auth (`staff:players.read`); later desks cite them from here, and a
 * new permission is added here before any call uses it.
 */
export const PERMISSIONS = [
  'players.read',
  'players.write',
  /** Balance adjustments (money): apart from players.write so support cannot move money. */
  'players.adjust',
  'cashier.read',
  'cashier.approve',
  /** The cashier's settings and methods. */
  'cashier.configure',
  'content.read',
  'content.write',
  'catalog.read',
  'catalog.write',
  'brand.read',
  'brand.write',
  'risk.read',
  'risk.write',
  'reports.read',
  'staff.read',
  'staff.write',
  'audit.read',
  /** The periodic jobs: their runs and failures… */
  'jobs.read',
  /** …and running a failed period again. */
  'jobs.run',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * `staff:session`: any live staff session, whatever its roles — for a staff member's own
 * session (who am I, log out, my sessions). Not a permission: no role grants or withholds it.
 */
export const STAFF_SESSION_AUTH = 'staff:session';
export const OWN_SESSION = 'session';

const reads = PERMISSIONS.filter((p) => p.endsWith('.read'));

/** Roles are sets of permissions (BACK-OFFICE.md "Staff"); a staff member holds one or more. */
export const ROLES = {
  owner: [...PERMISSIONS],
  /** Everything but moving money and managing staff, which stay with the owner and finance. */
  admin: PERMISSIONS.filter((p) => p !== 'players.adjust' && p !== 'cashier.approve' && p !== 'staff.write'),
  finance: ['players.read', 'players.adjust', 'cashier.read', 'cashier.approve', 'cashier.configure', 'reports.read'],
  support: ['players.read', 'players.write', 'cashier.read', 'content.read'],
  content: ['content.read', 'content.write', 'catalog.read', 'catalog.write', 'brand.read'],
  risk: ['players.read', 'risk.read', 'risk.write', 'cashier.read', 'reports.read'],
  /** Read-only: every `.read` and nothing else. */
  auditor: reads,
} as const satisfies Record<string, readonly Permission[]>;
export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

export function isPermission(p: string): p is Permission {
  return (PERMISSIONS as readonly string[]).includes(p);
}

export function isRole(r: string): r is Role {
  return Object.hasOwn(ROLES, r);
}

/** The permissions a staff member's roles give (unknown role names give nothing). */
export function permissionsOf(roles: readonly string[]): Permission[] {
  const out = new Set<Permission>();
  for (const r of roles) if (isRole(r)) for (const p of ROLES[r]) out.add(p);
  return PERMISSIONS.filter((p) => out.has(p));
}

/** TOTP codes are 6 digits (RFC 6238 defaults, what every authenticator app shows). */
export const TOTP_DIGITS = 6;
/** Single-use recovery codes handed out at enrolment (BACK-OFFICE.md). */
export const RECOVERY_CODE_COUNT = 10;

const text = (max: number) => z.string().max(max);
const totpCode = z.string().regex(/^\d{6}$/);
/** Recovery codes as shown (`ABCD-EFGH-JKLM-NPQR`); case and dashes are forgiven. */
const recoveryCode = text(32);

/** POST /bo/setup/password: the set-up link's token and the password the staff member chooses. */
export const StaffSetupBody = z.object({ token: text(100), password: z.string().min(12).max(128) }).strict();
export type StaffSetupBody = z.infer<typeof StaffSetupBody>;

/** The TOTP secret to enrol: as a QR code (`otpauthUri`) or typed in (`secret`, base32). */
export const StaffTotpEnrolment = z.object({
  username: z.string(),
  secret: z.string(),
  otpauthUri: z.string(),
});
export type StaffTotpEnrolment = z.infer<typeof StaffTotpEnrolment>;

/** POST /bo/setup/confirm: a code from the authenticator proves it holds the secret. */
export const StaffSetupConfirmBody = z.object({ token: text(100), code: totpCode }).strict();

/** The recovery codes, shown once: only their hashes are kept. */
export const StaffRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

/** POST /bo/session/login: the first step, username and password. */
export const StaffLoginBody = z.object({ username: text(64), password: text(128) }).strict();
export type StaffLoginBody = z.infer<typeof StaffLoginBody>;

/** The password was right: send a TOTP (or recovery) code with `challenge` within a few minutes. */
export const StaffLoginChallenge = z.object({ challenge: z.string(), expiresInSeconds: z.number().int() });

/** POST /bo/session/verify: the second step, a TOTP code or one of the recovery codes. */
export const StaffVerifyBody = z
  .object({ challenge: text(100), code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .strict()
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: 'one of code or recoveryCode',
    path: ['code'],
  });
export type StaffVerifyBody = z.infer<typeof StaffVerifyBody>;

/** A staff session: the bearer token and how long it lives unused and at most. */
export const StaffSession = z.object({
  token: z.string(),
  idleSeconds: z.number().int(),
  expiresAt: z.string(),
  /** Recovery codes still unused (a login by recovery code says how many are left). */
  recoveryCodesLeft: z.number().int(),
});

/** GET /bo/me: who is logged in and what they may do. */
export const StaffMe = z.object({
  id: z.number().int(),
  username: z.string(),
  brand: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.enum(PERMISSIONS)),
  sessionExpiresAt: z.string(),
});
export type StaffMe = z.infer<typeof StaffMe>;

/** One of the staff member's own live sessions. */
export const StaffSessionView = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  current: z.boolean(),
});

export const StaffSessionParams = z.object({ id: z.coerce.number().int().positive() }).strict();

const dhakaDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The audit viewer's filters; `from`/`to` are whole days in Asia/Dhaka, both included. */
export const AuditFilter = z.object({
  /** The staff member who acted (the actor). */
  staffId: z.coerce.number().int().positive().optional(),
  /** The action: an event name, or its prefix ending in '.' (`staff.` for every staff event). */
  event: z.string().max(64).optional(),
  memberId: z.coerce.number().int().positive().optional(),
  /** What a write acted on: `staff:12`, `role:admin`, `job:<name>`… */
  target: z.string().max(100).optional(),
  from: dhakaDay.optional(),
  to: dhakaDay.optional(),
  /** Words found in the reason, the detail or the records before and after. */
  text: z.string().max(100).optional(),
});

/** GET /bo/audit: the audit trail of the staff member's brand, newest first. */
export const AuditQuery = AuditFilter.extend({
  /** Rows older than this id (the last id of the previous page). */
  before: z.coerce.number().int().positive().optional(),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
}).strict();
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  event: z.string(),
  staffId: z.number().int().nullable(),
  memberId: z.number().int().nullable(),
  ip: z.string(),
  reason: z.string().nullable(),
  target: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.unknown(),
});

/** POST /bo/setup/password: opens a set-up link, sets the password, hands out the TOTP secret. */
export const staffSetupPasswordCall = defineCall({
  method: 'POST',
  path: '/bo/setup/password',
  auth: 'none',
  tag: 'back office',
  summary: 'Set the password from a set-up link and receive the TOTP secret to enrol',
  body: StaffSetupBody,
  response: StaffTotpEnrolment,
});

/** POST /bo/setup/confirm: the first TOTP code; answers the recovery codes, once. */
export const staffSetupConfirmCall = defineCall({
  method: 'POST',
  path: '/bo/setup/confirm',
  auth: 'none',
  tag: 'back office',
  summary: 'Confirm the TOTP enrolment with a code and receive the recovery codes',
  body: StaffSetupConfirmBody,
  response: StaffRecoveryCodes,
});

/** POST /bo/session/login: username and password; answers a challenge for the second factor. */
export const staffLoginCall = defineCall({
  method: 'POST',
  path: '/bo/session/login',
  auth: 'none',
  tag: 'back office',
  summary: 'Staff login, first step: username and password',
  body: StaffLoginBody,
  response: StaffLoginChallenge,
});

/** POST /bo/session/verify: the TOTP or a recovery code; answers the session. */
export const staffVerifyCall = defineCall({
  method: 'POST',
  path: '/bo/session/verify',
  auth: 'none',
  tag: 'back office',
  summary: 'Staff login, second step: a TOTP code or a recovery code',
  body: StaffVerifyBody,
  response: StaffSession,
});

/** POST /bo/session/logout: ends this session. */
export const staffLogoutCall = defineCall({
  method: 'POST',
  path: '/bo/session/logout',
  auth: STAFF_SESSION_AUTH,
  tag: 'back office',
  summary: 'End this staff session',
  response: z.null(),
});

export const staffMeCall = defineCall({
  method: 'GET',
  path: '/bo/me',
  auth: STAFF_SESSION_AUTH,
  tag: 'back office',
  summary: 'The logged-in staff member and their permissions',
  response: StaffMe,
});

export const staffSessionsCall = defineCall({
  method: 'GET',
  path: '/bo/sessions',
  auth: STAFF_SESSION_AUTH,
  tag: 'back office',
  summary: "The staff member's own live sessions",
  response: z.array(StaffSessionView),
});

export const staffRevokeSessionCall = defineCall({
  method: 'POST',
  path: '/bo/sessions/:id/revoke',
  auth: STAFF_SESSION_AUTH,
  tag: 'back office',
  summary: 'End one of the staff member’s own sessions',
  params: StaffSessionParams,
  response: z.object({ revoked: z.boolean() }),
});

export const auditLogCall = defineCall({
  method: 'GET',
  path: '/bo/audit',
  auth: 'staff:audit.read',
  tag: 'back office',
  summary: "The brand's audit trail, newest first",
  query: AuditQuery,
  response: z.array(AuditRow),
});
