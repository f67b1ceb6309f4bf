import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/platform/config';
import { type Database, openDatabase } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';
import { seedDemo } from '../src/seed/demo';

/**
 * The database a test suite runs on: embedded PGlite (in memory) by default, or a fresh
 * PostgreSQL database with a unique name when KHELA_TEST_DB=postgres (dropped afterwards).
 */
export const TEST_ENGINE = process.env.KHELA_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const PG_ADMIN_URL = process.env.KHELA_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** `url` is the PostgreSQL database's address (undefined on PGlite). */
export type TestDb = { db: Database; url?: string; drop(): Promise<void> };

/** `migrate: false` leaves the database empty, for a test that migrates it step by step. */
export async function createTestDb(opts: { migrate?: boolean } = {}): Promise<TestDb> {
  if (TEST_ENGINE === 'pglite') {
    const db = await openDatabase({});
    if (opts.migrate !== false) await migrate(db);
    return { db, drop: () => db.close() };
  }
  const name = `khela_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  if (opts.migrate !== false) await migrate(db);
  return {
    db,
    url: url.toString(),
    async drop() {
      await db.close();
      const a = new pg.Client({ connectionString: PG_ADMIN_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export type TestApp = { app: FastifyInstance; db: Database; config: Config; close(): Promise<void> };

/** A real app over a real, migrated and demo-seeded database, for `app.inject` tests. */
export async function createTestApp(env: Record<string, string> = {}, opts: { seed?: boolean } = {}): Promise<TestApp> {
  const { db, url, drop } = await createTestDb();
  if (opts.seed !== false) await seedDemo(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ADMIN_DIST: '/nonexistent',
    ...(url ? { DATABASE_URL: url } : {}),
    ...env,
  });
  const app = await buildApp(config, db);
  await app.ready();
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await drop();
    },
  };
}
