// npm run backup -- FILE: a consistent copy of the embedded database (DATA_DIR/db) as a gzipped
// tar. A running server is asked for it on its local socket (DATA_DIR/backup.sock) and keeps
// serving; a stopped one is opened here and copied. PostgreSQL (DATABASE_URL): use pg_dump.
import {
  createReadStream,
  createWriteStream,
  existsSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { backupEmbedded, isEmptyDir, openDatabase } from '@hx/db';
import { backupSocketPath } from '../apps/server/src/lib/backup-socket.ts';

const file = process.argv[2];
const dataDir = resolve(process.env.DATA_DIR || './data');
if (!file) {
  console.error('usage: npm run backup -- FILE   (DATA_DIR: the server’s, ./data unless set)');
  process.exit(2);
}
if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations.md)');
  process.exit(2);
}

/** From the running server; false when none answers on the socket. */
async function fromServer(to: string): Promise<boolean> {
  const socket = connect(backupSocketPath(dataDir));
  const answered = await new Promise<boolean>((ok, fail) => {
    socket.once('connect', () => ok(true));
    socket.once('error', (err: NodeJS.ErrnoException) =>
      ['ENOENT', 'ECONNREFUSED'].includes(err.code ?? '') ? ok(false) : fail(err),
    );
  });
  if (!answered) return false;
  // Only the owner reads it: it holds every user's data.
  await pipeline(socket, createWriteStream(to, { mode: 0o600 }));
  return true;
}

/** No server runs on DATA_DIR: the database is opened here (migrated if it was behind). */
async function fromFiles(to: string): Promise<void> {
  const db = join(dataDir, 'db');
  if (isEmptyDir(db)) throw new Error(`${db} holds no database`);
  // Open elsewhere (a server that does not answer on the socket): copying it here could corrupt it.
  if (existsSync(join(db, 'postmaster.pid')))
    throw new Error(
      `${db} is open (postmaster.pid): stop that server, or remove the file if none runs`,
    );
  const database = await openDatabase({ dataDir: db });
  try {
    writeFileSync(to, await backupEmbedded(database.db), { mode: 0o600 });
  } finally {
    await database.close();
  }
}

/** The whole gzip stream reads to its end: a server that failed mid-way sent less. */
async function checkComplete(path: string): Promise<void> {
  const sink = new Writable({ write: (_chunk, _enc, done) => done() });
  await pipeline(createReadStream(path), createGunzip(), sink);
}

const partial = `${file}.partial`;
try {
  const live = await fromServer(partial);
  if (!live) await fromFiles(partial);
  await checkComplete(partial);
  // A copy cut short (the server stopped mid-way) is never left under the asked name.
  renameSync(partial, file);
  console.log(
    `${file}: backup of ${dataDir}/db ${live ? 'from the running server' : '(server stopped)'}`,
  );
} catch (err) {
  rmSync(partial, { force: true });
  console.error(`backup failed: ${(err as Error).message}`);
  process.exit(1);
}
