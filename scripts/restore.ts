// npm run restore -- FILE: a backup (npm run backup) into DATA_DIR/db, which must be empty or
// absent; the server then starts on it as usual (migrating it if the backup is older).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isEmptyDir, restoreEmbedded } from '@hx/db';

const file = process.argv[2];
const db = join(resolve(process.env.DATA_DIR || './data'), 'db');
if (!file) {
  console.error('usage: npm run restore -- FILE   (into DATA_DIR/db, which must be empty)');
  process.exit(2);
}
if (!isEmptyDir(db)) {
  console.error(`${db} is not empty: restore refuses to overwrite a database (move it away first)`);
  process.exit(2);
}
try {
  await restoreEmbedded(readFileSync(file), db);
  console.log(`${file} restored into ${db}`);
} catch (err) {
  console.error(`restore failed: ${(err as Error).message}`);
  process.exit(1);
}
