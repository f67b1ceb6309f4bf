import type { AvatarType } from '@khela/contract';

/**
 * Reads an uploaded picture without decoding it: its type from its first bytes (never from a
 * file name or a declared Content-Type), its pixel size from its header, and a copy without the
 * metadata a phone writes into photos (EXIF with the place it was taken, XMP, comments).
 * PNG, JPEG and WebP only; anything else, or a file whose structure does not hold together, is
 * `null`. The browser decodes the picture later, served with its own Content-Type and nosniff.
 */
export type InspectedImage = { type: AvatarType; width: number; height: number; bytes: Buffer };

export function inspectImage(input: Buffer): InspectedImage | null {
  try {
    if (isPng(input)) return png(input);
    if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return jpeg(input);
    if (input.length >= 12 && input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WEBP')
      return webp(input);
  } catch (err) {
    // A length that points past the end: a broken or hostile file, never a server error.
    if (err instanceof RangeError) return null;
    throw err;
  }
  return null;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (b: Buffer) => b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE);

/** Text, EXIF and time chunks: nothing a picture needs to be drawn. */
const PNG_METADATA = new Set(['tEXt', 'zTXt', 'iTXt', 'eXIf', 'tIME']);

function png(b: Buffer): InspectedImage | null {
  const kept: Buffer[] = [PNG_SIGNATURE];
  let at = 8;
  let width = 0;
  let height = 0;
  let first = true;
  while (at + 12 <= b.length) {
    const length = b.readUInt32BE(at);
    const type = b.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (length > 0x7fffffff || end > b.length) return null;
    if (first) {
      if (type !== 'IHDR' || length !== 13) return null;
      width = b.readUInt32BE(at + 8);
      height = b.readUInt32BE(at + 12);
      first = false;
    }
    if (!PNG_METADATA.has(type)) kept.push(b.subarray(at, end));
    at = end;
    if (type === 'IEND')
      return width && height ? { type: 'image/png', width, height, bytes: Buffer.concat(kept) } : null;
  }
  return null;
}

/** SOF markers: baseline, extended, progressive, lossless (not DHT C4, JPG C8, DAC CC). */
const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
/** Kept application segments: JFIF (APP0), the colour profile (APP2) and Adobe's colour transform (APP14). */
const JPEG_KEPT_APP = new Set([0xe0, 0xe2, 0xee]);

function jpeg(b: Buffer): InspectedImage | null {
  const kept: Buffer[] = [b.subarray(0, 2)];
  let at = 2;
  let width = 0;
  let height = 0;
  while (at < b.length) {
    if (b[at] !== 0xff) return null;
    // Any number of 0xFF fill bytes may come before a marker.
    while (b[at] === 0xff) at++;
    const marker = b.readUInt8(at);
    const start = at - 1;
    at++;
    if (marker === 0xd9) return null; // EOI before any scan: no picture
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      kept.push(b.subarray(start, at));
      continue;
    }
    const length = b.readUInt16BE(at);
    if (length < 2 || at + length > b.length) return null;
    const end = at + length;
    if (JPEG_SOF.has(marker)) {
      if (length < 8) return null;
      height = b.readUInt16BE(at + 3);
      width = b.readUInt16BE(at + 5);
    }
    if (marker === 0xda) {
      // Start of scan: the compressed data and everything after it is kept as it is.
      if (!width || !height) return null;
      kept.push(b.subarray(start));
      return { type: 'image/jpeg', width, height, bytes: Buffer.concat(kept) };
    }
    const isMetadata = (marker >= 0xe0 && marker <= 0xef && !JPEG_KEPT_APP.has(marker)) || marker === 0xfe;
    if (!isMetadata) kept.push(b.subarray(start, end));
    at = end;
  }
  return null;
}

const WEBP_METADATA = new Set(['EXIF', 'XMP ']);
/** VP8X flag bits that announce EXIF and XMP chunks. */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function webp(b: Buffer): InspectedImage | null {
  const riffEnd = 8 + b.readUInt32LE(4);
  if (riffEnd > b.length || riffEnd < 20) return null;
  const kept: Buffer[] = [];
  let at = 12;
  let width = 0;
  let height = 0;
  let first = true;
  while (at + 8 <= riffEnd) {
    const type = b.toString('latin1', at, at + 4);
    const size = b.readUInt32LE(at + 4);
    const end = at + 8 + size + (size & 1);
    if (at + 8 + size > riffEnd) return null;
    const data = b.subarray(at + 8, at + 8 + size);
    if (first) {
      const dims = webpSize(type, data);
      if (!dims) return null;
      [width, height] = dims;
      first = false;
    }
    if (!WEBP_METADATA.has(type)) {
      const chunk = Buffer.from(b.subarray(at, Math.min(end, riffEnd)));
      if (type === 'VP8X') chunk[8] = (chunk[8] ?? 0) & ~(VP8X_EXIF | VP8X_XMP);
      kept.push(chunk);
    }
    at = end;
  }
  if (first || !width || !height) return null;
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(body.length + 4, 4);
  header.write('WEBP', 8, 'latin1');
  return { type: 'image/webp', width, height, bytes: Buffer.concat([header, body]) };
}

/** The canvas size from the first chunk: VP8X (extended), VP8 (lossy) or VP8L (lossless). */
function webpSize(type: string, d: Buffer): [number, number] | null {
  if (type === 'VP8X') {
    if (d.length < 10) return null;
    return [d.readUIntLE(4, 3) + 1, d.readUIntLE(7, 3) + 1];
  }
  if (type === 'VP8 ') {
    // 3-byte frame tag, then the start code 9D 01 2A and two 14-bit sizes.
    if (d.length < 10 || d[3] !== 0x9d || d[4] !== 0x01 || d[5] !== 0x2a) return null;
    return [d.readUInt16LE(6) & 0x3fff, d.readUInt16LE(8) & 0x3fff];
  }
  if (type === 'VP8L') {
    if (d.length < 5 || d[0] !== 0x2f) return null;
    const bits = d.readUInt32LE(1);
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  return null;
}
