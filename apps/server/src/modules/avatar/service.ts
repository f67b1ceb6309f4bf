import { randomBytes } from 'node:crypto';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_PIXELS,
  AVATAR_PATH_PREFIX,
  AVATAR_TYPES,
  BUILTIN_AVATARS,
  builtinAvatarUrl,
  FIELD_ERRORS,
  isBuiltinAvatar,
  isTrialAccount,
  type PlayerAvatars,
  type SetAvatarBody,
} from '@khela/contract';
import { audit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { inspectImage } from '../../platform/images';
import type { SessionMember } from '../../platform/sessions';
import * as repo from './repo';

/** Uploads one member may make per hour; choosing a built-in avatar is not counted. */
export const AVATAR_UPLOADS_PER_HOUR = 10;
/** 16 random bytes: the address of an uploaded picture cannot be guessed from a member's id. */
const KEY_BYTES = 16;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** GET /wps/relay/MCSFE_getPlayerAvatar: the member's avatar, the built-in choices, the upload rules. */
export async function playerAvatars(db: Database, member: SessionMember): Promise<PlayerAvatars> {
  const row = await repo.currentAvatar(db, member.id);
  if (!row) throw new AppError('UNAUTHORIZED');
  return {
    avatar: row.avatar,
    choices: BUILTIN_AVATARS.map((id) => ({ id, url: builtinAvatarUrl(id) })),
    upload: {
      types: [...AVATAR_TYPES],
      maxBytes: AVATAR_MAX_BYTES,
      maxWidth: AVATAR_MAX_PIXELS,
      maxHeight: AVATAR_MAX_PIXELS,
    },
  };
}

/**
 * PUT /wps/member/info/icon: a built-in avatar, or an uploaded picture — PNG, JPEG or WebP by
 * its bytes, at most 2 MB and 2048 × 2048, stored without its metadata under a new random key.
 * Always the caller's own avatar: the member comes from the session, never from the body.
 * Anything refused changes nothing. Returns the avatar's new address.
 */
export async function setAvatar(db: Database, member: SessionMember, body: SetAvatarBody, ip: string) {
  const given = (body.builtin !== undefined ? 1 : 0) + (body.image !== undefined ? 1 : 0);
  if (given !== 1) {
    const field = given === 0 ? FIELD_ERRORS.required : FIELD_ERRORS.invalid;
    throw new AppError('VALIDATION_FAILED', { builtin: field, image: field });
  }

  if (body.builtin !== undefined) {
    if (!isBuiltinAvatar(body.builtin)) throw new AppError('VALIDATION_FAILED', { builtin: FIELD_ERRORS.invalid });
    const url = builtinAvatarUrl(body.builtin);
    await db.kysely.transaction().execute(async (trx) => {
      await repo.dropPicture(trx, member.id);
      await repo.setAvatarUrl(trx, member.id, url);
    });
    return url;
  }

  // Trial accounts are thrown away after play: they may pick a built-in avatar, not store pictures.
  if (isTrialAccount(member.isAgent)) throw new AppError('TRIAL_ACCOUNT');
  const image = (body.image ?? '').replace(/\s+/g, '');
  if (image === '' || !BASE64.test(image)) throw new AppError('AVATAR_NOT_IMAGE');
  const bytes = Buffer.from(image, 'base64');
  if (bytes.length > AVATAR_MAX_BYTES) throw new AppError('AVATAR_TOO_LARGE');
  const picture = inspectImage(bytes);
  if (!picture) throw new AppError('AVATAR_NOT_IMAGE');
  if (picture.width > AVATAR_MAX_PIXELS || picture.height > AVATAR_MAX_PIXELS)
    throw new AppError('AVATAR_TOO_MANY_PIXELS');
  if ((await repo.uploadsLastHour(db, member.id)) >= AVATAR_UPLOADS_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS');

  const key = randomBytes(KEY_BYTES).toString('base64url');
  const url = `${AVATAR_PATH_PREFIX}${key}`;
  await db.kysely.transaction().execute(async (trx) => {
    await repo.savePicture(trx, member.id, {
      key,
      content_type: picture.type,
      bytes: picture.bytes,
      width: picture.width,
      height: picture.height,
    });
    await repo.setAvatarUrl(trx, member.id, url);
    await audit(trx, {
      event: 'avatar.upload',
      brandId: member.brandId,
      memberId: member.id,
      ip,
      detail: { type: picture.type, bytes: picture.bytes.length, width: picture.width, height: picture.height },
    });
  });
  return url;
}

/** An uploaded picture for GET /wps/member/avatar/:key, or null (unknown key, or another brand's member). */
export async function picture(db: Database, brandId: number, key: string) {
  if (!/^[A-Za-z0-9_-]{22}$/.test(key)) return null;
  const row = await repo.pictureByKey(db, brandId, key);
  if (!row) return null;
  return { type: row.content_type, bytes: Buffer.from(row.bytes) };
}
