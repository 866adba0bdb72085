import { chmodSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { backupEmbedded, type Db } from '@hx/db';

/** Where a running server with the embedded database answers `npm run backup`. */
export const backupSocketPath = (dataDir: string) => join(dataDir, 'backup.sock');

/**
 * A local socket, readable only by the server's own user, answering every connection with a
 * consistent copy of the embedded database (then closing it). Only the process holding the
 * database can copy it safely while it runs; a socket keeps that off the network.
 */
export async function serveBackups(
  db: Db,
  path: string,
  log: FastifyBaseLogger,
): Promise<Server | null> {
  // A socket file left by a process that died: nothing listens on it any more.
  rmSync(path, { force: true });
  const server = createServer((socket) => {
    const started = Date.now();
    backupEmbedded(db).then(
      (bytes) => {
        socket.end(bytes);
        log.info({ bytes: bytes.length, ms: Date.now() - started }, 'database backup sent');
      },
      (err: unknown) => {
        log.error({ err }, 'database backup failed');
        socket.destroy();
      },
    );
    socket.on('error', (err) => log.warn({ err }, 'database backup not received'));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, resolve);
    });
  } catch (err) {
    // E.g. a DATA_DIR path longer than a socket's (about 100 bytes): the server runs on.
    log.error(
      { err, path },
      'database backups not served: npm run backup needs the server stopped',
    );
    return null;
  }
  chmodSync(path, 0o600);
  server.unref();
  return server;
}
