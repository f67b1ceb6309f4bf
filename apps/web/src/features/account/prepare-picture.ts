import { AVATAR_MAX_BYTES, AVATAR_TYPES, AVATAR_UPLOAD_EDGE } from '@khela/contract/avatar-rules';

/** A picture this browser already knows the server would refuse; `messageKey` says why. */
export class PictureError extends Error {
  constructor(readonly messageKey: string) {
    super(messageKey);
  }
}

/**
 * Readies a chosen picture for PUT /wps/member/info/icon as base64. Where the browser can draw
 * it, it is cropped to a centred square and scaled down to 512 pixels a side — a phone photo
 * of several megabytes becomes a few dozen kilobytes, drawn the right way up, without the
 * camera's metadata. Otherwise (or if it is no picture at all) the file goes as it is and the
 * server, which decides by the bytes, answers.
 */
export async function preparePicture(file: Blob): Promise<string> {
  const scaled = await scaleDown(file).catch(() => null);
  if (!scaled && file.size > AVATAR_MAX_BYTES) {
    const known = (AVATAR_TYPES as readonly string[]).includes(file.type);
    throw new PictureError(known ? 'errors.AVATAR_TOO_LARGE' : 'errors.AVATAR_NOT_IMAGE');
  }
  return toBase64(scaled ?? file);
}

async function scaleDown(file: Blob): Promise<Blob | null> {
  if (typeof createImageBitmap !== 'function') return null;
  const bitmap = await createImageBitmap(file);
  try {
    const side = Math.min(bitmap.width, bitmap.height);
    const edge = Math.min(side, AVATAR_UPLOAD_EDGE);
    if (edge < 1) return null;
    const canvas = document.createElement('canvas');
    canvas.width = edge;
    canvas.height = edge;
    const g = canvas.getContext('2d');
    if (!g) return null;
    g.imageSmoothingQuality = 'high';
    g.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, edge, edge);
    // WebP where the browser writes it; toBlob gives PNG where it does not.
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/webp', 0.9));
  } finally {
    bitmap.close();
  }
}

function toBase64(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });
}
