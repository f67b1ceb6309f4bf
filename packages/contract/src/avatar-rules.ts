/**
 * Avatars (spec §2 avatar menu, §7 /wps/member/info/icon): the built-in choices every brand
 * offers and the rules of an uploaded picture. Plain values, no zod: the web app imports this
 * file by its subpath (`@khela/contract/avatar-rules`).
 */

/** The built-in avatars, shipped as apps/web/public/img/avatars/<id>.svg. */
export const BUILTIN_AVATARS = [
  'tiger',
  'water-lily',
  'magpie-robin',
  'hilsa',
  'boat',
  'cricket',
  'football',
  'jackfruit',
] as const;
export type BuiltinAvatar = (typeof BUILTIN_AVATARS)[number];

export const builtinAvatarUrl = (id: BuiltinAvatar) => `/img/avatars/${id}.svg`;

export function isBuiltinAvatar(v: unknown): v is BuiltinAvatar {
  return typeof v === 'string' && (BUILTIN_AVATARS as readonly string[]).includes(v);
}

/** Uploaded avatars: these types only, told apart by their first bytes, never by a declared type. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type AvatarType = (typeof AVATAR_TYPES)[number];
/** At most 2 MB… */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** …and at most 2048 × 2048 pixels, read from the picture's header. */
export const AVATAR_MAX_PIXELS = 2048;
/** The web app scales a chosen picture down to this many pixels a side before it uploads it. */
export const AVATAR_UPLOAD_EDGE = 512;
/** Where an uploaded avatar is served; the key changes with every upload (so it can be cached for ever). */
export const AVATAR_PATH_PREFIX = '/wps/member/avatar/';
/**
 * The upload's body limit: room for a picture of twice the allowed size in base64, so one a
 * little over 2 MB is refused as AVATAR_TOO_LARGE and a far larger body as BODY_TOO_LARGE,
 * before it is read and before the session is looked at.
 */
export const AVATAR_UPLOAD_BODY_LIMIT = Math.ceil((2 * AVATAR_MAX_BYTES * 4) / 3) + 64 * 1024;
