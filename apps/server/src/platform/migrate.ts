import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Kysely, sql } from 'kysely';
import type { Database } from './db';
import type { DB } from './schema';

const MIGRATIONS_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../migrations');
/** Arbitrary constant: the advisory lock that lets only one process migrate at a time. */
const MIGRATION_LOCK = 4_242_001;

/**
 * A migration that SQL alone cannot write (e.g. reading stored phone numbers with the
 * phone-number library): `migrations/NNNN-name.ts` exporting `up`, run in the same transaction
 * as the SQL ones. It writes its statements with `sql` and never imports the app's repos, which
 * move on while a migration must not.
 */
export type CodeMigration = { up(db: Kysely<DB>): Promise<void> };

/**
 * Applies `migrations/NNNN-name.sql` (and `.ts`, see CodeMigration) in order, each once, in one
 * transaction holding an advisory lock, so several server processes starting together migrate
 * exactly once. The same SQL runs on PostgreSQL 15 and PGlite.
 */
export async function migrate(db: Database, opts: { before?: string } = {}): Promise<string[]> {
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}-[\w-]+\.(sql|ts)$/.test(f))
    // `before`: a migration's test stops short of it, writes the rows it must convert, then goes on.
    .filter((f) => !opts.before || f < opts.before)
    .sort();
  return db.kysely.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql
      .raw(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      )
      .execute(trx);
    const done = new Set(
      (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(trx)).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const where = path.join(MIGRATIONS_DIR, file);
      if (file.endsWith('.ts')) await ((await import(pathToFileURL(where).href)) as CodeMigration).up(trx);
      else await sql.raw(readFileSync(where, 'utf8')).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(trx);
      applied.push(file);
    }
    return applied;
  });
}
