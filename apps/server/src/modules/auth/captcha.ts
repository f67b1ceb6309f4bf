import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { PNG } from 'pngjs';
import type { Database } from '../../platform/db';

/** Issue 3: the image captcha lives 2 minutes and is good for one try. */
export const CAPTCHA_TTL_SECONDS = 120;
export const CAPTCHA_DIGITS = 4;
const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 3;

/** A 5×7 bitmap of each digit, one string per row. */
const FONT: Record<string, string[]> = {
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
};

function answerHash(id: string, answer: string): Buffer {
  return createHash('sha256').update(`${id}:${answer.trim()}`).digest();
}

/** Draws `text` as a noisy PNG: digits at jittered positions, noise lines and dots. */
export function drawCaptcha(text: string): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  const set = (x: number, y: number, rgb: [number, number, number]) => {
    if (x < 0 || y < 0 || x >= WIDTH || y >= HEIGHT) return;
    const i = (y * WIDTH + x) * 4;
    png.data[i] = rgb[0];
    png.data[i + 1] = rgb[1];
    png.data[i + 2] = rgb[2];
    png.data[i + 3] = 255;
  };
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) set(x, y, [240, 244, 240]);
  const dark = (): [number, number, number] => [randomInt(0, 90), randomInt(0, 90), randomInt(40, 130)];
  const cell = Math.floor(WIDTH / text.length);
  [...text].forEach((ch, n) => {
    const glyph = FONT[ch] ?? [];
    const x0 = n * cell + randomInt(4, Math.max(5, cell - 5 * SCALE - 2));
    const y0 = randomInt(3, HEIGHT - 7 * SCALE - 2);
    const colour = dark();
    glyph.forEach((row, gy) => {
      [...row].forEach((bit, gx) => {
        if (bit !== '1') return;
        // Each row slants a little so the digits are not a clean grid.
        const slant = Math.round((gy - 3) * (n % 2 === 0 ? 0.4 : -0.4));
        for (let dy = 0; dy < SCALE; dy++)
          for (let dx = 0; dx < SCALE; dx++) set(x0 + gx * SCALE + dx + slant, y0 + gy * SCALE + dy, colour);
      });
    });
  });
  for (let l = 0; l < 5; l++) {
    const c = dark();
    const [xa, ya, xb, yb] = [randomInt(0, WIDTH), randomInt(0, HEIGHT), randomInt(0, WIDTH), randomInt(0, HEIGHT)];
    const steps = Math.max(Math.abs(xb - xa), Math.abs(yb - ya), 1);
    for (let s = 0; s <= steps; s++)
      set(Math.round(xa + ((xb - xa) * s) / steps), Math.round(ya + ((yb - ya) * s) / steps), c);
  }
  for (let d = 0; d < 150; d++) set(randomInt(0, WIDTH), randomInt(0, HEIGHT), dark());
  return PNG.sync.write(png);
}

/** Stores a captcha answer (hashed) and returns its id. */
export async function storeCaptcha(db: Database, answer: string): Promise<string> {
  const id = randomUUID();
  await db.kysely
    .insertInto('captchas')
    .values({
      id,
      answer_hash: answerHash(id, answer),
      expires_at: sql<Date>`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`,
    })
    .execute();
  return id;
}

export async function newCaptcha(db: Database): Promise<{ captchaId: string; image: string }> {
  let answer = '';
  for (let i = 0; i < CAPTCHA_DIGITS; i++) answer += String(randomInt(0, 10));
  const captchaId = await storeCaptcha(db, answer);
  return { captchaId, image: drawCaptcha(answer).toString('base64') };
}

/** Uses the captcha up (right or wrong answer) and says whether the answer was right. */
export async function checkCaptcha(db: Database, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer) return false;
  const row = await db.kysely
    .updateTable('captchas')
    .set({ used: true })
    .where('id', '=', id)
    .where('used', '=', false)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('answer_hash')
    .executeTakeFirst();
  if (!row) return false;
  return timingSafeEqual(Buffer.from(row.answer_hash), answerHash(id, answer));
}
