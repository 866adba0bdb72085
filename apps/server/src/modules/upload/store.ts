import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { and, count, eq, gt } from 'drizzle-orm';
import { uploads, type Db } from '@hx/db';
import type { App } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';

export type Upload = typeof uploads.$inferSelect;

/** Uploads a user may make in 24 hours. */
export const UPLOADS_PER_DAY = 100;

/** The image type from the first bytes; names and declared types are not trusted. */
export function sniffImage(bytes: Uint8Array): string | null {
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

export const uploadUrl = (publicId: string) => `/api/upload/${publicId}`;
const PUBLIC_ID = /^[A-Za-z0-9_-]{32}$/;

/** The public id in an upload url (`/api/upload/<id>`, possibly with scheme and host). */
export function publicIdOf(url: string): string | null {
  const match = /(?:^|\/)api\/upload\/([A-Za-z0-9_-]+)$/.exec(url.trim());
  return match && PUBLIC_ID.test(match[1]!) ? match[1]! : null;
}

const folder = (app: App) => join(app.config.dataDir, 'uploads');

export async function saveUpload(app: App, userId: number, bytes: Buffer): Promise<string> {
  const mime = sniffImage(bytes);
  if (!mime) throw new AppError('FILE_NOT_IMAGE');
  const now = app.clock.now();
  const [recent] = await app.db
    .select({ n: count() })
    .from(uploads)
    .where(
      and(eq(uploads.userId, userId), gt(uploads.createdAt, new Date(now.getTime() - 86_400_000))),
    );
  if ((recent?.n ?? 0) >= UPLOADS_PER_DAY) throw new AppError('RATE_LIMITED');
  const publicId = randomBytes(24).toString('base64url');
  await mkdir(folder(app), { recursive: true });
  await writeFile(join(folder(app), publicId), bytes, { mode: 0o600 });
  await app.db
    .insert(uploads)
    .values({ publicId, userId, mime, size: bytes.length, createdAt: now });
  return uploadUrl(publicId);
}

export async function findUpload(db: Db, publicId: string): Promise<Upload | undefined> {
  if (!PUBLIC_ID.test(publicId)) return undefined;
  const [row] = await db.select().from(uploads).where(eq(uploads.publicId, publicId));
  return row;
}

export const readUpload = (app: App, upload: Upload) =>
  readFile(join(folder(app), upload.publicId));

/**
 * An upload url the user gives as evidence (KYC photo, voucher) must be one of their own
 * uploads; returns it in its canonical form. Anything else: UPLOAD_INVALID.
 */
export async function ownUpload(db: Db, userId: number, url: string): Promise<string> {
  const publicId = publicIdOf(url);
  const upload = publicId ? await findUpload(db, publicId) : undefined;
  if (!upload || upload.userId !== userId) throw new AppError('UPLOAD_INVALID');
  return uploadUrl(upload.publicId);
}
