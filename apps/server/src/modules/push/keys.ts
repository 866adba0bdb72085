import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { meta, type Db } from '@hx/db';
import type { Config } from '../../config.ts';

/** The server's VAPID key pair, kept in `meta` (base64url, as web-push makes them). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY = 'push.vapid';

/**
 * The key pair, made on the first start and kept: browsers subscribed with its public key, so
 * it must outlive restarts. Several processes starting at once agree on the first one stored.
 */
export async function vapidKeys(db: Db, now: Date): Promise<VapidKeys> {
  const stored = await read(db);
  if (stored) return stored;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(meta)
    .values({ key: KEY, value: JSON.stringify(made), updatedAt: now.getTime() })
    .onConflictDoNothing();
  const kept = await read(db);
  if (!kept) throw new Error('the VAPID keys were not stored');
  return kept;
}

async function read(db: Db): Promise<VapidKeys | undefined> {
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, KEY));
  if (!row) return undefined;
  const { publicKey, privateKey } = JSON.parse(row.value) as Partial<VapidKeys>;
  if (typeof publicKey !== 'string' || typeof privateKey !== 'string')
    throw new Error(`meta ${KEY} is not a VAPID key pair`);
  return { publicKey, privateKey };
}

/**
 * Who runs this server, for the push services (the JWT's `sub`): VAPID_SUBJECT, else an https
 * PUBLIC_URL, else the operator's ADMIN_EMAIL, else a placeholder (docs/operations.md).
 */
export function vapidSubject(config: Config): string {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  if (config.adminEmail) return `mailto:${config.adminEmail}`;
  return 'mailto:push@example.invalid';
}
