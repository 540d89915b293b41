import sharp, { type Metadata } from 'sharp';
import { MEDIA_LIMITS, REPORT_MESSAGES } from '@/contract/api/reports';

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
 */
export type ProcessResult =
  | { ok: true; bytes: Buffer; width: number; height: number; contentType: 'image/jpeg' }
  | { ok: false; message: string; status: 413 | 422 };

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'avif', 'heif', 'gif', 'tiff']);

export async function processImage(input: Buffer): Promise<ProcessResult> {
  if (input.byteLength > MEDIA_LIMITS.maxBytes) return { ok: false, status: 413, message: REPORT_MESSAGES.imageTooLarge };
  let meta: Metadata;
  try {
    // limitInputPixels makes sharp refuse a decompression bomb before it decodes the pixels.
    meta = await sharp(input, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' }).metadata();
  } catch {
    return { ok: false, status: 422, message: REPORT_MESSAGES.imageNotImage };
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    return { ok: false, status: 422, message: REPORT_MESSAGES.imageNotImage };
  }
  if (meta.width > MEDIA_LIMITS.maxSide || meta.height > MEDIA_LIMITS.maxSide || meta.width * meta.height > MEDIA_LIMITS.maxPixels) {
    return { ok: false, status: 413, message: REPORT_MESSAGES.imageTooManyPixels };
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MEDIA_LIMITS.maxPixels, failOn: 'error' })
      .rotate()
      .resize({ width: MEDIA_LIMITS.storedMaxSide, height: MEDIA_LIMITS.storedMaxSide, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColorspace('srgb')
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg' };
  } catch {
    // A file whose header reads but whose pixels do not decode (truncated, corrupt).
    return { ok: false, status: 422, message: REPORT_MESSAGES.imageNotImage };
  }
}
