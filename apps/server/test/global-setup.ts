import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/platform/db';
import { migrate } from '../src/platform/migrate';
import { seedDemo } from '../src/seed/demo';
import { type Pair, PG_ADMIN_URL, TEST_ENGINE } from './templates';

/*
 * Migrates one database (and one more, demo-seeded) before any test file runs, so each test
 * copies a finished database instead of building it: on PGlite a dump of the data directory
 * that a new instance loads (a fresh PGlite otherwise runs initdb and every migration), on
 * PostgreSQL a template database that CREATE DATABASE copies.
 */

/** The PGlite data directory at `dataDir`, as a tarball file beside it. */
async function dumpTo(dataDir: string, file: string) {
  const lite = await PGlite.create(dataDir);
  const tar = await lite.dumpDataDir('none');
  await lite.close();
  writeFileSync(file, Buffer.from(await tar.arrayBuffer()));
}

/**
 * Also the browser tests' databases (e2e/src/global-setup.ts). `npm test` runs three suites on
 * the same migrations (the server's on PGlite, again on PostgreSQL, then the browser tests) and
 * names a directory of its own in KHELA_TEST_TEMPLATES: the first suite leaves its dumps there,
 * the others load them instead of building them again, and `npm test` removes it at the end.
 */
export async function pgliteTemplates(): Promise<{ templates: Pair; teardown(): void }> {
  const shared = process.env.KHELA_TEST_TEMPLATES;
  const dir = shared ?? mkdtempSync(path.join(tmpdir(), 'khela-test-template-'));
  const templates = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  const teardown = () => {
    if (!shared) rmSync(dir, { recursive: true, force: true });
  };
  // The seeded dump is written last: once it is there, both are.
  if (shared && existsSync(templates.seeded)) return { templates, teardown };
  const dataDir = mkdtempSync(path.join(dir, 'data-'));
  let db = await openDatabase({ dataDir, small: true });
  await migrate(db);
  await db.close();
  await dumpTo(dataDir, templates.migrated);
  db = await openDatabase({ dataDir, small: true });
  await seedDemo(db);
  await db.close();
  await dumpTo(dataDir, templates.seeded);
  rmSync(dataDir, { recursive: true, force: true });
  return { templates, teardown };
}

async function postgresTemplates(): Promise<{ templates: Pair; teardown(): Promise<void> }> {
  const base = `khela_template_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const templates = { migrated: `${base}_migrated`, seeded: `${base}_seeded` };
  const admin = async (statements: string[]) => {
    const a = new pg.Client({ connectionString: PG_ADMIN_URL });
    await a.connect();
    try {
      for (const s of statements) await a.query(s);
    } finally {
      await a.end();
    }
  };
  const at = (name: string) => {
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    return url.toString();
  };
  await admin([`CREATE DATABASE ${templates.migrated}`]);
  let db = await openDatabase({ url: at(templates.migrated) });
  await migrate(db);
  await db.close();
  // A template must have no connection open while it is copied: the pool above is closed.
  await admin([`CREATE DATABASE ${templates.seeded} TEMPLATE ${templates.migrated}`]);
  db = await openDatabase({ url: at(templates.seeded) });
  await seedDemo(db);
  await db.close();
  return {
    templates,
    teardown: () =>
      admin([
        `DROP DATABASE IF EXISTS ${templates.migrated} WITH (FORCE)`,
        `DROP DATABASE IF EXISTS ${templates.seeded} WITH (FORCE)`,
      ]),
  };
}

export default async function setup(project: TestProject) {
  const pglite = await pgliteTemplates();
  const postgres = TEST_ENGINE === 'postgres' ? await postgresTemplates() : undefined;
  project.provide('databaseTemplates', { pglite: pglite.templates, postgres: postgres?.templates });
  return async () => {
    pglite.teardown();
    await postgres?.teardown();
  };
}
