import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from './client.ts';

/**
 * A fresh database per call: in-memory PGlite by default, or a new PostgreSQL database when the
 * suite runs in the `postgres` project (TEST_DATABASE_URL set).
 */
export async function freshDatabase(): Promise<Database> {
  const url = process.env.HX_TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) return openDatabase();
  const name = `hx_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
