import sharp, { type Metadata } from 'sharp';
import { MEDIA_LIMITS, REPORT_MESSAGES } from '@/contract/api/reports';
import { imageDecodes } from '../media/decode-slots';

/**
 * An uploaded image, checked by decoding it (never by its name or the browser's type) and
 * normalised into the one copy we store: upright (EXIF orientation applied), sRGB, at most
 * MEDIA_LIMITS.storedMaxSide on its longest side, JPEG. sharp writes no metadata unless asked
 * (withMetadata/keepMetadata), so EXIF — GPS position, camera serial — is gone from the result.
 *
 * One normalised copy, not one per width: next/image makes the responsive widths and AVIF/WebP
 * from it (next.config.ts deviceSizes, cached by the optimizer or Vercel's image cache), so the
 * database holds one row per image. JPEG because every consumer reads it: browsers, feed readers,
 * and crawlers that follow the JSON-LD and RSS image URLs.
 *
 * The header is read first (sharp's metadata() decodes no pixels): an image whose header names too
 * many pixels is refused as too large before anything is decoded, a decompression bomb included.
 * The decode itself waits for one of the instance's decoding slots (backend/media/decode-slots.ts),
 * so parallel uploads queue instead of each holding a decoded photo in memory at once.
 */
export type ProcessResult =
  | { ok: true; bytes: Buffer; width: number; height: number; contentType: 'image/jpeg' }
  | { ok: false; message: string; status: 413 | 422 };

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

const NOT_AN_IMAGE = { ok: false, status: 422, message: REPORT_MESSAGES.imageNotImage } as const;
const TOO_MANY_PIXELS = { ok: false, status: 413, message: REPORT_MESSAGES.imageTooManyPixels } as const;

const tooManyPixels = (width: number, height: number) => width > MEDIA_LIMITS.maxSide || height > MEDIA_LIMITS.maxSide || width * height > MEDIA_LIMITS.maxPixels;

/**
 * After sharp refused the header under limitInputPixels: read it again without the limit (still no
 * pixels decoded) to tell an image that is too large (a 30,000 × 30,000 PNG bomb) from a file that
 * is no image at all.
 */
async function headerNamesTooManyPixels(input: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
    return Boolean(meta.format && ACCEPTED_FORMATS.has(meta.format) && meta.width && meta.height && tooManyPixels(meta.width, meta.height));
  } catch {
    return false;
  }
}

export async function processImage(input: Buffer): Promise<ProcessResult> {
  if (input.byteLength > MEDIA_LIMITS.maxBytes) return { ok: false, status: 413, message: REPORT_MESSAGES.imageTooLarge };
  let meta: Metadata;
  try {
    // The header only; limitInputPixels makes sharp refuse a decompression bomb here already.
    meta = await sharp(input, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' }).metadata();
  } catch {
    return (await headerNamesTooManyPixels(input)) ? TOO_MANY_PIXELS : NOT_AN_IMAGE;
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) return NOT_AN_IMAGE;
  if (tooManyPixels(meta.width, meta.height)) return TOO_MANY_PIXELS;
  try {
    const { data, info } = await imageDecodes.run(() =>
      sharp(input, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' })
        .rotate()
        .resize({ width: MEDIA_LIMITS.storedMaxSide, height: MEDIA_LIMITS.storedMaxSide, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColorspace('srgb')
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true }),
    );
    return { ok: true, bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg' };
  } catch {
    // A file whose header reads but whose pixels do not decode (truncated, corrupt).
    return NOT_AN_IMAGE;
  }
}
