import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { AVATAR_MAX_BYTES, AVATAR_UPLOAD_BODY_LIMIT, BUILTIN_AVATARS, setAvatarCall } from '@khela/contract';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_UPLOADS_PER_HOUR } from '../src/modules/avatar/service';
import { inspectImage } from '../src/platform/images';
import { ACCOUNT_TEST_ENV, bearer, freePlay, newIp, register } from './accounts-helpers';
import { createTestApp, type TestApp } from './harness';

const FIXTURES = path.join(path.dirname(new URL(import.meta.url).pathname), 'fixtures');
/** 64 × 48 pictures Chromium drew and encoded (a gradient and a circle). */
const PNG_64 = readFileSync(path.join(FIXTURES, 'avatar-64x48.png'));
const JPEG_64 = readFileSync(path.join(FIXTURES, 'avatar-64x48.jpg'));
const WEBP_64 = readFileSync(path.join(FIXTURES, 'avatar-64x48.webp'));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(ACCOUNT_TEST_ENV);
});
afterAll(async () => {
  await t.close();
});

async function member() {
  const { res, username } = await register(t.app);
  expect(res.statusCode).toBe(200);
  return { username, token: res.json().value.token as string };
}

const setIcon = (token: string, payload: Record<string, unknown>, ip = newIp()) =>
  t.app.inject({
    method: 'PUT',
    url: '/wps/member/info/icon',
    headers: { ...bearer(token), 'x-forwarded-for': ip },
    payload,
  });
const upload = (token: string, bytes: Buffer) => setIcon(token, { image: bytes.toString('base64') });
const info = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/wps/member/info', headers: bearer(token) })).json().value;
const stored = async (account: string) =>
  (
    await sql<{ avatar: string | null; pictures: number }>`
      SELECT m.avatar, (SELECT count(*)::int FROM member_avatars a WHERE a.member_id = m.id) AS pictures
        FROM members m WHERE m.account = ${account}`.execute(t.db.kysely)
  ).rows[0];

/** A PNG chunk with its CRC, to build pictures with metadata. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function crc32(b: Buffer): number {
  let c = ~0;
  for (const byte of b) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
/** A real PNG, flat grey or random noise (which does not compress). */
function pngOf(width: number, height: number, noise = false): Buffer {
  const png = new PNG({ width, height });
  if (noise) randomBytes(png.data.length).copy(png.data);
  else png.data.fill(128);
  return PNG.sync.write(png);
}

describe('PUT /wps/member/info/icon: uploads', () => {
  for (const [name, bytes, type] of [
    ['png', PNG_64, 'image/png'],
    ['jpeg', JPEG_64, 'image/jpeg'],
    ['webp', WEBP_64, 'image/webp'],
  ] as const) {
    it(`stores a ${name} picture and serves it with its own type, nosniff, a closed CSP and a long cache`, async () => {
      const m = await member();
      const res = await upload(m.token, bytes);
      expect(res.statusCode).toBe(200);
      const url = res.json().value.avatar as string;
      expect(url).toMatch(/^\/wps\/member\/avatar\/[A-Za-z0-9_-]{22}$/);
      expect((await info(m.token)).avatar).toBe(url);

      const served = await t.app.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.rawPayload.equals(bytes)).toBe(true);
    });
  }

  it('gives every upload a new address, so the new picture shows at once; the old one is gone', async () => {
    const m = await member();
    const first = (await upload(m.token, PNG_64)).json().value.avatar;
    const second = (await upload(m.token, JPEG_64)).json().value.avatar;
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).headers['content-type']).toBe('image/jpeg');
    expect((await stored(m.username))?.pictures).toBe(1);
  });

  it('refuses a text file named .png and declared image/png, and changes nothing', async () => {
    const m = await member();
    await setIcon(m.token, { builtin: 'tiger' });
    const before = await stored(m.username);
    const text = Buffer.from('just some notes, renamed to avatar.png\n'.repeat(20));
    const res = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/info/icon',
      headers: { ...bearer(m.token), 'x-forwarded-for': newIp() },
      // The declared type means nothing: only the bytes count.
      payload: { image: text.toString('base64') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AVATAR_NOT_IMAGE', message: 'errors.AVATAR_NOT_IMAGE' });
    expect(await stored(m.username)).toEqual(before);
  });

  it('refuses SVG, GIF, a truncated PNG and a string that is not base64', async () => {
    const m = await member();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const gif = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
    for (const bytes of [svg, gif, PNG_64.subarray(0, 40), JPEG_64.subarray(0, 30)]) {
      const res = await upload(m.token, bytes);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('AVATAR_NOT_IMAGE');
    }
    const notBase64 = await setIcon(m.token, { image: 'this is *not* base64!' });
    expect(notBase64.json().code).toBe('AVATAR_NOT_IMAGE');
    expect((await stored(m.username))?.avatar).toBeNull();
  });

  it('refuses a picture over 2 MB', async () => {
    const m = await member();
    // Noise does not compress: a real PNG of 800 × 700 is well over 2 MB.
    const big = pngOf(800, 700, true);
    expect(big.length).toBeGreaterThan(AVATAR_MAX_BYTES);
    const res = await upload(m.token, big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'AVATAR_TOO_LARGE', message: 'errors.AVATAR_TOO_LARGE' });
    expect((await stored(m.username))?.pictures).toBe(0);
    // A body far over the limit is refused before it is read, in words too.
    const huge = await setIcon(m.token, { image: 'A'.repeat(7 * 1024 * 1024) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('BODY_TOO_LARGE');
  });

  it('refuses a picture wider or taller than 2048 pixels, however few bytes it has', async () => {
    const m = await member();
    for (const [w, h] of [
      [4000, 4],
      [4, 2049],
    ] as const) {
      const res = await upload(m.token, pngOf(w, h));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('AVATAR_TOO_MANY_PIXELS');
    }
    // A JPEG whose header claims 30000 × 30000 (a decompression bomb) is read, not decoded.
    const bomb = Buffer.from(JPEG_64);
    const sof = bomb.indexOf(Buffer.from([0xff, 0xc0]));
    bomb.writeUInt16BE(30000, sof + 5);
    bomb.writeUInt16BE(30000, sof + 7);
    expect((await upload(m.token, bomb)).json().code).toBe('AVATAR_TOO_MANY_PIXELS');
    expect((await stored(m.username))?.pictures).toBe(0);
    expect((await upload(m.token, pngOf(2048, 1))).statusCode).toBe(200);
  });

  it('another member cannot overwrite or remove your avatar', async () => {
    const a = await member();
    const b = await member();
    const mine = (await upload(a.token, PNG_64)).json().value.avatar;
    // Naming someone else in the body is refused outright…
    const named = await setIcon(b.token, { image: JPEG_64.toString('base64'), memberId: 1, account: a.username });
    expect(named.statusCode).toBe(400);
    expect(named.json().fieldErrors).toMatchObject({ memberId: 'validation.unknownField' });
    // …and what b does changes b's avatar only.
    expect((await upload(b.token, JPEG_64)).statusCode).toBe(200);
    expect((await setIcon(b.token, { builtin: 'boat' })).statusCode).toBe(200);
    expect((await info(a.token)).avatar).toBe(mine);
    const served = await t.app.inject({ method: 'GET', url: mine });
    expect(served.rawPayload.equals(PNG_64)).toBe(true);
    // Without a session nothing changes at all.
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/wps/member/info/icon',
      payload: { builtin: 'tiger' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('strips the metadata a camera writes (EXIF, XMP, comments) and keeps the picture', async () => {
    const m = await member();
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), Buffer.from('GPS 23.8103N 90.4125E')]);
    const seg = (marker: number, data: Buffer) => {
      const h = Buffer.from([0xff, marker, 0, 0]);
      h.writeUInt16BE(data.length + 2, 2);
      return Buffer.concat([h, data]);
    };
    const jpegWithExif = Buffer.concat([
      JPEG_64.subarray(0, 2),
      seg(0xe1, exif),
      seg(0xfe, Buffer.from('taken at home')),
      JPEG_64.subarray(2),
    ]);
    const iend = PNG_64.length - 12;
    const pngWithText = Buffer.concat([
      PNG_64.subarray(0, iend),
      pngChunk('tEXt', Buffer.from('Location\0Dhaka')),
      pngChunk('eXIf', exif.subarray(6)),
      PNG_64.subarray(iend),
    ]);
    for (const [withMeta, clean] of [
      [jpegWithExif, JPEG_64],
      [pngWithText, PNG_64],
      [webpWithExif(WEBP_64, exif.subarray(6)), WEBP_64],
    ] as const) {
      const url = (await upload(m.token, withMeta)).json().value.avatar;
      const served = (await t.app.inject({ method: 'GET', url })).rawPayload;
      expect(served.includes(Buffer.from('GPS'))).toBe(false);
      expect(served.equals(clean)).toBe(true);
    }
  });

  it(`allows ${AVATAR_UPLOADS_PER_HOUR} uploads an hour per member, then 429 with nothing changed`, async () => {
    const m = await member();
    let last = '';
    for (let i = 0; i < AVATAR_UPLOADS_PER_HOUR; i++) {
      const res = await upload(m.token, i % 2 ? JPEG_64 : PNG_64);
      expect(res.statusCode).toBe(200);
      last = res.json().value.avatar;
    }
    const refused = await upload(m.token, WEBP_64);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await info(m.token)).avatar).toBe(last);
    // Built-in avatars stay available.
    expect((await setIcon(m.token, { builtin: 'hilsa' })).statusCode).toBe(200);
  });

  it('refuses uploads from trial accounts (built-in avatars only)', async () => {
    const res = await freePlay(t.app);
    const token = res.json().value.token as string;
    expect((await upload(token, PNG_64)).json().code).toBe('TRIAL_ACCOUNT');
    expect((await setIcon(token, { builtin: 'tiger' })).statusCode).toBe(200);
  });
});

describe('built-in avatars', () => {
  it('lists the choices and the upload rules (GET /wps/relay/MCSFE_getPlayerAvatar)', async () => {
    const m = await member();
    const res = await t.app.inject({
      method: 'GET',
      url: '/wps/relay/MCSFE_getPlayerAvatar',
      headers: bearer(m.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({
      avatar: null,
      choices: BUILTIN_AVATARS.map((id) => ({ id, url: `/img/avatars/${id}.svg` })),
      upload: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2097152, maxWidth: 2048, maxHeight: 2048 },
    });
    expect((await t.app.inject({ method: 'GET', url: '/wps/relay/MCSFE_getPlayerAvatar' })).statusCode).toBe(401);
  });

  it('choosing one sets member info and drops an uploaded picture', async () => {
    const m = await member();
    const uploaded = (await upload(m.token, PNG_64)).json().value.avatar;
    const res = await setIcon(m.token, { builtin: 'water-lily' });
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toEqual({ avatar: '/img/avatars/water-lily.svg' });
    expect((await info(m.token)).avatar).toBe('/img/avatars/water-lily.svg');
    expect(await stored(m.username)).toEqual({ avatar: '/img/avatars/water-lily.svg', pictures: 0 });
    expect((await t.app.inject({ method: 'GET', url: uploaded })).statusCode).toBe(404);
  });

  it('refuses an unknown choice, both fields, or neither, with field errors', async () => {
    const m = await member();
    const unknown = await setIcon(m.token, { builtin: '../../etc/passwd' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_FAILED', fieldErrors: { builtin: 'validation.invalid' } });
    expect((await setIcon(m.token, {})).json().fieldErrors).toMatchObject({ builtin: 'validation.required' });
    const both = await setIcon(m.token, { builtin: 'tiger', image: PNG_64.toString('base64') });
    expect(both.json().code).toBe('VALIDATION_FAILED');
    expect((await stored(m.username))?.avatar).toBeNull();
  });
});

describe('PUT /wps/member/info/icon without a session', () => {
  const anonymous = (payload: string, contentType = 'application/json', token?: string) =>
    t.app.inject({
      method: setAvatarCall.method,
      url: setAvatarCall.path,
      headers: { 'content-type': contentType, 'x-forwarded-for': newIp(), ...(token ? bearer(token) : {}) },
      payload,
    });

  it('answers 401 before it reads the body, however wrong the body is', async () => {
    for (const [payload, type] of [
      ['{"builtin": "tiger", "memberId": 1}', 'application/json'],
      ['{"image": 42}', 'application/json'],
      ['{"builtin": ', 'application/json'],
      ['builtin=tiger', 'text/plain'],
    ] as const) {
      const res = await anonymous(payload, type);
      expect(res.statusCode, payload).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED', value: null });
    }
    // An unknown token is no session either.
    expect((await anonymous('{"image": 42}', 'application/json', 'x'.repeat(43))).statusCode).toBe(401);
  });

  it('answers 401 to a body just under the upload limit without parsing it', async () => {
    // Malformed JSON: parsed, it would answer 400 MALFORMED_JSON.
    const body = `{"image": "${'A'.repeat(AVATAR_UPLOAD_BODY_LIMIT - 64)}`;
    expect(body.length).toBeLessThan(AVATAR_UPLOAD_BODY_LIMIT);
    const res = await anonymous(body);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });

  it('refuses a 5.6 MB body as too large before it looks for a session', async () => {
    const body = JSON.stringify({ image: 'A'.repeat(Math.ceil(5.6 * 1024 * 1024)) });
    expect(body.length).toBeGreaterThan(AVATAR_UPLOAD_BODY_LIMIT);
    const res = await anonymous(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'BODY_TOO_LARGE', message: 'errors.BODY_TOO_LARGE' });
  });

  it('answers 401 to the avatar list whatever its query', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/relay/MCSFE_getPlayerAvatar?avatar=%00&${'x'.repeat(2000)}=1`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /wps/member/avatar/:key', () => {
  it('answers 404 in the envelope for unknown or malformed keys', async () => {
    for (const key of ['AAAAAAAAAAAAAAAAAAAAAA', 'x', '..%2F..%2Fetc']) {
      const res = await t.app.inject({ method: 'GET', url: `/wps/member/avatar/${key}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    }
  });
});

describe('inspectImage', () => {
  it('reads type and size from the header', () => {
    expect(inspectImage(PNG_64)).toMatchObject({ type: 'image/png', width: 64, height: 48 });
    expect(inspectImage(JPEG_64)).toMatchObject({ type: 'image/jpeg', width: 64, height: 48 });
    expect(inspectImage(WEBP_64)).toMatchObject({ type: 'image/webp', width: 64, height: 48 });
  });

  it('reads lossy and lossless WebP without the extended header', () => {
    const vp8l = Buffer.alloc(5);
    vp8l[0] = 0x2f;
    vp8l.writeUInt32LE((300 - 1) | ((200 - 1) << 14), 1);
    expect(inspectImage(riff('VP8L', vp8l))).toMatchObject({ type: 'image/webp', width: 300, height: 200 });
    const vp8 = Buffer.from([0, 0, 0, 0x9d, 0x01, 0x2a, 0, 0, 0, 0]);
    vp8.writeUInt16LE(640, 6);
    vp8.writeUInt16LE(480, 8);
    expect(inspectImage(riff('VP8 ', vp8))).toMatchObject({ width: 640, height: 480 });
  });

  it('returns null for anything broken instead of throwing', () => {
    const broken = [
      Buffer.alloc(0),
      PNG_64.subarray(0, 8),
      Buffer.concat([PNG_64.subarray(0, 8), pngChunk('tEXt', Buffer.from('no header first'))]),
      Buffer.from([0xff, 0xd8, 0xff, 0xd9]),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff]),
      Buffer.from('RIFF\xff\xff\xff\x7fWEBPVP8X', 'latin1'),
      riff('VP8 ', Buffer.alloc(10)),
      deflateSync(PNG_64),
    ];
    for (const b of broken) expect(inspectImage(b)).toBeNull();
  });
});

function riff(type: string, data: Buffer): Buffer {
  const chunk = Buffer.concat([Buffer.from(type, 'latin1'), Buffer.alloc(4), data, Buffer.alloc(data.length & 1)]);
  chunk.writeUInt32LE(data.length, 4);
  const head = Buffer.from('RIFF\0\0\0\0WEBP', 'latin1');
  head.writeUInt32LE(chunk.length + 4, 4);
  return Buffer.concat([head, chunk]);
}

/** A VP8X WebP with an EXIF chunk appended and its flag set. */
function webpWithExif(webp: Buffer, exif: Buffer): Buffer {
  const chunk = Buffer.concat([Buffer.from('EXIF', 'latin1'), Buffer.alloc(4), exif, Buffer.alloc(exif.length & 1)]);
  chunk.writeUInt32LE(exif.length, 4);
  const out = Buffer.concat([webp, chunk]);
  out.writeUInt32LE(out.length - 8, 4);
  out[20] = (out[20] as number) | 0x08;
  return out;
}
