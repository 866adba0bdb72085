import { imageDimensionsFromData } from 'image-dimensions';
import { AppError } from '../../lib/errors.ts';

/**
 * The largest image accepted: reviewers' browsers decode every pixel (4 bytes each), so a small
 * file whose header claims 60000×60000 would take gigabytes to show.
 */
export const IMAGE_MAX_SIDE = 8192;
export const IMAGE_MAX_PIXELS = 40_000_000;

/** The types accepted, with image-dimensions' name for each. */
const SIZE_TYPE = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
type ImageType = keyof typeof SIZE_TYPE;

/** The image type from the first bytes; names and declared types are not trusted. */
export function sniffImage(bytes: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (
    starts([0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'image/gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

function dimensionsOf(bytes: Uint8Array, type: ImageType) {
  try {
    const size = imageDimensionsFromData(bytes);
    return size?.type === SIZE_TYPE[type] ? size : null;
  } catch {
    return null;
  }
}

/**
 * The type of an image fit to store: one of the accepted types (FILE_NOT_IMAGE), whose header
 * reads (IMAGE_UNREADABLE) and gives a size a browser can show (IMAGE_TOO_LARGE).
 */
export function checkImage(bytes: Uint8Array): ImageType {
  const type = sniffImage(bytes);
  if (!type) throw new AppError('FILE_NOT_IMAGE');
  const size = dimensionsOf(bytes, type);
  if (!size || !(size.width > 0 && size.height > 0)) throw new AppError('IMAGE_UNREADABLE');
  if (
    Math.max(size.width, size.height) > IMAGE_MAX_SIDE ||
    size.width * size.height > IMAGE_MAX_PIXELS
  )
    throw new AppError('IMAGE_TOO_LARGE', {
      side: IMAGE_MAX_SIDE,
      megapixels: IMAGE_MAX_PIXELS / 1_000_000,
    });
  return type;
}
