import { AVATAR_TYPES, AVATAR_UPLOAD_BODY_LIMIT, BUILTIN_AVATARS } from './avatar-rules';
import { defineCall } from './call';
import { envelope } from './envelope';
import { z } from './zod';

export const ClubLabel = z.object({
  labelName: z.string(),
  color: z.string(),
  color2: z.string(),
  rankLevel: z.number().int(),
});
export const MemberLabel = z.object({
  labelName: z.string(),
  color: z.string().optional(),
  bgColor: z.string().optional(),
});

/** Spec §3 member info. `type` repeats isAgent (0 player, 1/2/41/42 agent, 4 trial). */
export const MemberInfo = z.object({
  id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  isAgent: z.number().int(),
  /** The upline agent's account, null without one. */
  toUpline: z.string().nullable(),
  clubLabel: ClubLabel.nullable(),
  memberLabel: z.array(MemberLabel),
  /** The avatar's address (a built-in one or an uploaded picture); null: the default avatar. */
  avatar: z.string().nullable(),
  /** The language the member last chose (spec §1 'notifies the server'); null: never chosen. */
  language: z.string().nullable(),
  /** Logged in before this session: the site welcomes a new member and greets a returning one. */
  returning: z.boolean(),
});
export type MemberInfo = z.infer<typeof MemberInfo>;
export const MemberInfoEnvelope = envelope(MemberInfo);

/** Spec §3 change-password payload. The old password is always asked. */
export const ChangePasswordBody = z
  .object({
    oldPassword: z.string().max(128),
    newPassword: z.string().max(128),
    confirmNewPassword: z.string().max(128),
  })
  .strict();
export const ChangePasswordEnvelope = envelope(z.null());

/** Spec §7 'update language (payload language)': one of the brand's languages. */
export const UpdateLanguageBody = z.object({ language: z.string().max(16) }).strict();
export const UpdateLanguageEnvelope = envelope(z.object({ language: z.string() }));

/**
 * PUT /wps/member/info/icon: exactly one of a built-in avatar's id, or a picture as base64
 * (PNG, JPEG or WebP by its bytes, ≤ 2 MB, ≤ 2048 × 2048).
 */
export const SetAvatarBody = z
  .object({
    builtin: z.string().max(40).optional(),
    // No length limit here: the route's body limit bounds it, and a picture over 2 MB is
    // refused as AVATAR_TOO_LARGE rather than as a malformed field.
    image: z.string().optional(),
  })
  .strict();
export type SetAvatarBody = z.infer<typeof SetAvatarBody>;

/** GET /wps/relay/MCSFE_getPlayerAvatar: the current avatar, the built-in choices and the upload rules. */
export const PlayerAvatars = z.object({
  avatar: z.string().nullable(),
  choices: z.array(z.object({ id: z.enum(BUILTIN_AVATARS), url: z.string() })),
  upload: z.object({
    types: z.array(z.enum(AVATAR_TYPES)),
    maxBytes: z.number().int(),
    maxWidth: z.number().int(),
    maxHeight: z.number().int(),
  }),
});
export type PlayerAvatars = z.infer<typeof PlayerAvatars>;

/** GET /wps/member/info: the logged-in member (spec §3 member info). */
export const memberInfoCall = defineCall({
  method: 'GET',
  path: '/wps/member/info',
  auth: 'member',
  tag: 'member',
  summary: 'The logged-in member (spec §3 member info)',
  response: MemberInfo,
});

/** PUT /wps/member/password (spec §7, encrypted): ends the member's other sessions; a trial account has no password of its own to change. */
export const changePasswordCall = defineCall({
  method: 'PUT',
  path: '/wps/member/password',
  auth: 'member:real',
  tag: 'member',
  summary: 'Change the password; ends the other sessions; body may be sealed',
  body: ChangePasswordBody,
  response: z.null(),
  sealed: true,
});

/** PUT /wps/member/language (spec §7 "update language"): one of the brand's languages. */
export const updateLanguageCall = defineCall({
  method: 'PUT',
  path: '/wps/member/language',
  auth: 'member',
  tag: 'member',
  summary: "Keep the member's language (one of the brand's languages; spec §7 'update language')",
  body: UpdateLanguageBody,
  response: z.object({ language: z.string() }),
});

/** GET /wps/relay/MCSFE_getPlayerAvatar (spec §2 avatar menu): the avatar and what may replace it. */
export const playerAvatarsCall = defineCall({
  method: 'GET',
  path: '/wps/relay/MCSFE_getPlayerAvatar',
  auth: 'member',
  tag: 'member',
  summary: "The member's avatar, the built-in avatars to choose from and the upload rules",
  response: PlayerAvatars,
});

/** PUT /wps/member/info/icon (spec §7): a built-in avatar or an uploaded picture. */
export const setAvatarCall = defineCall({
  method: 'PUT',
  path: '/wps/member/info/icon',
  auth: 'member',
  tag: 'member',
  summary:
    'Change the avatar: { builtin } for a built-in one, or { image } — a PNG, JPEG or WebP picture in base64, ≤ 2 MB, ≤ 2048 × 2048',
  body: SetAvatarBody,
  response: z.object({ avatar: z.string().nullable() }),
  bodyLimit: AVATAR_UPLOAD_BODY_LIMIT,
});

/**
 * GET /wps/member/avatar/:key: an uploaded picture's bytes (its address, AVATAR_PATH_PREFIX and a
 * key, changes with every upload). An <img> loads it; the apps never `call` it.
 */
export const avatarPictureCall = defineCall({
  method: 'GET',
  path: '/wps/member/avatar/:key',
  auth: 'none',
  tag: 'member',
  summary: 'An uploaded avatar picture (its address changes with every upload)',
  params: z.object({ key: z.string().max(64) }),
  response: z.unknown(),
  binary: true,
});
