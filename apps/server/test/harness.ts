import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/platform/config';
import { type Database, openDatabase } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';
import { seedDemo } from '../src/seed/demo';
import { PG_ADMIN_URL, TEST_ENGINE, type Templates } from './templates';

/**
 * The database a test suite runs on: embedded PGlite (in memory) by default, or a fresh
 * PostgreSQL database with a unique name when KHELA_TEST_DB=postgres (dropped afterwards).
 */
export { TEST_ENGINE };

/** `url` is the PostgreSQL database's address (undefined on PGlite). */
export type TestDb = { db: Database; url?: string; drop(): Promise<void> };

/** The run's finished databases (global-setup.ts), when the suite was started with it. */
function templates(): Templates | undefined {
  return inject('databaseTemplates');
}

/** Each PGlite dump read once per test file: a test then only loads it. */
const dumps = new Map<string, Blob>();
function dump(file: string): Blob {
  let blob = dumps.get(file);
  if (!blob) {
    blob = new Blob([readFileSync(file)]);
    dumps.set(file, blob);
  }
  return blob;
}

/**
 * An embedded database, migrated (and demo-seeded with `seeded`), in memory or at `dataDir`
 * (whatever engine the suite runs on): a copy of the run's template when there is one.
 */
export async function openTestPglite(opts: { dataDir?: string; seeded?: boolean } = {}): Promise<Database> {
  const template = templates()?.pglite[opts.seeded ? 'seeded' : 'migrated'];
  const db = await openDatabase({
    dataDir: opts.dataDir,
    small: true,
    ...(template ? { loadDataDir: dump(template) } : {}),
  });
  if (!template) await migrate(db);
  if (!template && opts.seeded) await seedDemo(db);
  return db;
}

/**
 * `migrate: false` leaves the database empty, for a test that migrates it step by step;
 * `seeded` starts from the migrated database with the demo seed already in.
 * Both start from a copy of the run's template when there is one (the same migrations ran on it).
 */
export async function createTestDb(opts: { migrate?: boolean; seeded?: boolean } = {}): Promise<TestDb> {
  if (TEST_ENGINE === 'pglite') {
    const db =
      opts.migrate === false ? await openDatabase({ small: true }) : await openTestPglite({ seeded: opts.seeded });
    return { db, drop: () => db.close() };
  }
  const template = opts.migrate === false ? undefined : templates()?.postgres?.[opts.seeded ? 'seeded' : 'migrated'];
  const name = `khela_test_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = await openDatabase({ url: url.toString() });
  if (!template && opts.migrate !== false) await migrate(db);
  if (!template && opts.seeded) await seedDemo(db);
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
  const { db, url, drop } = await createTestDb({ seeded: opts.seed !== false });
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
