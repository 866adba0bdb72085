import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, type ErrorCode } from '@hx/protocol';

/**
 * Photos straight from a phone camera are often over the 5 MB upload limit. Those are scaled
 * down here, in the browser, before they are sent: at most 2560 px on the longest side (more
 * than a reviewer needs to read an ID card or a payment receipt) and JPEG at 0.85. No library:
 * the browser decodes (createImageBitmap) and encodes (canvas). What is still too large, or
 * cannot be decoded, gets the usual FILE_TOO_LARGE.
 */
export const SHRINK_MAX_SIDE = 2560;
export const SHRINK_QUALITY = 0.85;
/** Re-encoded as JPEG: photos. A GIF would lose its animation, so it is never shrunk. */
const SHRINKABLE = ['image/jpeg', 'image/png', 'image/webp'];

interface Chosen {
  size: number;
  type: string;
}

export type UploadDecision = 'send' | 'shrink' | 'FILE_TOO_LARGE' | 'FILE_NOT_IMAGE';

/** What to do with a chosen file: send it as it is, shrink it first, or refuse it (why). */
export function uploadDecision(file: Chosen, max = UPLOAD_MAX_BYTES): UploadDecision {
  if (file.size > max) return SHRINKABLE.includes(file.type) ? 'shrink' : 'FILE_TOO_LARGE';
  return (UPLOAD_TYPES as readonly string[]).includes(file.type) ? 'send' : 'FILE_NOT_IMAGE';
}

/** The size to draw at: the longest side at most `maxSide`, the shape kept, never enlarged. */
export function scaledSize(
  width: number,
  height: number,
  maxSide = SHRINK_MAX_SIDE,
): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** "IMG_0001.PNG" → "IMG_0001.jpg": the name says what the bytes now are. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, '');
  return `${base || 'image'}.jpg`;
}

/** Decodes and re-encodes one image; null when the browser cannot (not an image, no memory). */
async function shrink(file: File): Promise<File | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    // JPEG has no transparency: a transparent PNG gets white, not black, behind it.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', SHRINK_QUALITY),
    );
    return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg' }) : null;
  } catch {
    return null;
  }
}

/**
 * The file to upload, shrunk when it is a photo over the limit, or the catalogue code that
 * refuses it (the caller shows it in the user's language).
 */
export async function prepareUpload(file: File): Promise<File | ErrorCode> {
  const decision = uploadDecision(file);
  if (decision === 'send') return file;
  if (decision !== 'shrink') return decision;
  const smaller = await shrink(file);
  return smaller && uploadDecision(smaller) === 'send' ? smaller : 'FILE_TOO_LARGE';
}
